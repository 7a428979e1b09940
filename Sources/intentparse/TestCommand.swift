import ArgumentParser
import Foundation
import IntentParse
import IntentParseCorpus

/// `intentparse test [Corpus/...]`: runs regression corpora; exit 1 when a case fails.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run regression corpora and report every failure as expected vs actual."
    )

    @OptionGroup var options: CommonOptions

    @Argument(help: "Corpus files or folders.")
    var paths: [String] = ["Corpus"]

    @Option(help: "Run only cases carrying this tag.")
    var only: String?

    func run() throws {
        let parser = try options.loadParser()
        let corpus: Corpus
        do {
            corpus = try CorpusLoader().load(paths: paths)
        } catch let error as DiagnosticError {
            DiagnosticPrinter.standardError.print(error.diagnostics)
            throw ExitCode(2)
        }
        let selected = { (tags: [String]) in only.map(tags.contains) ?? true }
        let outcomes = CorpusRunner(parser: parser).run(corpus.cases.filter { selected($0.tags) })
        for outcome in outcomes where !outcome.passed {
            print(CorpusReport.failure(outcome))
        }
        let runner = DialogueRunner(parser: parser)
        let dialogues = corpus.dialogues.filter { selected($0.tags) }
        let dialogueOutcomes = Blocking.run { [dialogues] in
            var results: [DialogueOutcome] = []
            for dialogue in dialogues { results.append(await runner.run(dialogue)) }
            return results
        }
        for outcome in dialogueOutcomes where !outcome.passed {
            print(CorpusReport.failure(outcome))
        }
        let failed = outcomes.filter { !$0.passed }.count + dialogueOutcomes.filter { !$0.passed }.count
        let total = outcomes.count + dialogueOutcomes.count
        print("\(total - failed) passed, \(failed) failed")
        if failed > 0 { throw ExitCode(1) }
    }
}

enum CorpusReport {
    static func failure(_ outcome: CaseOutcome) -> String {
        var lines = ["\(outcome.testCase.location): FAIL \"\(outcome.testCase.sentence)\""]
        lines += outcome.differences.map { "    \($0)" }
        lines.append("    actual: " + ResultJSON.line(outcome.result))
        return lines.joined(separator: "\n")
    }

    static func failure(_ outcome: DialogueOutcome) -> String {
        let at = outcome.failedTurn.map { SourceLocation(file: outcome.dialogue.file, line: $0.line) } ?? outcome.dialogue.location
        var lines = ["\(at): FAIL dialogue \"\(outcome.dialogue.name)\""]
        lines += outcome.differences.map { "    \($0)" }
        lines.append("    transcript:")
        for (user, system) in outcome.transcript {
            lines.append("      > \(user)")
            lines.append("      \(system.prompt)  [\(system.state.rawValue)\(system.parameter.map { " \($0)" } ?? "")]")
        }
        return lines.joined(separator: "\n")
    }
}

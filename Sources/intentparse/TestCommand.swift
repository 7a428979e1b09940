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
        let cases: [CorpusCase]
        do {
            cases = try CorpusLoader().load(paths: paths).filter { only == nil || $0.tags.contains(only ?? "") }
        } catch let error as DiagnosticError {
            DiagnosticPrinter.standardError.print(error.diagnostics)
            throw ExitCode(2)
        }
        let outcomes = CorpusRunner(parser: parser).run(cases)
        for outcome in outcomes where !outcome.passed {
            print(CorpusReport.failure(outcome))
        }
        let failed = outcomes.filter { !$0.passed }.count
        print("\(outcomes.count - failed) passed, \(failed) failed")
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
}

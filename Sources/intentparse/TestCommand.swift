import ArgumentParser
import Foundation
import IntentParse
import IntentParseBase
import IntentParseCorpus
import IntentParseNormalization

/// `intentparse test [Corpus/...]`: runs regression corpora (sentences and dialogues), prints
/// failures and accuracy metrics, ends with "N passed, N failed"; exit 1 when a case fails.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run regression corpora; report failures as expected vs actual, and accuracy metrics."
    )

    @OptionGroup var options: CommonOptions

    @Argument(help: "Corpus files (.yaml) or request files (.jsonl: {\"text\", \"intent\", \"slots\"?} a line), or folders of them.")
    var paths: [String] = ["Corpus"]

    @Option(help: "Run only cases carrying this tag.")
    var only: String?

    @Flag(help: "Show each failure in full: the actual JSON line, or the dialogue transcript.")
    var showFailures = false

    @Option(help: "Also write a JUnit XML report to this file.")
    var junit: String?

    @Option(
        help: ArgumentHelp(
            "Run Home Assistant's tests (tests/<lang>/*.yaml) on its sentence files, unchanged, in a checkout of home-assistant/intents.",
            valueName: "folder"))
    var hassil: String?

    @Option(
        help: ArgumentHelp(
            "With --hassil: a YAML file of the least pass rate (percent) per language; a language below it fails the run.", valueName: "file"))
    var passRates: String?

    func run() throws {
        if let hassil {
            try runConformance(URL(fileURLWithPath: hassil))
            return
        }
        try checkJUnitFolder()
        let parser = try options.loadParser()
        let corpus: Corpus
        do {
            corpus = try CorpusLoader(for: parser).load(paths: paths)
        } catch let error as DiagnosticError {
            DiagnosticPrinter.standardError.print(error.diagnostics)
            throw ExitCode(2)
        }
        // --locale xx runs the cases written in xx (only its grammar is loaded), and requests
        // that name no language; --locale auto runs every case with the language left to find,
        // as `parse` does by default.
        let language = options.localeOption.flatMap { $0 == "auto" ? nil : Normalizer.language(of: $0) }
        let selected = { (tags: [String], locale: String) in
            (only.map(tags.contains) ?? true) && (language.map { locale == "auto" || Normalizer.language(of: locale) == $0 } ?? true)
        }
        let cases = corpus.cases.filter { selected($0.tags, $0.locale) }
        let dialogues = corpus.dialogues.filter { selected($0.tags, $0.locale) }
        if cases.isEmpty, dialogues.isEmpty {
            DiagnosticPrinter.standardError.printMessage("error: " + TestSelection.nothingSelected(corpus, only: only, language: language))
            throw ExitCode(2)
        }
        let runLocale = options.localeOption == "auto" ? "auto" : nil
        let progress = Progress(total: cases.count + dialogues.count)
        let runner = CorpusRunner(parser: parser, locale: runLocale)
        let outcomes = cases.map { testCase in
            progress.step()
            return runner.run(testCase)
        }
        let dialogueRunner = DialogueRunner(parser: parser, locale: runLocale)
        let dialogueOutcomes = Blocking.run { [dialogues] in
            var results: [DialogueOutcome] = []
            for dialogue in dialogues {
                progress.step()
                results.append(await dialogueRunner.run(dialogue))
            }
            return results
        }
        progress.finish()
        let metrics = CorpusMetrics(cases: outcomes, dialogues: dialogueOutcomes)
        if let junit {
            SignalCleanup.install()
            do {
                try AtomicFile.write(Data(CorpusReports.junit(cases: outcomes, dialogues: dialogueOutcomes).utf8), to: junit)
            } catch {
                DiagnosticPrinter.standardError.printMessage("\(junit): error: cannot write the JUnit report: \(error)")
                throw ExitCode(2)
            }
        }
        let failed = outcomes.filter { !$0.passed }.count + dialogueOutcomes.filter { !$0.passed }.count
        if (options.format ?? .text) == .json {
            print(CorpusReports.json(metrics, cases: outcomes, dialogues: dialogueOutcomes).serialized)
        } else {
            for outcome in outcomes where !outcome.passed { print(CorpusReport.failure(outcome, full: showFailures)) }
            for outcome in dialogueOutcomes where !outcome.passed { print(CorpusReport.failure(outcome, full: showFailures)) }
            print(CorpusReports.summary(metrics))
            print("\(outcomes.count + dialogueOutcomes.count - failed) passed, \(failed) failed")
        }
        if failed > 0 { throw ExitCode(1) }
    }
}

/// Why `test` has no case to run: a tag no case carries (the known tags listed), a language
/// no case is written in, or no case at all — a typo must not pass as "0 passed, 0 failed".
enum TestSelection {
    static func nothingSelected(_ corpus: Corpus, only: String?, language: String?) -> String {
        let tags = Set(corpus.cases.flatMap(\.tags) + corpus.dialogues.flatMap(\.tags)).sorted()
        if let only, !tags.contains(only) {
            let known = tags.isEmpty ? "no case has a tag" : "the tags are " + tags.joined(separator: ", ")
            return "--only '\(only)': no case carries this tag\(Suggestions.didYouMean(only, in: tags)); \(known)"
        }
        let languages = Set((corpus.cases.map(\.locale) + corpus.dialogues.map(\.locale)).map(Normalizer.language(of:))).sorted()
        if let language, !languages.contains(language) {
            let known = languages.isEmpty ? "" : "; the cases are in " + languages.joined(separator: ", ")
            return "--locale '\(language)': no case is written in this language\(known)"
        }
        if let only, let language { return "no case in '\(language)' carries tag '\(only)'" }
        return "no case to run: the corpus files have no tests or dialogues"
    }
}

extension TestCommand {
    /// The --junit report's folder takes a file: found out before the run, not after it.
    func checkJUnitFolder() throws {
        guard let junit else { return }
        let folder = URL(fileURLWithPath: junit).deletingLastPathComponent().path
        do {
            try AtomicFile.probeWritable(folder: folder)
        } catch {
            DiagnosticPrinter.standardError.printMessage("\(junit): error: cannot write the JUnit report in \(folder): \(error)")
            throw ExitCode(2)
        }
    }
}

enum CorpusReport {
    static func failure(_ outcome: CaseOutcome, full: Bool) -> String {
        var lines = ["\(outcome.testCase.location): FAIL \"\(outcome.testCase.sentence)\""]
        lines += outcome.differences.map { "    \($0)" }
        if full { lines.append("    actual: " + ResultJSON.line(outcome.result)) }
        return lines.joined(separator: "\n")
    }

    static func failure(_ outcome: DialogueOutcome, full: Bool) -> String {
        let at = outcome.failedTurn.map { SourceLocation(file: outcome.dialogue.file, line: $0.line) } ?? outcome.dialogue.location
        var lines = ["\(at): FAIL dialogue \"\(outcome.dialogue.name)\""]
        lines += outcome.differences.map { "    \($0)" }
        if full {
            lines.append("    transcript:")
            for (user, system) in outcome.transcript {
                lines.append("      > \(user)")
                lines.append("      \(system.prompt)  [\(system.state.rawValue)\(system.parameter.map { " \($0)" } ?? "")]")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// "123/441" on standard error while a long run goes on, only on a terminal and only after a
/// second, so pipes and CI logs stay clean.
final class Progress: @unchecked Sendable {
    private let total: Int
    private var done = 0
    private let start = ContinuousClock.now
    private var lastPrint = ContinuousClock.now
    private var printed = false
    private let enabled = isatty(2) != 0
    private let lock = NSLock()

    init(total: Int) { self.total = total }

    func step() {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        guard enabled, ContinuousClock.now - start > .seconds(1), ContinuousClock.now - lastPrint > .milliseconds(100) else { return }
        lastPrint = ContinuousClock.now
        printed = true
        FileHandle.standardError.write(Data("\r\(done)/\(total)".utf8))
    }

    func finish() {
        if printed { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}

extension TestCommand {
    /// `--hassil`: every language of the checkout (or `--locale`'s), its failures, then one line
    /// per language and the totals; exit 1 when a language falls below its `--pass-rates` record.
    func runConformance(_ folder: URL) throws {
        let conformance = HassilConformance(folder: folder)
        var languages = conformance.languages()
        if let locale = options.localeOption, locale != "auto" { languages = languages.filter { $0 == locale } }
        guard !languages.isEmpty else {
            DiagnosticPrinter.standardError.printMessage(
                "\(folder.path): error: no language has both sentences/<lang>/ and tests/<lang>/ (a checkout of home-assistant/intents)")
            throw ExitCode(2)
        }
        let records = try passRateRecords()
        var results: [HassilConformance.LanguageResult] = []
        for language in languages {
            do {
                results.append(try conformance.run(language: language, cache: CompiledGrammarCache.fromEnvironment()))
            } catch let error as DiagnosticError {
                DiagnosticPrinter.standardError.print(error.diagnostics)
                throw ExitCode(2)
            }
        }
        for result in results {
            for failure in result.failed {
                print((["\(failure.location): FAIL \"\(failure.sentence)\""] + failure.differences.map { "    \($0)" }).joined(separator: "\n"))
            }
        }
        var below: [String] = []
        for result in results {
            let perSentence = result.total == 0 ? 0 : result.parseMicroseconds / Double(result.total)
            // NB: the mean of timed rounds after the checked one (`HassilConformance.timedRounds`).
            var line = "\(result.language): \(result.passed) passed, \(result.failed.count) failed ("
            line += String(format: "%.1f %%", result.passRate) + ")"
            if result.skipped > 0 { line += ", \(result.skipped) skipped (listed in _test_failures.yaml)" }
            line += String(format: "; %.1f µs a sentence, warm", perSentence)
            if let record = records[result.language] {
                line += String(format: "; record %.1f %%", record)
                if result.passRate + 1e-9 < record { below.append(result.language) }
            }
            print(line)
        }
        let passed = results.map(\.passed).reduce(0, +), failed = results.map(\.failed.count).reduce(0, +)
        print("\(passed) passed, \(failed) failed")
        if !below.isEmpty {
            DiagnosticPrinter.standardError.printMessage("error: below the recorded pass rate: \(below.joined(separator: ", ")) (\(passRates ?? ""))")
            throw ExitCode(1)
        }
    }

    /// `--pass-rates`: language → least pass rate in percent.
    private func passRateRecords() throws -> [String: Double] {
        guard let passRates else { return [:] }
        do {
            return try HassilConformance.passRates(file: passRates)
        } catch let error as DiagnosticError {
            DiagnosticPrinter.standardError.print(error.diagnostics)
            throw ExitCode(2)
        }
    }
}

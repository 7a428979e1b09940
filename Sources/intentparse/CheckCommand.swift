import ArgumentParser
import Foundation
import IntentParse
import IntentParseBase
import IntentParseMatching
import IntentParseNormalization
import IntentParseVocabulary

/// `intentparse check`: grammars and vocabulary load cleanly, and every IntentExample in every
/// app's AppIntentVocabulary.plist parses to its intent for its app.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate grammars and vocabulary; prove every IntentExample parses.",
        discussion:
            "Exit status: 0 all good; 1 an IntentExample does not parse as promised; 2 a file has errors (an app with errors included; with --strict, also templates for intents no loaded app declares)."
    )

    @OptionGroup var options: CommonOptions

    @Option(name: .customLong("corpus"), help: "Corpus folder, to find grammar files that have no corpus file of the same name (default: Corpus).")
    var corpusOption: String?

    /// The corpus folder: --corpus, which must be a folder, or `Corpus` (which may be missing:
    /// then every grammar file gets a warning).
    var corpus: String { corpusOption ?? "Corpus" }

    func validate() throws {
        var isFolder: ObjCBool = false
        if let corpusOption, !(FileManager.default.fileExists(atPath: corpusOption, isDirectory: &isFolder) && isFolder.boolValue) {
            throw ValidationError("--corpus '\(corpusOption)' is not a folder (the corpus whose files pair with the grammar files)")
        }
    }

    func run() throws {
        var report = CheckReport()
        let json = options.format == .json
        let parser: IntentParser
        do {
            parser = try options.loadParser(appsMustLoad: true) { diagnostics in
                if json { report.diagnostics += diagnostics } else { DiagnosticPrinter.standardError.print(diagnostics) }
            }
        } catch let exit as ExitCode {
            if json, report.diagnostics.contains(where: { $0.severity == .error }) { print(report.json.serialized) }
            throw exit
        }
        report.diagnostics += parser.inactiveIntents
        try checkExamples(parser, into: &report)
        report.diagnostics += uncoveredGrammars(parser)
        report.apps = parser.apps.count
        report.locales = parser.locales
        report.templates = parser.matchers.values.map(\.grammar.templateCount).reduce(0, +)
        if json {
            print(report.json.serialized)
        } else {
            DiagnosticPrinter.standardError.print(report.diagnostics)
            print(report.summary)
        }
        if report.failedExamples > 0 { throw ExitCode(1) }
    }

    /// Every IntentExample of every app must parse to its intent for its app; those that do only
    /// through the template learned from them get a note.
    private func checkExamples(_ parser: IntentParser, into report: inout CheckReport) throws {
        let handWritten = try parser.recompiled(options: IntentParser.Options(learnFromExamples: false))
        var notes: [Diagnostic] = []
        for app in parser.apps {
            for (language, localized) in app.localizations.sorted(by: { $0.key < $1.key }) {
                guard let locale = IntentExampleCheck.locale(for: language, app: app, parser: parser) else { continue }
                for phrases in localized.intentPhrases {
                    for (index, example) in phrases.examples.enumerated() {
                        report.examples += 1
                        let location = SourceLocation(
                            file: "\(app.path)/\(localized.folder)/AppIntentVocabulary.plist",
                            keyPath: "IntentPhrases[\(phrases.intent)].IntentExamples[\(index)]")
                        let context = MatchContext(app: app.identifier)
                        if let problem = IntentExampleCheck.problem(
                            parser.parse(example, locale: locale, context: context), intent: phrases.intent, app: app)
                        {
                            report.failedExamples += 1
                            report.diagnostics.append(.error(location, "\"\(example)\" \(problem)"))
                        } else if IntentExampleCheck.problem(
                            handWritten.parse(example, locale: locale, context: context), intent: phrases.intent, app: app) != nil
                        {
                            report.learnedOnly += 1
                            notes.append(
                                Diagnostic(
                                    .note, location,
                                    "\"\(example)\" parses only with the template learned from this example; no grammar template covers it"))
                        }
                    }
                }
            }
        }
        report.diagnostics += notes
    }

    /// Grammar files without a same-named corpus file (home-assistant/intents keeps them paired).
    private func uncoveredGrammars(_ parser: IntentParser) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for (locale, grammar) in parser.grammars.sorted(by: { $0.key < $1.key }) {
            for file in grammar.files {
                let name = (file as NSString).lastPathComponent
                if name.hasPrefix("_") { continue }
                let corpusFile = (corpus as NSString).appendingPathComponent("\(locale)/\(name)")
                if !FileManager.default.fileExists(atPath: corpusFile) {
                    found.append(.warning(SourceLocation(file: file), "no corpus file \(corpusFile) tests this grammar"))
                }
            }
        }
        return found
    }
}

/// What `check` found: counts, and every diagnostic (load problems, inactive intents,
/// IntentExamples that do not parse as promised, grammars without a corpus file).
struct CheckReport {
    var apps = 0
    var locales: [String] = []
    var templates = 0
    var examples = 0
    var failedExamples = 0
    var learnedOnly = 0
    var diagnostics: [Diagnostic] = []

    var summary: String {
        "check: \(apps) apps, \(locales.count) locale(s), \(templates) templates; \(examples - failedExamples) of \(examples) IntentExamples parse as promised (\(learnedOnly) only through learned templates)"
    }

    /// `check --format json`: one object, documented in the README.
    var json: JSONValue {
        func count(_ severity: Diagnostic.Severity) -> JSONValue { .number(Double(diagnostics.filter { $0.severity == severity }.count)) }
        return .object([
            ("apps", .number(Double(apps))),
            ("locales", .array(locales.map { .string($0) })),
            ("templates", .number(Double(templates))),
            (
                "intentExamples",
                .object([
                    ("total", .number(Double(examples))), ("passed", .number(Double(examples - failedExamples))),
                    ("failed", .number(Double(failedExamples))), ("onlyLearned", .number(Double(learnedOnly)))
                ])
            ),
            ("errors", count(.error)),
            ("warnings", count(.warning)),
            ("notes", count(.note)),
            ("diagnostics", .array(diagnostics.map(\.json)))
        ])
    }
}

enum IntentExampleCheck {
    /// The grammar locale for an `.lproj` folder: itself, its language, or the app's development region.
    static func locale(for folder: String, app: AppVocabulary, parser: IntentParser) -> String? {
        // Base.lproj speaks the development region's language; without one, every locale is tried.
        let candidates = folder == "Base" ? [app.developmentRegion].compactMap { $0 } : [folder, Normalizer.language(of: folder)]
        if folder == "Base", app.developmentRegion == nil { return "auto" }
        return candidates.first { parser.matchers[$0] != nil }
    }

    static func problem(_ result: MatchResult, intent: String, app: AppVocabulary) -> String? {
        guard let best = result.best else { return "is rejected: \(result.reason ?? "no match")" }
        if best.intent != intent { return "parses as \(best.intent), not \(intent)" }
        if best.app?.identifier != app.identifier { return "parses for \(best.app?.displayName ?? "no app"), not \(app.displayName)" }
        return nil
    }
}

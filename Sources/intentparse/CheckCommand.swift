import ArgumentParser
import Foundation
import IntentParse

/// `intentparse check`: grammars and vocabulary load cleanly, and every IntentExample in every
/// app's AppIntentVocabulary.plist parses to its intent for its app.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate grammars and vocabulary; prove every IntentExample parses.",
        discussion: "Exit status: 0 all good; 1 an IntentExample does not parse as promised; 2 a file has errors (an app with errors included; with --strict, also templates for intents no loaded app declares)."
    )

    @OptionGroup var options: CommonOptions

    @Option(help: "Corpus folder, to find grammar files that have no corpus file of the same name.")
    var corpus = "Corpus"

    func run() throws {
        let parser = try options.loadParser(appsMustLoad: true)
        DiagnosticPrinter.standardError.print(parser.inactiveIntents)
        let handWritten = try parser.recompiled(options: IntentParser.Options(learnFromExamples: false))
        var failures = 0, total = 0, learnedOnly: [String] = []
        for app in parser.apps {
            for (language, localized) in app.localizations.sorted(by: { $0.key < $1.key }) {
                guard let locale = IntentExampleCheck.locale(for: language, app: app, parser: parser) else { continue }
                for phrases in localized.intentPhrases {
                    for (index, example) in phrases.examples.enumerated() {
                        total += 1
                        let where_ = "\(app.path)/\(localized.folder)/AppIntentVocabulary.plist: IntentPhrases[\(phrases.intent)].IntentExamples[\(index)]"
                        let context = MatchContext(app: app.identifier)
                        if let problem = IntentExampleCheck.problem(parser.parse(example, locale: locale, context: context), intent: phrases.intent, app: app) {
                            failures += 1
                            DiagnosticPrinter.standardError.printMessage("\(where_): error: \"\(example)\" \(problem)")
                        } else if IntentExampleCheck.problem(handWritten.parse(example, locale: locale, context: context), intent: phrases.intent, app: app) != nil {
                            learnedOnly.append("\(where_): \"\(example)\"")
                        }
                    }
                }
            }
        }
        for entry in learnedOnly {
            DiagnosticPrinter.standardError.printMessage("\(entry): note: parses only with the template learned from this example; no grammar template covers it")
        }
        reportUncoveredGrammars(parser)
        let templates = parser.matchers.values.map(\.grammar.templateCount).reduce(0, +)
        print("check: \(parser.apps.count) apps, \(parser.locales.count) locale(s), \(templates) templates; \(total - failures) of \(total) IntentExamples parse as promised (\(learnedOnly.count) only through learned templates)")
        if failures > 0 { throw ExitCode(1) }
    }

    /// Grammar files without a same-named corpus file (home-assistant/intents keeps them paired).
    private func reportUncoveredGrammars(_ parser: IntentParser) {
        for (locale, grammar) in parser.grammars.sorted(by: { $0.key < $1.key }) {
            for file in grammar.files {
                let name = (file as NSString).lastPathComponent
                if name.hasPrefix("_") { continue }
                let corpusFile = (corpus as NSString).appendingPathComponent("\(locale)/\(name)")
                if !FileManager.default.fileExists(atPath: corpusFile) {
                    DiagnosticPrinter.standardError.printMessage("\(file): warning: no corpus file \(corpusFile) tests this grammar")
                }
            }
        }
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

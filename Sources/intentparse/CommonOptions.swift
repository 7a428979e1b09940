import ArgumentParser
import Foundation
import IntentParse
import IntentParseBase
import IntentParseEntities
import IntentParseMatching
import IntentParseNormalization

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case json, text
}

/// Options every subcommand takes (DESIGN.md section 6).
struct CommonOptions: ParsableArguments {
    @Option(help: "Folder of grammar files, one subfolder per locale.")
    var grammars = "Grammars"

    @Option(help: "Folder of apps (Info.plist, <lang>.lproj/*.plist).")
    var vocabulary = "Vocabulary"

    @Option(
        help: ArgumentHelp(
            "Slot lists given at run time: a YAML or JSON file of lists, areas, floors and entities (Home Assistant's _fixtures.yaml shape).",
            valueName: "file"))
    var lists: String?

    @Option(
        name: .customLong("locale"),
        help:
            "Locale of the utterances, a folder of --grammars (shipped: de, en, es, fr, it, tr, zh; en-US loads en): only its grammar is loaded; or auto to try every loaded locale (default: auto)."
    )
    var localeOption: String?

    /// The locale asked for, "auto" when none was.
    var locale: String { localeOption ?? "auto" }

    @Option(help: "The app in focus, for utterances that name none (name or bundle identifier).")
    var app: String?

    @Option(
        name: .customLong("context"),
        help: ArgumentHelp(
            "What is known of the request's situation, for grammars' requires_context (hassil): area=Kitchen. Repeat for more keys.",
            valueName: "key=value"))
    var contextPairs: [String] = []

    @Option(
        help: ArgumentHelp(
            "A slot whose readings come first when it is filled from a list (hassil's best_slot_name, such as name).", valueName: "slot"))
    var preferredSlot: String?

    @Option(
        help:
            "Reference time for relative dates, ISO 8601; its UTC offset is the time zone dates are written in (default: the clock and this machine's time zone)."
    )
    var now: String?

    @Option(help: "Output format: json or text (default: json for parse, text for the other commands).")
    var format: OutputFormat?

    @Flag(
        help:
            "Make every load problem an error (exit 2): an app whose files have errors, otherwise skipped while the others load, and templates for intents no loaded app declares, otherwise inactive."
    )
    var strict = false

    func validate() throws {
        for (name, path) in [("--grammars", grammars), ("--vocabulary", vocabulary)] where path.isEmpty {
            throw ValidationError("\(name) needs a folder, not an empty path")
        }
        if let now, EntityContext(iso: now) == nil {
            throw ValidationError("--now '\(now)' is not an ISO 8601 date and time (e.g. 2026-11-21T09:30:00Z)")
        }
        for pair in contextPairs where !pair.contains("=") || pair.hasPrefix("=") {
            throw ValidationError("--context '\(pair)' is not key=value (such as area=Kitchen)")
        }
    }

    /// `--context key=value` pairs, in order (a key given twice keeps its last value).
    var intentContext: [(key: String, value: JSONValue)] {
        var result: [(key: String, value: JSONValue)] = []
        for pair in contextPairs {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let key = String(pair[..<equals]), value = JSONValue.string(String(pair[pair.index(after: equals)...]))
            if let index = result.firstIndex(where: { $0.key == key }) { result[index].value = value } else { result.append((key, value)) }
        }
        return result
    }

    /// The reference time and time zone: --now (with its own UTC offset, if it has one) or the
    /// clock in this machine's time zone.
    var entityContext: EntityContext { now.flatMap { EntityContext(iso: $0) } ?? EntityContext() }

    var context: MatchContext {
        var context = MatchContext(app: app, entityContext: entityContext, preferredLocale: CommonOptions.environmentLocale)
        context.intentContext = intentContext
        context.preferredSlot = preferredSlot
        return context
    }

    /// The user's language from the environment (LC_ALL, then LC_MESSAGES, then LANG, as POSIX
    /// orders them; "de_DE.UTF-8" → "de_DE"), else ICU's default locale (where none is set, or
    /// "C": en_US_POSIX): with every locale tried, the one kept when a line says nothing of its
    /// language, and the one a conversation speaks until the user does.
    static var environmentLocale: String? {
        let environment = ProcessInfo.processInfo.environment
        if let value = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) {
            let locale = String(value.prefix { $0 != "." && $0 != "@" })
            if !locale.isEmpty, locale != "C", locale != "POSIX" { return locale }
        }
        return Normalizer.icuDefaultLocale
    }

    /// `base` with what the command line asks for: --strict, and only the --locale's grammar.
    func parserOptions(_ base: IntentParser.Options = IntentParser.Options()) -> IntentParser.Options {
        var options = base
        options.strict = options.strict || strict
        if options.locales == nil, locale != "auto" { options.locales = [locale] }
        if options.cache == nil { options.cache = CompiledGrammarCache.fromEnvironment() }
        if options.lists == nil, let lists { options.lists = URL(fileURLWithPath: lists) }
        return options
    }

    /// Loads and compiles grammars and vocabulary; reports diagnostics (`report`: printed on
    /// standard error unless a command collects them) and exits 2 on errors.
    /// An app with errors is reported and skipped while the others load; `appsMustLoad`
    /// (`check`) or `--strict` make it an error.
    func loadParser(
        options: IntentParser.Options = IntentParser.Options(), appsMustLoad: Bool = false,
        report: ([Diagnostic]) -> Void = { DiagnosticPrinter.standardError.print($0) }
    ) throws -> IntentParser {
        let options = parserOptions(options)
        do {
            let parser = try IntentParser(grammars: URL(fileURLWithPath: grammars), vocabulary: URL(fileURLWithPath: vocabulary), options: options)
            ParserLifetime.keep(parser)
            report(parser.warnings)
            for skipped in parser.skippedApps {
                if appsMustLoad {
                    report(skipped.diagnostics)
                } else {
                    report([
                        .warning(
                            SourceLocation(file: skipped.path),
                            "app not loaded: its files have errors (below); the other apps are loaded (--strict makes this an error)")
                    ])
                    report(skipped.diagnostics.map { Diagnostic($0.severity == .error ? .note : $0.severity, $0.location, $0.message) })
                }
            }
            if appsMustLoad, !parser.skippedApps.isEmpty { throw ExitCode(2) }
            if let app, parser.app(named: app) == nil {
                DiagnosticPrinter.standardError.printMessage(
                    "error: --app '\(app)' is not a loaded app; loaded: \(parser.apps.map(\.displayName).joined(separator: ", "))")
                throw ExitCode(2)
            }
            if locale != "auto", parser.matchers[locale] == nil, parser.matchers[Normalizer.language(of: locale)] == nil {
                DiagnosticPrinter.standardError.printMessage(
                    "error: no grammar for --locale '\(locale)'; loaded: \(parser.locales.joined(separator: ", "))")
                throw ExitCode(2)
            }
            return parser
        } catch let error as DiagnosticError {
            report(error.diagnostics)
            throw ExitCode(2)
        }
    }
}

/// The command's parser, kept until the process exits: freeing its tables one by one when the
/// command is done took longer than parsing a line (the operating system takes the memory back
/// at once).
enum ParserLifetime {
    nonisolated(unsafe) private static var kept: [IntentParser] = []

    static func keep(_ parser: IntentParser) { kept.append(parser) }
}

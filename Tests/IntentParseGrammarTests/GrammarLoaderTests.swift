import Foundation
import IntentParseBase
import IntentParseGrammar
import IntentParseSchema
import Testing

@testable import IntentParseGrammar

@Suite struct GrammarLoaderTests {
    let loader: GrammarLoader

    init() throws {
        loader = GrammarLoader(schema: try .siriKit(), entities: ["number"])
    }

    private func errors(_ yaml: String) -> [Diagnostic] {
        do {
            _ = try loader.load(text: yaml, locale: "en", file: "test.yaml")
            return []
        } catch let error as DiagnosticError {
            return error.errors
        } catch {
            return [.error(SourceLocation(file: "?"), "\(error)")]
        }
    }

    private let valid = """
        language: en
        intents:
          INSendMessageIntent:
            data:
              - sentences:
                  - "send {person:recipients} [a] message [saying {content}]"
        lists:
          person: {vocabulary: contactName, wildcard: true}
          content: {wildcard: true}
        """

    @Test func loadsAValidFile() throws {
        let grammar = try loader.load(text: valid, locale: "en")
        #expect(grammar.templates.count == 1)
        #expect(grammar.lists["person"]?.vocabulary == "contactName")
        #expect(grammar.lists["person"]?.isWildcard == true)
    }

    @Test func templatesOfAnUndeclaredIntentAreInactiveWithAWarningThatSuggestsTheClosestName() throws {
        let grammar = try loader.load(text: valid.replacingOccurrences(of: "INSendMessageIntent", with: "INSendMesageIntent"), locale: "en")
        #expect(grammar.templates.isEmpty)
        #expect(grammar.inactiveTemplates.map(\.intent) == ["INSendMesageIntent"])
        let warnings = loader.inactiveIntentWarnings(grammar)
        #expect(warnings.count == 1)
        #expect(warnings.first?.severity == .warning)
        #expect(warnings.first?.message.contains("no loaded app declares intent 'INSendMesageIntent'; its template is inactive") == true)
        #expect(warnings.first?.message.contains("did you mean 'INSendMessageIntent'") == true)
    }

    @Test func aCustomIntentOfAnAppNotLoadedLeavesTheOtherIntentsActive() throws {
        let yaml = valid.replacingOccurrences(
            of: "lists:",
            with: """
                  OrderPizzaIntent:
                    data:
                      - sentences: ["order [a] {pizza_kind:kind} pizza", "get me a {pizza_kind:kind} pizza"]
                lists:
                """)
        let withKinds = yaml.replacingOccurrences(
            of: "  content: {wildcard: true}", with: "  content: {wildcard: true}\n  pizza_kind: {parameter: OrderPizzaIntent.kind}")
        let grammar = try loader.load(text: withKinds, locale: "en")
        #expect(grammar.templates.map(\.intent) == ["INSendMessageIntent"])
        #expect(grammar.templates.map(\.index) == [0])
        #expect(grammar.inactiveTemplates.count == 2)
        let warnings = loader.inactiveIntentWarnings(grammar)
        #expect(
            warnings.map(\.message) == [
                "no loaded app declares intent 'OrderPizzaIntent'; its 2 templates are inactive and {pizza_kind} has no vocabulary"
            ])
        // An inactive template is still checked for unknown lists and rules.
        #expect(
            errors(withKinds.replacingOccurrences(of: "get me a {pizza_kind:kind}", with: "get me a {pizza_kinds:kind}"))
                .contains { $0.message.contains("unknown list {pizza_kinds}") })
        // A known intent's unknown parameter stays an error.
        #expect(
            errors(withKinds.replacingOccurrences(of: "OrderPizzaIntent.kind", with: "INSendMessageIntent.kind"))
                .contains { $0.message.contains("unknown parameter 'INSendMessageIntent.kind'") })
    }

    @Test func onlyTheLocalesAskedForAreLoaded() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grammars-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for locale in ["en", "fr"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(locale), withIntermediateDirectories: true)
            try Data(valid.replacingOccurrences(of: "language: en", with: "language: \(locale)").utf8)
                .write(to: folder.appendingPathComponent("\(locale)/messaging.yaml"))
        }
        // A broken folder that is not asked for is not read.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("de"), withIntermediateDirectories: true)
        try Data("language: de\nintents: [".utf8).write(to: folder.appendingPathComponent("de/messaging.yaml"))
        #expect(try loader.load(directory: folder, locales: ["fr"]).grammars.keys.sorted() == ["fr"])
        #expect(try loader.load(directory: folder, locales: ["en-US", "fr_CA"]).grammars.keys.sorted() == ["en", "fr"])
        #expect(throws: DiagnosticError.self) { try loader.load(directory: folder) }
        do {
            _ = try loader.load(directory: folder, locales: ["nl"])
            Issue.record("a locale with no folder must be an error")
        } catch let error as DiagnosticError {
            #expect(error.errors.first?.message == "no grammar folder for locale 'nl'; the folder has de, en, fr")
        }
    }

    /// `frame:` (the second stage's cues) beside `data:`: each role a list of templates,
    /// checked like sentences.
    private func withFrame(_ frame: String) -> String {
        valid.replacingOccurrences(of: "  INSendMessageIntent:\n", with: "  INSendMessageIntent:\n    frame:\n" + frame)
    }

    @Test func frameCuesLoadWithTheirRoles() throws {
        let grammar = try loader.load(
            text: withFrame("      verbs: [\"(text|message)\"]\n      objects: [\"to {person:recipients}\"]\n      excludes: [\"did i\"]\n"),
            locale: "en")
        #expect(grammar.frameCues.map(\.role) == [.verb, .object, .exclude])
        #expect(grammar.frameCues.allSatisfy { $0.intent == "INSendMessageIntent" })
        #expect(grammar.frameCues[1].source.location.keyPath == "intents.INSendMessageIntent.frame.objects")
    }

    @Test func frameCuesAreCheckedLikeSentences() {
        // A frame needs a verb and an object.
        let noObject = errors(withFrame("      verbs: [text]\n"))
        #expect(noObject.contains { $0.message.contains("the frame of INSendMessageIntent has no objects") }, "\(noObject)")
        // Verbs are words: the action is never a slot's guess.
        let slotVerb = errors(withFrame("      verbs: [\"{person:recipients}\"]\n      objects: [message]\n"))
        #expect(slotVerb.contains { $0.message.contains("frame.verbs of INSendMessageIntent: a cue of this kind is words only") }, "\(slotVerb)")
        // Slots are the intent's parameters, lists and rules exist, keys are known.
        let badSlot = errors(withFrame("      verbs: [text]\n      objects: [\"{person:recipient}\"]\n"))
        #expect(badSlot.contains { $0.message.contains("has no parameter 'recipient'") && $0.location.line == 6 }, "\(badSlot)")
        let badRule = errors(withFrame("      verbs: [\"<texting>\"]\n      objects: [message]\n"))
        #expect(badRule.contains { $0.message.contains("unknown expansion rule <texting>") }, "\(badRule)")
        let badKey = errors(withFrame("      verbs: [text]\n      objects: [message]\n      nouns: [sms]\n"))
        #expect(!badKey.isEmpty, "an unknown frame key is an error")
    }

    @Test func anUnknownTransformIsAnErrorAtItsLine() {
        let found = errors(valid + "\ntokens:\n  transform: Klingon-Latin\n")
        #expect(found.contains { $0.location.line == 11 && $0.message.contains("ICU has no transform 'Klingon-Latin'") }, "\(found)")
        #expect(errors(valid + "\ntokens:\n  transform: Traditional-Simplified\n").isEmpty)
    }

    @Test func aSuffixThatIsNotLettersIsAnErrorAtItsLine() {
        let found = errors(valid + "\ntokens:\n  suffixes:\n    - ya\n    - \"'da\"\n")
        #expect(found.contains { $0.location.line == 13 && $0.message.contains("tokens.suffixes: ''da' is not a suffix") }, "\(found)")
        #expect(errors(valid + "\ntokens:\n  suffixes: [ya, ye, da]\n").isEmpty)
    }

    @Test func unknownParameterNamesTheIntentsParameters() {
        let found = errors(valid.replacingOccurrences(of: "{person:recipients}", with: "{person:recipient}"))
        #expect(found.contains { $0.message.contains("has no parameter 'recipient'") && $0.location.line == 6 })
    }

    @Test func templateSyntaxErrorsHaveLineAndColumn() {
        let found = errors(valid.replacingOccurrences(of: "[a] message", with: "[a message"))
        let error = found.first { $0.message.contains("never closed") }
        #expect(error?.location.line == 6)
        #expect(error?.location.column == 39)
    }

    @Test func unknownListsAndRules() {
        let found = errors(valid.replacingOccurrences(of: "[saying {content}]", with: "[<saying> {contents}]"))
        #expect(found.contains { $0.message.contains("unknown list {contents}") && $0.message.contains("did you mean 'content'") })
        #expect(found.contains { $0.message.contains("unknown expansion rule <saying>") })
    }

    @Test func recursiveRulesAreReported() {
        let yaml = valid + "\nexpansion_rules:\n  a: \"x <b>\"\n  b: \"y <a>\"\n"
        #expect(errors(yaml).contains { $0.message.contains("refers to itself") })
    }

    @Test func yesNoOnOffStayWordsAndNumbersKeepTheirType() throws {
        let yaml =
            valid
            + "\n  answer:\n    values: [yes, no, on, off, {in: three, out: 3}]\n  trigger:\n    values: [{in: when i get home, out: {event: arrive, place: home}}]\n"
        let grammar = try loader.load(text: yaml, locale: "en")
        let values = grammar.lists["answer"]?.values.map(\.out)
        #expect(values == [.string("yes"), .string("no"), .string("on"), .string("off"), .number(3)])
        #expect(grammar.lists["trigger"]?.values.first?.out == .object([("event", .string("arrive")), ("place", .string("home"))]))
    }

    @Test func malformedYAMLAndEmptyFiles() {
        #expect(errors("language: en\nintents: [unclosed").contains { $0.message.contains("not valid YAML") && $0.location.line != nil })
        #expect(errors("").contains { $0.message.contains("empty") })
    }

    /// hassil's readers take keys ours do not know: the rest of the file still loads.
    @Test func unknownKeysAreWarningsWithSuggestions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("intentparse-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let yaml =
            valid.replacingOccurrences(of: "\n    data:", with: "\n    dta: []\n    data:")
            + "\n  more: {wildcrd: true, wildcard: true}\n"
        try Data(yaml.utf8).write(to: folder.appendingPathComponent("messaging.yaml"))
        var log = DiagnosticLog()
        let grammar = loader.loadLocale("en", folder: folder, log: &log)
        #expect(!log.diagnostics.contains { $0.severity == .error })
        #expect(
            log.diagnostics.contains {
                $0.severity == .warning && $0.message.contains("unknown key 'dta'") && $0.message.contains("did you mean 'data'")
            })
        #expect(log.diagnostics.contains { $0.severity == .warning && $0.message.contains("unknown key 'wildcrd'") && $0.location.line != nil })
        #expect(grammar.templates.count == 1)
    }

    @Test func excludedFirstWordsNeedAWildcard() throws {
        #expect(errors(valid + "\n  bad: {values: [a], exclude_first_words: [me]}\n").contains { $0.message.contains("only to a wildcard list") })
        let grammar = try loader.load(text: valid + "\n  open: {wildcard: true, exclude_first_words: [me, you]}\n", locale: "en")
        #expect(grammar.lists["open"]?.excludedFirstWords == ["me", "you"])
    }

    @Test func listsNeedASource() {
        #expect(errors(valid + "\n  empty: {}\n").contains { $0.message.contains("has no values") })
        #expect(errors(valid + "\n  bad: {vocabulary: contactNames}\n").contains { $0.message.contains("did you mean 'contactName'") })
        #expect(errors(valid + "\n  bad: {entity: colour}\n").contains { $0.message.contains("unknown entity 'colour'") })
    }

    @Test func languageMustMatchTheFolder() {
        #expect(errors(valid.replacingOccurrences(of: "language: en", with: "language: fr")).contains { $0.message.contains("does not match") })
    }

    @Test func oversizedPermutationsAreRejected() {
        let yaml = valid.replacingOccurrences(of: "send {person:recipients} [a] message [saying {content}]", with: "(a;b;c;d;e;f) {content}")
        #expect(errors(yaml).contains { $0.message.contains("permutation of 6 items") })
    }
}

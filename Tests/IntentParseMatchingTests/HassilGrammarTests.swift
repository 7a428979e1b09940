import Foundation
import IntentParse
import IntentParseBase
import IntentParseTestSupport
import Testing

/// What Home Assistant's sentence files need beyond the template syntax: a data block's own
/// rules and lists, intents no SiriKit schema names, lists given at run time, and the match
/// context (`requires_context`, `excludes_context`, a value's `context`).
@Suite struct HassilGrammarTests {
    /// A hassil-style locale folder `en/` with `files`, a lists file, and no apps.
    private func parser(_ files: [String: String], lists: String? = nil) throws -> IntentParser {
        let folder = try TemporaryFolder("intentparse-hassil")
        defer { folder.remove() }
        for (name, text) in files { try folder.write(text, to: "sentences/en/\(name)") }
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("apps"), withIntermediateDirectories: true)
        var options = IntentParser.Options(learnFromExamples: false)
        if let lists { options.lists = try folder.write(lists, to: "lists.yaml") }
        return try IntentParser(
            grammars: folder.url.appendingPathComponent("sentences"), vocabulary: folder.url.appendingPathComponent("apps"), options: options)
    }

    private static let common = """
        language: en
        lists:
          brightness: {range: {from: 0, to: 100}}
        expansion_rules:
          the: "[the]"
          name: "<the> {name}"
          area: "<the> {area}"
          turn_target: "<name> <level>"
        skip_words: [please]
        """

    private static let lights = """
        language: en
        intents:
          HassTurnOn:
            data:
              - sentences: ["turn on <name>"]
                requires_context: {domain: light}
              - sentences: ["turn on [the] lights in here"]
                requires_context:
                  area: {slot: true}
                slots: {domain: light}
              - sentences: ["open <name>"]
                requires_context: {domain: [cover, valve]}
                slots: {device_class: [blind, curtain]}
          HassLightSet:
            data:
              - sentences: ["set <turn_target>"]
                expansion_rules:
                  level: "to {brightness}[%]"
              - sentences: ["dim <turn_target>"]
                expansion_rules:
                  level: "(down|low)"
        """

    private static let fixtures = """
        language: en
        areas: [{name: Kitchen, id: kitchen}, {name: "Living Room", id: living_room}]
        floors: [{name: Upstairs, id: upstairs}]
        entities:
          - {name: "Ceiling Light", id: light.ceiling, area: kitchen}
          - {name: "Garage Door", id: cover.garage, attributes: {device_class: garage}}
          - {name: "Trader Joe[']s", id: todo.trader_joes}
        """

    @Test func aBlocksOwnRulesAreSeenByItsSentencesAndBySharedRulesTheyUse() throws {
        let parser = try self.parser(["_common.yaml": Self.common, "lights.yaml": Self.lights], lists: Self.fixtures)
        let set = try #require(parser.parse("set the ceiling light to 40%", locale: "en").best)
        #expect(set.intent == "HassLightSet")
        #expect(ResultJSON.parameters(set).serialized.contains("\"value\":40"))
        #expect(parser.parse("dim the ceiling light down", locale: "en").best?.intent == "HassLightSet")
        // Each block's <level> is its own: "dim" does not take "to 40%".
        #expect(parser.parse("dim the ceiling light to 40%", locale: "en").best == nil)
    }

    @Test func anIntentNoSchemaNamesNeedsNoApp() throws {
        let parser = try self.parser(["_common.yaml": Self.common, "lights.yaml": Self.lights], lists: Self.fixtures)
        let best = try #require(parser.parse("turn on the ceiling light", locale: "en").best)
        #expect(best.intent == "HassTurnOn")
        #expect(best.domain == .custom)
        #expect(best.app == nil && best.missing.isEmpty)
        #expect(best.parameter("name")?.values.first?.value == .string("Ceiling Light"))
        #expect(parser.intentNames.contains("HassTurnOn"))
    }

    @Test func aValuesContextMustAgreeWithTheBlocksConditions() throws {
        let parser = try self.parser(["_common.yaml": Self.common, "lights.yaml": Self.lights], lists: Self.fixtures)
        // A light's name adds {domain: light}; the garage door's adds {domain: cover}.
        let light = try #require(parser.parse("turn on the ceiling light", locale: "en").best)
        #expect(light.context.map(\.key) == ["domain"])
        #expect(light.context.first?.value == .string("light"))
        #expect(parser.parse("turn on the garage door", locale: "en").best == nil)
        let door = try #require(parser.parse("open the garage door", locale: "en").best)
        #expect(door.parameter("device_class")?.values.first?.value == .array([.string("blind"), .string("curtain")]))
        #expect(parser.parse("open the ceiling light", locale: "en").best == nil)
    }

    @Test func requiredContextIsCopiedIntoItsSlot() throws {
        let parser = try self.parser(["_common.yaml": Self.common, "lights.yaml": Self.lights], lists: Self.fixtures)
        // Without the area the request is spoken in, "in here" says nothing.
        #expect(parser.parse("turn on the lights in here", locale: "en").best == nil)
        var context = MatchContext()
        context.intentContext = [("area", .string("Kitchen"))]
        let here = try #require(parser.parse("turn on the lights in here", locale: "en", context: context).best)
        #expect(here.parameter("area")?.values.first?.value == .string("Kitchen"))
        #expect(here.parameter("domain")?.values.first?.value == .string("light"))
    }

    @Test func listsGivenAtRunTimeSpellEveryVariantOfAName() throws {
        let parser = try self.parser(
            [
                "_common.yaml": Self.common, "lights.yaml": Self.lights,
                "todo.yaml":
                    "language: en\nintents:\n  HassListAddItem:\n    data:\n      - sentences: [\"add {item} to <name> [list]\"]\nlists:\n  item: {wildcard: true}\n"
            ], lists: Self.fixtures)
        for spelling in ["Trader Joe's", "Trader Joes"] {
            let best = try #require(parser.parse("add milk to \(spelling) list", locale: "en").best, "\(spelling)")
            #expect(best.parameter("name")?.values.first?.value == .string(spelling))
            #expect(best.parameter("item")?.values.first?.spoken == "milk")
        }
    }

    /// Letters written against a rule or a slot make one word with it, as in hassil, where
    /// text is characters: German "irgend<art>", Turkish "{name}<case>", Italian "[<the>]{name}".
    @Test func wordsWrittenAgainstARuleOrASlotAreOneWord() throws {
        let parser = try self.parser(
            [
                "_common.yaml":
                    "language: en\nexpansion_rules:\n  art: \"(ein|eine)\"\n  the: \"(lo |l')\"\n  case: \"(ı|yı)\"\n  named: \"[my] {name}\"\n",
                "x.yaml": """
                language: en
                intents:
                  HassGetState:
                    data:
                      - sentences: ["is irgend<art> {area}['s] door open", "find [<the>]{name}", "turn on {name}<case>", "what is <named>['s] level"]
                """
            ],
            lists: "areas: [{name: Kitchen, id: kitchen}]\nentities: [{name: aria, id: climate.aria}, {name: Lamba, id: light.lamba}]\n")
        func value(_ text: String, _ slot: String) -> JSONValue? { parser.parse(text, locale: "en").best?.parameter(slot)?.values.first?.value }
        #expect(value("is irgendein Kitchen's door open", "area") == .string("Kitchen"))
        #expect(value("is irgendeine kitchen door open", "area") == .string("Kitchen"))
        #expect(parser.parse("is irgend ein kitchen door open", locale: "en").best == nil)
        #expect(value("find l'aria", "name") == .string("aria"))
        #expect(value("find lo aria", "name") == .string("aria"))
        #expect(value("find aria", "name") == .string("aria"))
        #expect(value("turn on Lambayı", "name") == .string("Lamba"))
        #expect(parser.parse("turn on Lamba yı", locale: "en").best == nil)
        // A rule that ends in its slot: the rule's last word takes the ending.
        #expect(value("what is my Lamba's level", "name") == .string("Lamba"))
        #expect(value("what is aria level", "name") == .string("aria"))
    }

    /// A range's `fractions` lets a value have halves or tenths.
    @Test func rangesMayHaveFractions() throws {
        let grammar = """
            language: en
            intents:
              HassClimateSetTemperature:
                data:
                  - sentences: ["set temperature to {temperature} degrees", "set humidity to {humidity}"]
            lists:
              temperature: {range: {from: 0, to: 40, fractions: halves}}
              humidity: {range: {from: 0, to: 100}}
            """
        let parser = try self.parser(["x.yaml": grammar])
        #expect(parser.parse("set temperature to 20.5 degrees", locale: "en").best?.parameter("temperature")?.values.first?.value == .number(20.5))
        #expect(parser.parse("set temperature to 20 degrees", locale: "en").best?.parameter("temperature")?.values.first?.value == .number(20))
        #expect(parser.parse("set temperature to 20.3 degrees", locale: "en").best == nil)
        #expect(parser.parse("set humidity to 20.5", locale: "en").best == nil)
    }

    /// `MatchContext.preferredSlot` (hassil's best_slot_name): a reading that fills it from a
    /// list comes first, the longest value first; a free-text value does not count.
    @Test func aPreferredSlotsReadingsComeFirst() throws {
        let grammar = """
            language: en
            intents:
              HassTurnOff:
                data:
                  - sentences: ["turn off [the] {area} lamp"]
                    slots: {domain: light}
                  - sentences: ["turn off [the] {name}"]
                  - sentences: ["turn off timer {timer:name}"]
            lists:
              timer: {wildcard: true}
            """
        let parser = try self.parser(
            ["x.yaml": grammar], lists: "areas: [{name: Bedroom, id: bedroom}]\nentities: [{name: Bedroom Lamp, id: light.lamp}]\n")
        var context = MatchContext()
        context.preferredSlot = "name"
        let named = try #require(parser.parse("turn off the bedroom lamp", locale: "en", context: context).best)
        #expect(named.parameter("name")?.values.first?.value == .string("Bedroom Lamp"))
        #expect(named.parameter("area") == nil)
        let timer = try #require(parser.parse("turn off timer bedroom", locale: "en", context: context).best)
        #expect(timer.parameter("name")?.values.first?.spoken == "bedroom")
    }

    @Test func aListsFileWithProblemsNamesItsLine() throws {
        #expect(throws: DiagnosticError.self) {
            try self.parser(["_common.yaml": Self.common, "lights.yaml": Self.lights], lists: "areas:\n  - {id: kitchen}\n")
        }
        do {
            _ = try parser(["_common.yaml": Self.common, "lights.yaml": Self.lights], lists: "areas:\n  - {id: kitchen}\n")
        } catch let error as DiagnosticError {
            #expect(error.errors.contains { $0.message.contains("needs a 'name'") && $0.location.line == 2 })
        }
    }

    @Test func keysHassilAcceptsLoad() throws {
        let parser = try self.parser(
            [
                "_common.yaml": Self.common + "\nresponses: {errors: {no_intent: Sorry}}\n", "lights.yaml": Self.lights,
                "x.yaml": """
                language: en
                intents:
                  HassNevermind:
                    data:
                      - sentences: ["never mind"]
                        required_keywords: [never]
                        metadata: {source: test}
                        response: default
                      - sentences: []
                """
            ], lists: Self.fixtures)
        #expect(parser.parse("never mind", locale: "en").best?.intent == "HassNevermind")
        #expect(parser.warnings.contains { $0.message.contains("has no sentences") })
    }
}

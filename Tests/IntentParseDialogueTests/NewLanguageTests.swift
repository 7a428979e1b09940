import Foundation
import IntentParseDialogue
import IntentParseEntities
import IntentParseMatching
import IntentParseTestSupport
import Testing

@testable import IntentParse
@testable import IntentParseDialogue

/// A language that ships with nothing, added with data files alone: the test writes Dutch
/// grammar, entity and dialogue files into a temporary folder beside the shipped English ones,
/// then parses and converses in Dutch with the shipped apps.
@Suite struct NewLanguageTests {
    static let root = Repository.root

    static let files: [String: String] = [
        "nl/_common.yaml": """
        language: nl
        lists:
          content: {wildcard: true}
          person: {vocabulary: contactName, wildcard: true}
          when: {entity: dateTime}
        expansion_rules:
          app_prefix: "(in|met|via) {app}"
          app_suffix: "(in|met|via) {app}"
          item_separator: "(,|en)"
        skip_words: ["alsjeblieft", "graag", "kun je"]
        """,
        "nl/messaging.yaml": """
        language: nl
        intents:
          INSendMessageIntent:
            data:
              - sentences:
                  - "stuur [een] bericht[je] naar {person:recipients} [(met de tekst|en zeg) {content}]"
                  - "{app} {person:recipients} {content}"
          INStartCallIntent:
            data:
              - sentences: ["(bel|call) {person:contacts} [op]"]
          INAddTasksIntent:
            data:
              - sentences:
                  - "herinner me [er]aan (om|dat) {content:taskTitles} {when:temporalEventTrigger}"
        """,
        "nl/entities/nl.yaml": """
        language: nl
        numbers: {one: [een], and: [en]}
        dates:
          days: {vandaag: 0, morgen: 1, overmorgen: 2}
          parts_of_day:
            ochtend: {from: "06:00", to: "12:00", words: [ochtend, morgen]}
          words: {oclock: [uur], at: [om], the: [de, het]}
        """,
        "nl/dialogue/nl.yaml": """
        language: nl
        replies:
          yes: ["(ja|jazeker|prima|doe maar)"]
          no: ["(nee|neen)"]
          cancel: ["(annuleer|stop|laat maar)"]
        ordinals:
          - {in: "(eerste|1)", out: 1}
          - {in: "(tweede|2)", out: 2}
          - {in: "(derde|3)", out: 3}
        choices: ["[de] {ordinal}", "nummer {ordinal}"]
        conjunction: en
        options: {format: "{number}. {name}", separator: "  "}
        prompts:
          needsValue: "Wat is {parameter}?"
          needsValue.INSendMessageIntent.content: "Wat wil je tegen {recipients} zeggen?"
          disambiguation: "Welke? {options}"
          confirmationRequired: "Bedoel je {value}?"
          needsMoreDetails: "{count} resultaten voor \\"{spoken}\\". Wie precies?"
          unsupported: "Sorry, ik kan \\"{spoken}\\" niet vinden."
          unsupportedRequest: "Sorry, daar kan ik niet mee helpen."
          notUnderstood: "Sorry, dat heb ik niet begrepen."
          choiceOutOfRange: "Kies een nummer van 1 tot {count}."
          confirmIntent: "Klaar?"
          confirmIntent.INSendMessageIntent: "Versturen? \\"{content}\\" naar {recipients} via {app}"
          done: "Oké, klaar."
          done.INSendMessageIntent: "Oké, verstuurd."
          failure: "Sorry, er ging iets mis."
          cancelled: "Oké, geannuleerd."
        """
    ]

    /// The shipped English grammars beside the Dutch files, in a temporary folder.
    static func grammars() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("intentparse-nl-\(UUID().uuidString)")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("en"), withDestinationURL: root.appendingPathComponent("Grammars/en"))
        return folder
    }

    @Test func aLanguageAddedWithDataFilesParsesAndConverses() async throws {
        let folder = try NewLanguageTests.grammars()
        defer { try? FileManager.default.removeItem(at: folder) }
        let parser = try IntentParser(grammars: folder, vocabulary: NewLanguageTests.root.appendingPathComponent("Vocabulary"))
        #expect(parser.locales == ["en", "nl"])

        let message = parser.parse("Stuur alsjeblieft een berichtje naar Coco met de tekst tot straks")
        #expect(message.locale == "nl")
        expectParse(message, intent: "INSendMessageIntent", spoken: ["content": ["tot straks"]])
        #expect(message.best?.parameter("recipients")?.values.map(\.identifier) == ["coco"])

        let context = MatchContext(app: "TasksNotes", entityContext: EntityContext(iso: "2026-11-24T10:00:00+01:00") ?? EntityContext())
        let reminder = parser.parse("herinner me eraan om de hond uit te laten morgen om acht uur", context: context)
        #expect(reminder.locale == "nl")
        #expect(reminder.best?.parameter("temporalEventTrigger")?.values.first?.value == .string("2026-11-25T08:00:00+01:00"))

        // English is still English, and what English rejects stays rejected: the Dutch
        // "call {person}" does not make "call off the wedding" a call, as English knows more of
        // its words.
        #expect(parser.parse("send a message to Coco saying see you soon").locale == "en")
        expectParse(parser.parse("bel Coco op"), intent: "INStartCallIntent")
        let english = parser.parse("call off the wedding")
        #expect(english.locale == "en")
        expectParse(english, intent: nil)

        // The dialogue asks and answers in Dutch.
        let engine = DialogueEngine(configuration: parser.dialogueConfiguration())
        var session = DialogueSession()
        let ask = await engine.respond(to: "stuur een bericht naar Coco via MonkeyChat", session: &session)
        #expect(ask.state == .needsValue)
        #expect(ask.prompt == "Wat wil je tegen Coco zeggen?")
        let confirm = await engine.respond(to: "tot straks", session: &session)
        #expect(confirm.prompt == "Versturen? \"tot straks\" naar Coco via MonkeyChat")
        let done = await engine.respond(to: "ja", session: &session)
        #expect(done.state == .done)
        #expect(done.prompt == "Oké, verstuurd.")
    }
}

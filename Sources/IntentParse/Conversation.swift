import Foundation
import IntentParseBase
import IntentParseDialogue
import IntentParseEntities
import IntentParseMatching
import IntentParseSchema
import IntentParseVocabulary

extension IntentParser {
    /// A dialogue configuration whose new requests and replies are parsed by this parser.
    /// `preferredLocale`: with every locale tried (`locale` nil or "auto"), the language to
    /// speak and parse in when an utterance says nothing of its own.
    public func dialogueConfiguration(
        locale: String? = nil, app: String? = nil, entityContext: EntityContext = EntityContext(),
        preferredLocale: String? = nil
    ) -> DialogueConfiguration {
        let parser = self
        var configuration = DialogueConfiguration(
            schema: schema, apps: apps, languages: dialogueLanguages,
            parse: { text, locale, app in
                let result = parser.parse(
                    text, locale: locale, context: MatchContext(app: app, entityContext: entityContext, preferredLocale: preferredLocale))
                return DialogueConfiguration.Parsed(result)
            }, findApps: { text, locale in parser.appMentions(in: text, locale: locale) })
        configuration.locale = locale == "auto" ? nil : locale
        configuration.preferredLocale = preferredLocale
        configuration.contextApp = app
        configuration.readValue = { text, type, locale in parser.replyValue(text, type: type, locale: locale, context: entityContext) }
        return configuration
    }
}

extension DialogueConfiguration.Parsed {
    init(_ result: MatchResult) {
        let best = result.best
        self.init(
            locale: result.locale, intent: best?.intent, appIdentifier: best?.app?.identifier,
            appWasNamed: best?.appSource == .named, score: best?.score ?? 0, literalWords: best?.evidence.literal ?? 0,
            // NB: a conversation keeps the words, identifier and value of each (what a session
            // file saves), so a value compares the same after a save and a load.
            parameters: best?.parameters.map { name, value in
                (name, value.values.map { SlotValue(spoken: $0.spoken, identifier: $0.identifier, value: $0.value) })
            } ?? [],
            reason: result.reason)
        also = result.also.map { PendingRequest(text: $0.text, locale: $0.locale, app: $0.best?.app?.identifier) }
    }
}

/// The `dialog --format json` line (DESIGN.md section 6): state, parameter, prompt, options,
/// the intent as it stands (in the section 5 shape), and response or reason where they apply.
public enum DialogueJSON {
    /// The line for `turn`, whose request names intents and apps of `parser`.
    public static func line(_ turn: DialogueTurn, parser: IntentParser) -> String {
        line(turn, schema: parser.schema, apps: parser.apps)
    }

    package static func line(_ turn: DialogueTurn, schema: Schema, apps: [AppVocabulary]) -> String {
        var out = JSONWriter(capacity: 512)
        emit(turn, session: nil, schema: schema, apps: apps, into: &out)
        return out.text
    }

    /// The line for `turn` with the session it belongs to first (`"session": id`), as the
    /// service answers `POST /dialog`.
    package static func line(_ turn: DialogueTurn, session: String, parser: IntentParser) -> String {
        var out = JSONWriter(capacity: 512)
        emit(turn, session: session, schema: parser.schema, apps: parser.apps, into: &out)
        return out.text
    }

    /// The turn's object, written straight into `out` (no tree built first).
    private static func emit(_ turn: DialogueTurn, session: String?, schema: Schema, apps: [AppVocabulary], into out: inout JSONWriter) {
        out.beginObject()
        if let session {
            out.fixedKey("session")
            out.string(session)
        }
        out.fixedKey("state")
        out.string(turn.state.rawValue)
        out.fixedKey("parameter")
        out.string(turn.parameter)
        out.fixedKey("prompt")
        out.string(turn.prompt)
        out.fixedKey("options")
        out.beginArray()
        for option in turn.options { out.string(option) }
        out.endArray()
        out.fixedKey("intent")
        if let request = turn.request {
            ResultJSON.emit(IntentObject(request, schema: schema, apps: apps), into: &out)
        } else {
            out.null()
        }
        if let response = turn.response {
            out.fixedKey("response")
            out.beginObject()
            out.fixedKey("code")
            out.string(response.code.rawValue)
            out.fixedKey("text")
            out.string(response.text)
            out.endObject()
        }
        out.member("reason", ifPresent: turn.reason)
        if let ended = turn.ended, !ended.isEmpty {
            out.fixedKey("ended")
            out.beginArray()
            for earlier in ended { emit(earlier, session: nil, schema: schema, apps: apps, into: &out) }
            out.endArray()
        }
        out.endObject()
    }

    static func intent(_ request: DialogueRequest, schema: Schema, apps: [AppVocabulary]) -> JSONValue {
        JSONTreeBuilder.build { ResultJSON.emit(IntentObject(request, schema: schema, apps: apps), into: &$0) }
    }
}

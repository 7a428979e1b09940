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
        object(turn, schema: schema, apps: apps).serialized
    }

    /// The line for `turn` with the session it belongs to first (`"session": id`), as the
    /// service answers `POST /dialog`.
    package static func line(_ turn: DialogueTurn, session: String, parser: IntentParser) -> String {
        guard case .object(let members) = object(turn, schema: parser.schema, apps: parser.apps) else { return line(turn, parser: parser) }
        return JSONValue.object([("session", .string(session))] + members).serialized
    }

    private static func object(_ turn: DialogueTurn, schema: Schema, apps: [AppVocabulary]) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("state", .string(turn.state.rawValue)),
            ("parameter", turn.parameter.map(JSONValue.string) ?? .null),
            ("prompt", .string(turn.prompt)),
            ("options", .array(turn.options.map(JSONValue.string))),
            ("intent", turn.request.map { intent($0, schema: schema, apps: apps) } ?? .null)
        ]
        if let response = turn.response {
            members.append(("response", .object([("code", .string(response.code.rawValue)), ("text", response.text.map(JSONValue.string) ?? .null)])))
        }
        if let reason = turn.reason { members.append(("reason", .string(reason))) }
        if let ended = turn.ended, !ended.isEmpty {
            members.append(("ended", .array(ended.map { object($0, schema: schema, apps: apps) })))
        }
        return JSONValue.object(members)
    }

    static func intent(_ request: DialogueRequest, schema: Schema, apps: [AppVocabulary]) -> JSONValue {
        JSONTreeBuilder.build { ResultJSON.emit(IntentObject(request, schema: schema, apps: apps), into: &$0) }
    }
}

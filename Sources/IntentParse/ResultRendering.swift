import Foundation
import IntentParseBase
import IntentParseDialogue
import IntentParseMatching
import IntentParseSchema
import IntentParseVocabulary

/// The JSON Lines output contract (DESIGN.md section 5): one object per utterance, keys in a
/// fixed order, `intent: null` with a `reason` when the utterance is rejected.
public enum ResultJSON {
    /// The result as a JSON value, keys in the contract's order.
    public static func object(_ result: MatchResult) -> JSONValue {
        JSONTreeBuilder.build { emit(result, into: &$0) }
    }

    /// The line written straight as text: the same bytes as `object(result).serialized`,
    /// without building the tree.
    public static func line(_ result: MatchResult) -> String {
        // Most lines are the text, twice its length in names and values, and the fixed keys.
        var writer = JSONWriter(capacity: 320 + 2 * result.text.utf8.count)
        emit(result, into: &writer)
        return writer.text
    }

    /// The result object, key by key in the contract's order.
    package static func emit(_ result: MatchResult, into sink: inout some JSONSink) {
        guard let best = result.interpretations.first else {
            emitRejection(text: result.text, locale: result.locale, reason: result.reason, into: &sink)
            return
        }
        var object = IntentObject(best, text: result.text, locale: result.locale, alternatives: result.interpretations.dropFirst())
        object.also = result.also
        object.context = best.context
        emit(object, into: &sink)
    }

    /// The object of a rejected utterance: every intent field empty, and why.
    private static func emitRejection(text: String, locale: String, reason: String?, into sink: inout some JSONSink) {
        sink.beginObject()
        sink.fixedKey("text")
        sink.string(text)
        sink.fixedKey("locale")
        sink.string(locale)
        for key: StaticString in ["intent", "domain", "app", "appIdentifier"] {
            sink.fixedKey(key)
            sink.null()
        }
        sink.fixedKey("score")
        sink.number(0)
        sink.fixedKey("parameters")
        sink.beginObject()
        sink.endObject()
        for key: StaticString in ["missing", "alternatives"] {
            sink.fixedKey(key)
            sink.beginArray()
            sink.endArray()
        }
        sink.fixedKey("reason")
        sink.string(reason ?? "no match")
        sink.endObject()
    }

    /// The intent object, key by key in the contract's order: the one renderer of an intent,
    /// for a parse's best interpretation and for a conversation's request as it stands.
    package static func emit(_ object: IntentObject, into sink: inout some JSONSink) {
        sink.beginObject()
        sink.fixedKey("text")
        sink.string(object.text)
        sink.fixedKey("locale")
        sink.string(object.locale)
        sink.fixedKey("intent")
        sink.string(object.intent)
        sink.fixedKey("domain")
        sink.string(object.domain?.rawValue)
        sink.fixedKey("app")
        sink.string(object.app?.displayName)
        sink.fixedKey("appIdentifier")
        sink.string(object.app?.identifier)
        sink.fixedKey("score")
        sink.number(object.score)
        sink.fixedKey("parameters")
        emitParameters(object.parameters, into: &sink)
        sink.fixedKey("missing")
        sink.beginArray()
        for name in object.missing { sink.string(name) }
        sink.endArray()
        sink.fixedKey("alternatives")
        sink.beginArray()
        for other in object.alternatives {
            sink.beginObject()
            sink.fixedKey("intent")
            sink.string(other.intent)
            sink.fixedKey("app")
            sink.string(other.app?.displayName)
            sink.fixedKey("score")
            sink.number(other.score)
            sink.endObject()
        }
        sink.endArray()
        sink.fixedKey("requiresAuthentication")
        sink.bool(object.requiresAuthentication)
        if let shortcut = object.shortcut {
            sink.fixedKey("shortcut")
            sink.beginObject()
            sink.fixedKey("phrase")
            sink.string(shortcut.phrase)
            sink.member("userActivityType", ifPresent: shortcut.userActivityType)
            sink.member("title", ifPresent: shortcut.title)
            sink.endObject()
        }
        if !object.context.isEmpty {
            sink.fixedKey("context")
            sink.beginObject()
            for (key, value) in object.context {
                sink.key(key)
                sink.value(value)
            }
            sink.endObject()
        }
        if !object.also.isEmpty {
            sink.fixedKey("also")
            sink.beginArray()
            for request in object.also { emit(request, into: &sink) }
            sink.endArray()
        }
        sink.endObject()
    }

    /// An interpretation's `parameters` object: each parameter's value, an array for multi-valued ones.
    public static func parameters(_ interpretation: Interpretation) -> JSONValue {
        JSONTreeBuilder.build { emitParameters(interpretation.parameters, into: &$0) }
    }

    /// One value: `{"spoken", "identifier"?, "value"?}`.
    public static func value(_ slot: SlotValue) -> JSONValue {
        JSONTreeBuilder.build { emitValue(slot, into: &$0) }
    }

    private static func emitParameters(_ parameters: [(name: String, value: ParameterValue)], into sink: inout some JSONSink) {
        sink.beginObject()
        for (name, value) in parameters {
            sink.key(name)
            switch value {
            case .single(let slot):
                emitValue(slot, into: &sink)
            case .multiple(let slots):
                sink.beginArray()
                for slot in slots { emitValue(slot, into: &sink) }
                sink.endArray()
            }
        }
        sink.endObject()
    }

    private static func emitValue(_ slot: SlotValue, into sink: inout some JSONSink) {
        sink.beginObject()
        sink.fixedKey("spoken")
        sink.string(slot.spoken)
        sink.member("identifier", ifPresent: slot.identifier)
        if let value = slot.value {
            sink.fixedKey("value")
            sink.value(value)
        }
        sink.endObject()
    }
}

/// What the output contract's intent object shows (DESIGN.md section 5), whether it comes
/// from a parse or from a conversation's request.
package struct IntentObject {
    var text: String
    var locale: String
    var intent: String
    /// Nil for an intent the schema does not know.
    var domain: Domain?
    var app: AppVocabulary?
    var score: Double
    var parameters: [(name: String, value: ParameterValue)]
    var missing: [String]
    var alternatives: ArraySlice<Interpretation> = []
    var requiresAuthentication: Bool
    var shortcut: ShortcutMatch?
    /// The requests said after this one in the same line (`also`).
    var also: [MatchResult] = []
    /// The match context (hassil grammars), when there is one.
    var context: [(key: String, value: JSONValue)] = []

    /// A parse's best interpretation, with the others as its alternatives.
    init(_ best: Interpretation, text: String, locale: String, alternatives: ArraySlice<Interpretation>) {
        self.text = text
        self.locale = locale
        intent = best.intent
        domain = best.domain
        app = best.app
        score = best.score
        parameters = best.parameters
        missing = best.missing
        self.alternatives = alternatives
        requiresAuthentication = best.requiresAuthentication
        shortcut = best.shortcut
    }

    /// A conversation's request as it stands: its values in the intent's parameter order, what
    /// is still missing (parameters dropped as not required count as given), no alternatives.
    init(_ request: DialogueRequest, schema: Schema, apps: [AppVocabulary]) {
        text = request.utterance
        locale = request.locale
        intent = request.intent
        let intentSchema = schema[request.intent]
        domain = intentSchema?.domain
        app = apps.first { $0.identifier == request.appIdentifier }
        score = request.score
        parameters = (intentSchema?.parameters ?? []).compactMap { parameter in
            let values = request.values(parameter.name)
            guard let first = values.first else { return nil }
            return (parameter.name, parameter.isMultiValued ? .multiple(values) : .single(first))
        }
        let given = Set(parameters.map(\.name) + request.dropped)
        missing = intentSchema?.missing(appKnown: app != nil, given: given) ?? (app == nil ? ["app"] : [])
        requiresAuthentication = intentSchema?.requiresAuthentication(app: app) ?? false
        shortcut = nil
    }
}

/// The readable form (`--format text`): the utterance, then one aligned row per field.
public enum ResultText {
    /// The utterance, then the intent, app, score and each parameter on a row of its own.
    public static func render(_ result: MatchResult) -> String {
        var rows: [(String, String)] = []
        if let best = result.best {
            rows.append(("intent", "\(best.intent) (\(best.domain.rawValue))  score \(format(best.score))"))
            rows.append(("app", best.app.map { "\($0.displayName) (\($0.identifier))" } ?? "— unknown"))
            for (name, value) in best.parameters {
                rows.append((name, value.values.map(describe).joined(separator: " · ")))
            }
            if !best.missing.isEmpty { rows.append(("missing", best.missing.joined(separator: ", "))) }
            if best.requiresAuthentication { rows.append(("unlock", "requires an unlocked device (authentication)")) }
            for other in result.interpretations.dropFirst() {
                rows.append(("alternative", "\(other.intent) @ \(other.app?.displayName ?? "?")  \(format(other.score))"))
            }
        } else {
            rows.append(("rejected", result.reason ?? "no match"))
        }
        let width = rows.map(\.0.count).max() ?? 0
        let body = rows.map { "  " + $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }
        // Each further request of the line, indented under an "also" of its own.
        let also = result.also.map { "  also " + render($0).replacingOccurrences(of: "\n", with: "\n  ") }
        return (["\"\(result.text)\""] + body + also).joined(separator: "\n")
    }

    static func describe(_ slot: SlotValue) -> String {
        var text = "\"\(slot.spoken)\""
        if let identifier = slot.identifier { text += " → \(identifier)" }
        if let value = slot.value { text += " = \(value.serialized)" }
        return text
    }

    static func format(_ score: Double) -> String { String(format: "%.2f", score) }
}

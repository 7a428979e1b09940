import Foundation
import IntentParseBase
import IntentParseMatching

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
        sink.beginObject()
        sink.fixedKey("text")
        sink.string(result.text)
        sink.fixedKey("locale")
        sink.string(result.locale)
        guard let best = result.interpretations.first else {
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
            sink.string(result.reason ?? "no match")
            sink.endObject()
            return
        }
        sink.fixedKey("intent")
        sink.string(best.intent)
        sink.fixedKey("domain")
        sink.string(best.domain.rawValue)
        sink.fixedKey("app")
        sink.string(best.app?.displayName)
        sink.fixedKey("appIdentifier")
        sink.string(best.app?.identifier)
        sink.fixedKey("score")
        sink.number(best.score)
        sink.fixedKey("parameters")
        emitParameters(best, into: &sink)
        sink.fixedKey("missing")
        sink.beginArray()
        for name in best.missing { sink.string(name) }
        sink.endArray()
        sink.fixedKey("alternatives")
        sink.beginArray()
        for other in result.interpretations.dropFirst() {
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
        sink.bool(best.requiresAuthentication)
        if let shortcut = best.shortcut {
            sink.fixedKey("shortcut")
            sink.beginObject()
            sink.fixedKey("phrase")
            sink.string(shortcut.phrase)
            sink.member("userActivityType", ifPresent: shortcut.userActivityType)
            sink.member("title", ifPresent: shortcut.title)
            sink.endObject()
        }
        sink.endObject()
    }

    /// An interpretation's `parameters` object: each parameter's value, an array for multi-valued ones.
    public static func parameters(_ interpretation: Interpretation) -> JSONValue {
        JSONTreeBuilder.build { emitParameters(interpretation, into: &$0) }
    }

    /// One value: `{"spoken", "identifier"?, "value"?}`.
    public static func value(_ slot: SlotValue) -> JSONValue {
        JSONTreeBuilder.build { emitValue(slot, into: &$0) }
    }

    private static func emitParameters(_ interpretation: Interpretation, into sink: inout some JSONSink) {
        sink.beginObject()
        for (name, value) in interpretation.parameters {
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
        return (["\"\(result.text)\""] + body).joined(separator: "\n")
    }

    static func describe(_ slot: SlotValue) -> String {
        var text = "\"\(slot.spoken)\""
        if let identifier = slot.identifier { text += " → \(identifier)" }
        if let value = slot.value { text += " = \(value.serialized)" }
        return text
    }

    static func format(_ score: Double) -> String { String(format: "%.2f", score) }
}

import IntentParseBase
import IntentParseGrammar

/// hassil's match context: what the caller knows (`MatchContext.intentContext`, such as the
/// area the request is spoken in) and what the values matched add (a light's name adds
/// `{domain: light}`), checked against a data block's `requires_context` and
/// `excludes_context`.
///
/// A condition is a mapping of context keys. Under `requires_context` a key's value is a value
/// the context must hold, a list of values one of which it must hold, null (any value, as long
/// as there is one) or `{value: …, slot: true | "name"}`, which also copies the context's value
/// into the slot (of the key's name, or the one given). Under `excludes_context` a key's value
/// is a value, or a list of values, the context must not hold.
enum ContextRules {
    /// The members of a JSON object (none for anything else).
    static func members(_ value: JSONValue?) -> [(String, JSONValue)] {
        if case .object(let members)? = value { return members }
        return []
    }

    /// Whether `context` meets `requires`: every key present with an allowed value, or with
    /// `allowingMissingKeys` only the keys `context` has (a list value's own context).
    static func meets(_ requires: JSONValue?, _ context: [(String, JSONValue)], allowingMissingKeys: Bool = false) -> Bool {
        for (key, condition) in members(requires) {
            guard let actual = value(key, in: context) else {
                if allowingMissingKeys { continue }
                return false
            }
            if !allows(wanted(condition), actual) { return false }
        }
        return true
    }

    /// Whether `context` holds none of the values `excludes` names.
    static func avoids(_ excludes: JSONValue?, _ context: [(String, JSONValue)]) -> Bool {
        for (key, condition) in members(excludes) {
            guard let actual = value(key, in: context) else { continue }
            let excluded = wanted(condition)
            if case .array(let values) = excluded, values.contains(actual) { return false }
            if excluded == actual { return false }
        }
        return true
    }

    /// The slots `requires` copies from `context`: (slot, value), for a context that meets it.
    static func copiedSlots(_ requires: JSONValue?, _ context: [(String, JSONValue)]) -> [(slot: String, value: JSONValue)] {
        LanguageGrammar.contextCopies(requires).compactMap { key, slot in value(key, in: context).map { (slot, $0) } }
    }

    /// `context` with `more`'s keys set (later values win, as hassil merges them).
    static func merged(_ context: [(String, JSONValue)], _ more: [(String, JSONValue)]) -> [(String, JSONValue)] {
        var result = context
        for (key, value) in more {
            if let index = result.firstIndex(where: { $0.0 == key }) { result[index].1 = value } else { result.append((key, value)) }
        }
        return result
    }

    /// A context value: a value, or `{value: …}` (hassil's form of a value with its text).
    private static func value(_ key: String, in context: [(String, JSONValue)]) -> JSONValue? {
        guard let found = context.first(where: { $0.0 == key })?.1 else { return nil }
        if case .object(let members) = found { return members.first { $0.0 == "value" }?.1 ?? .null }
        return found
    }

    /// What a condition asks for: its `value` when it is a mapping.
    private static func wanted(_ condition: JSONValue) -> JSONValue {
        if case .object(let options) = condition { return options.first { $0.0 == "value" }?.1 ?? .null }
        return condition
    }

    private static func allows(_ wanted: JSONValue, _ actual: JSONValue) -> Bool {
        switch wanted {
        case .null: return true
        case .array(let values): return values.contains(actual)
        default: return wanted == actual
        }
    }
}

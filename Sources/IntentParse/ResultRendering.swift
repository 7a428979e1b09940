import Foundation

/// The JSON Lines output contract (DESIGN.md section 5): one object per utterance, keys in a
/// fixed order, `intent: null` with a `reason` when the utterance is rejected.
public enum ResultJSON {
    public static func object(_ result: MatchResult) -> JSONValue {
        var members: [(String, JSONValue)] = [("text", .string(result.text)), ("locale", .string(result.locale))]
        guard let best = result.best else {
            members += [("intent", .null), ("domain", .null), ("app", .null), ("appIdentifier", .null),
                        ("score", .number(0)), ("parameters", .object([])), ("missing", .array([])),
                        ("alternatives", .array([])), ("reason", .string(result.reason ?? "no match"))]
            return .object(members)
        }
        members += [
            ("intent", .string(best.intent)),
            ("domain", .string(best.domain.rawValue)),
            ("app", best.app.map { .string($0.displayName) } ?? .null),
            ("appIdentifier", best.app.map { .string($0.identifier) } ?? .null),
            ("score", .number(best.score)),
            ("parameters", parameters(best)),
            ("missing", .array(best.missing.map(JSONValue.string))),
            ("alternatives", .array(result.interpretations.dropFirst().map(alternative))),
            ("requiresAuthentication", .bool(best.requiresAuthentication)),
        ]
        if let shortcut = best.shortcut {
            var details: [(String, JSONValue)] = [("phrase", .string(shortcut.phrase))]
            if let type = shortcut.userActivityType { details.append(("userActivityType", .string(type))) }
            if let title = shortcut.title { details.append(("title", .string(title))) }
            members.append(("shortcut", .object(details)))
        }
        return .object(members)
    }

    public static func line(_ result: MatchResult) -> String { object(result).serialized }

    public static func parameters(_ interpretation: Interpretation) -> JSONValue {
        .object(interpretation.parameters.map { name, value in
            switch value {
            case .single(let slot): return (name, self.value(slot))
            case .multiple(let slots): return (name, .array(slots.map(self.value)))
            }
        })
    }

    public static func value(_ slot: SlotValue) -> JSONValue {
        var members: [(String, JSONValue)] = [("spoken", .string(slot.spoken))]
        if let identifier = slot.identifier { members.append(("identifier", .string(identifier))) }
        if let value = slot.value { members.append(("value", value)) }
        return .object(members)
    }

    static func alternative(_ interpretation: Interpretation) -> JSONValue {
        .object([("intent", .string(interpretation.intent)),
                 ("app", interpretation.app.map { .string($0.displayName) } ?? .null),
                 ("score", .number(interpretation.score))])
    }
}

/// The readable form (`--format text`): the utterance, then one aligned row per field.
public enum ResultText {
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

import Foundation

/// A JSON value whose objects keep their keys in insertion order.
///
/// NB: the output contract (DESIGN.md section 5) fixes the key order of every line, and
/// Foundation's encoders order keys by hash or alphabetically, so output goes through this type.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The member named `key` of an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// Compact serialisation on one line (no spaces), as JSON Lines needs.
    public var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    public func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += JSONValue.format(n)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                JSONValue.writeString(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    /// Integers print without a fraction; other numbers with up to 15 significant digits.
    static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        var text = String(format: "%.15g", n)
        if text.contains("e") { text = String(n) }
        return text
    }

    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        let plain = s.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 != 0xE2 }
        if plain {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20 || c.value == 0x2028 || c.value == 0x2029:
                out += String(format: "\\u%04x", c.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

/// Codable so that values can be saved in session files; objects decode with sorted keys,
/// since a decoder does not report the order keys were written in.
extension JSONValue: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            self = .object(try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                ($0.stringValue, try object.decode(JSONValue.self, forKey: $0))
            })
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null }
        else if let bool = try? single.decode(Bool.self) { self = .bool(bool) }
        else if let number = try? single.decode(Double.self) { self = .number(number) }
        else { self = .string(try single.decode(String.self)) }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in members { try container.encode(value, forKey: Key(stringValue: key)) }
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let b):
            var container = encoder.singleValueContainer()
            try container.encode(b)
        case .number(let n):
            var container = encoder.singleValueContainer()
            try container.encode(n)
        case .string(let s):
            var container = encoder.singleValueContainer()
            try container.encode(s)
        }
    }
}

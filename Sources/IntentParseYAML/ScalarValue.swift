import IntentParseBase

/// A scalar from YAML that keeps its type: numbers stay numbers, and unquoted yes/no/on/off
/// stay words (YAML 1.1 would turn them into booleans and surprise people writing lists).
package enum ScalarValue: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case integer(Int)
    case decimal(Double)
    case boolean(Bool)

    package var description: String {
        switch self {
        case .string(let s): return s
        case .integer(let i): return String(i)
        case .decimal(let d): return String(d)
        case .boolean(let b): return b ? "true" : "false"
        }
    }
}

extension ScalarValue {
    /// The value as JSON: numbers stay numbers, booleans booleans.
    package var json: JSONValue {
        switch self {
        case .string(let s): return .string(s)
        case .integer(let i): return .number(Double(i))
        case .decimal(let d): return .number(d)
        case .boolean(let b): return .bool(b)
        }
    }
}

import Foundation
import IntentParseBase
import IntentParseNormalization

/// A typed value found in an utterance by a built-in entity parser.
package enum EntityValue: Sendable, Hashable {
    case number(Double)
    /// 1-based position ("third" → 3).
    case ordinal(Int)
    /// An amount and its ISO 4217 code.
    case currency(amount: Double, code: String)
    /// A point in time, ISO 8601 (a date "2026-11-22", or a date and time with offset).
    case date(String)
    /// An interval, ISO 8601 "start/end".
    case interval(String)
    /// A length of time in seconds.
    case duration(seconds: Double)
    /// A measured amount: distances and workout goals ("5 miles" → 5, "mile").
    case quantity(value: Double, unit: String)

    /// The number as an integer when it is one without a fraction.
    package var integer: Int? {
        if case .number(let n) = self, n == n.rounded(), abs(n) < 1e15 { return Int(n) }
        return nil
    }

    /// The `value` of a parameter in the output contract (DESIGN.md section 5).
    package var json: JSONValue {
        switch self {
        case .number(let n): return .number(n)
        case .ordinal(let n): return .number(Double(n))
        case .currency(let amount, let code): return .object([("amount", .number(amount)), ("currencyCode", .string(code))])
        case .date(let iso), .interval(let iso): return .string(iso)
        case .duration(let seconds): return .object([("seconds", .number(seconds)), ("iso", .string(EntityValue.isoDuration(seconds)))])
        case .quantity(let value, let unit): return .object([("value", .number(value)), ("unit", .string(unit))])
        }
    }

    /// The largest magnitude entities produce: beyond it doubles lose whole numbers and
    /// integer conversions would trap, so parsers read nothing rather than a wrong value.
    static let maxMagnitude = 1e15

    /// "PT1H30M", "P2D", "PT45S"; empty for values no parser produces (negative, huge).
    static func isoDuration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0, seconds < maxMagnitude else { return "" }
        var rest = Int(seconds.rounded())
        let days = rest / 86_400
        rest %= 86_400
        let hours = rest / 3600, minutes = (rest % 3600) / 60, secs = rest % 60
        var text = "P" + (days > 0 ? "\(days)D" : "")
        if hours > 0 || minutes > 0 || secs > 0 || days == 0 {
            text +=
                "T" + (hours > 0 ? "\(hours)H" : "") + (minutes > 0 ? "\(minutes)M" : "")
                + (secs > 0 || (hours == 0 && minutes == 0) ? "\(secs)S" : "")
        }
        return text
    }
}

/// One way to read tokens `start..<end` as an entity.
package struct EntityMatch: Sendable, Hashable {
    /// Token indexes: the match covers tokens `start..<end`.
    package var start: Int
    package var end: Int
    package var value: EntityValue

    package init(start: Int, end: Int, value: EntityValue) {
        self.start = start
        self.end = end
        self.value = value
    }
}

/// What an entity parser needs besides the tokens: the reference time for relative dates
/// (`--now`) and the time zone they are expressed in.
public struct EntityContext: Sendable {
    /// The reference time relative dates resolve against ("tomorrow").
    public var now: Date
    /// The time zone dates are placed and written in.
    public var timeZone: TimeZone

    /// A context at `now` (default: the clock) in `timeZone` (default: this machine's).
    public init(now: Date = Date(), timeZone: TimeZone = .current) {
        self.now = now
        self.timeZone = timeZone
    }
}

/// A built-in value parser: given tokens and a start, every reading that starts there.
///
/// NB: parsers are classes. A parser holds its word tables inline (the date parser is over
/// 8 KB), and a call through `any EntityParser` on a struct copied all of it to the stack.
package protocol EntityParser: AnyObject, Sendable {
    var name: String { get }
    func matches(in text: TokenizedText, from start: Int, context: EntityContext) -> [EntityMatch]
    /// `matches`, keeping in `memo` what later calls on the same utterance may read again.
    func matches(in text: TokenizedText, from start: Int, context: EntityContext, memo: EntityMemo) -> [EntityMatch]
}

extension EntityParser {
    /// A parser that reads each position afresh keeps nothing.
    package func matches(in text: TokenizedText, from start: Int, context: EntityContext, memo: EntityMemo) -> [EntityMatch] {
        matches(in: text, from: start, context: context)
    }
}

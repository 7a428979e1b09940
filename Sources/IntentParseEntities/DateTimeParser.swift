import Foundation
import IntentParseNormalization

/// Dates, times and intervals relative to `context.now`: "today", "Monday", "tomorrow at 8",
/// "at 08:00", "at 8 pm", "tonight", "next Friday evening", "on March 3rd", "this weekend",
/// "in two hours" → `.date("2026-03-03")` (a day), `.date("2026-11-22T08:00:00-05:00")` (a
/// moment) or `.interval("start/end")` (parts of days, weekends).
///
/// An expression is up to three pieces — a day, a part of the day, a time — in any order
/// ("at 7 tomorrow evening", "Friday, March 3 at 8 pm"), or one offset ("in two hours") or
/// weekend. Every complete prefix is a reading, longest first. `DateResolver` says how each is
/// placed on the calendar.
public struct DateTimeParser: EntityParser {
    public let name = "dateTime"
    static let maxPieces = 3

    let words: CalendarWords
    let days: DayReader
    let times: TimeReader
    let durations: DurationParser
    let resolver: DateResolver

    /// Every word a date expression can start with; other words start none unless they hold a
    /// digit. A superset is harmless; it only spares the readers the positions that cannot be.
    let startKeys: Set<String>

    init(locale: String, data: EntityData, ordinals: OrdinalParser, durations: DurationParser) {
        let amounts = durations.measures.amounts
        words = CalendarWords(locale: locale, data: data, normalizer: amounts.normalizer)
        startKeys = words.startKeys.union(amounts.startKeys).union(ordinals.startKeys).union(durations.measures.units.startKeys)
        days = DayReader(words: words, ordinals: ordinals, numbers: amounts.numbers)
        times = TimeReader(words: words, amounts: amounts)
        self.durations = durations
        resolver = DateResolver(locale: Locale(identifier: locale), partsOfDay: data.partsOfDay)
    }

    public func matches(in text: TokenizedText, from start: Int, context: EntityContext) -> [EntityMatch] {
        // Most positions start no date at all: find that out before any bookkeeping.
        guard start < text.tokens.count, mayStart(text.tokens[start]) else { return [] }
        let firstPieces = pieces(text, from: start, first: true)
        if firstPieces.isEmpty { return [] }
        var readings: [EntityMatch] = []
        var placement: Placement?
        var piecesAt: [Int: [(end: Int, piece: DatePiece)]] = [start * 2 + 1: firstPieces]
        var frontier = [(position: start, expression: DateExpression())]
        for _ in 0..<DateTimeParser.maxPieces where !frontier.isEmpty {
            var next: [(position: Int, expression: DateExpression)] = []
            for state in frontier {
                let first = state.expression.isEmpty
                let found = piecesAt[state.position * 2 + (first ? 1 : 0)] ?? pieces(text, from: state.position, first: first)
                piecesAt[state.position * 2 + (first ? 1 : 0)] = found
                for (end, piece) in found {
                    guard let expression = state.expression.adding(piece) else { continue }
                    next.append((end, expression))
                    guard expression.isComplete else { continue }
                    placement = placement ?? resolver.placement(context)
                    if let placement, let value = resolver.value(expression, placement: placement) {
                        readings.append(EntityMatch(start: start, end: end, value: value))
                    }
                }
            }
            frontier = next
        }
        var seen = Set<EntityMatch>()
        return readings.sorted { $0.end > $1.end }.filter { seen.insert($0).inserted }
    }

    /// Whether a date can start at this token: a word some reader starts with, or anything
    /// with a digit in it ("8", "3rd", "10am", "2026-12-03").
    func mayStart(_ token: Token) -> Bool {
        token.kind == .number || startKeys.contains(token.looseKey) || token.text.unicodeScalars.contains { $0.properties.numericType != nil }
    }

    /// Every piece at `start`; after the first piece a comma may come before the next one.
    private func pieces(_ text: TokenizedText, from start: Int, first: Bool) -> [(end: Int, piece: DatePiece)] {
        var position = start
        if !first, position < text.tokens.count, text.tokens[position].text == "," { position += 1 }
        guard position < text.tokens.count else { return [] }
        var result = days.pieces(text, from: position) + times.times(text, from: position) + times.parts(text.tokens, from: position)
        result += weekends(text.tokens, from: position)
        if first { result += offsets(text, from: position) }
        return result
    }

    /// "this weekend", "the weekend", "next weekend".
    private func weekends(_ tokens: [Token], from start: Int) -> [(end: Int, piece: DatePiece)] {
        let afterNext = words.word(.next, tokens, at: start)
        let position = afterNext ?? words.word(.this, tokens, at: start) ?? words.word(.the, tokens, at: start) ?? start
        guard position > start, let end = words.word(.weekend, tokens, at: position) else { return [] }
        return [(end, .weekend(next: afterNext != nil))]
    }

    /// "in two hours", "in 3 days", "two hours from now".
    private func offsets(_ text: TokenizedText, from start: Int) -> [(end: Int, piece: DatePiece)] {
        func piece(_ span: (end: Int, seconds: Double, smallestUnit: Double)) -> DatePiece {
            .offset(seconds: span.seconds, dateOnly: span.smallestUnit >= 86_400 && span.seconds.truncatingRemainder(dividingBy: 86_400) == 0)
        }
        if let afterIn = words.word(.in, text.tokens, at: start) {
            return durations.spans(text, from: afterIn).map { ($0.end, piece($0)) }
        }
        return durations.spans(text, from: start).compactMap { span in
            words.word(.fromNow, text.tokens, at: span.end).map { ($0, piece(span)) }
        }
    }
}

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
package final class DateTimeParser: EntityParser {
    package let name = "dateTime"
    static let maxPieces = 3

    let words: CalendarWords
    let days: DayReader
    let times: TimeReader
    let durations: DurationParser
    let resolver: DateResolver

    /// Which readers may start at a token: most positions start no date, and most of the rest
    /// only one or two kinds of piece.
    let starts: DateStarts

    init(locale: String, data: EntityData, ordinals: OrdinalParser, durations: DurationParser) {
        let amounts = durations.measures.amounts
        words = CalendarWords(locale: locale, data: data, normalizer: amounts.normalizer)
        starts = DateStarts(words: words, ordinals: ordinals, amounts: amounts)
        days = DayReader(words: words, ordinals: ordinals, numbers: amounts.numbers)
        times = TimeReader(words: words, amounts: amounts)
        self.durations = durations
        resolver = DateResolver(
            locale: Locale(identifier: locale), partsOfDay: data.partsOfDay, parts: words.parts,
            firstWeekday: ICUCalendarWords.firstWeekday(locale: locale))
    }

    package func matches(in text: TokenizedText, from start: Int, context: EntityContext) -> [EntityMatch] {
        matches(in: text, from: start, context: context, memo: EntityMemo())
    }

    /// NB: the pieces at a position are the same whichever position the reading started at
    /// ("at 8 pm" after "tomorrow" or alone): they are read once per utterance, in `memo`.
    package func matches(in text: TokenizedText, from start: Int, context: EntityContext, memo: EntityMemo) -> [EntityMatch] {
        // Most positions start no date at all: find that out before any bookkeeping.
        guard start < text.tokens.count else { return [] }
        let pieces = memo.datePieces(of: self, tokenCount: text.tokens.count)
        if self.pieces(text, at: start, first: true, memo: pieces).isEmpty { return [] }
        var readings: [EntityMatch] = []
        var placement: Placement?
        var frontier = [(position: start, expression: DateExpression())]
        var next: [(position: Int, expression: DateExpression)] = []
        for _ in 0..<DateTimeParser.maxPieces where !frontier.isEmpty {
            next.removeAll(keepingCapacity: true)
            for state in frontier {
                let first = state.expression.isEmpty
                for index in self.pieces(text, at: state.position, first: first, memo: pieces) {
                    let (end, piece) = pieces.found[index]
                    guard let expression = state.expression.adding(piece) else { continue }
                    next.append((end, expression))
                    guard expression.isComplete else { continue }
                    placement = placement ?? resolver.placement(context)
                    if let placement, let value = resolver.value(expression, placement: placement) {
                        readings.append(EntityMatch(start: start, end: end, value: value))
                    }
                }
            }
            swap(&frontier, &next)
        }
        readings.sort { $0.end > $1.end }
        // The same reading may come from two pieces' orders: keep the first of each (few readings).
        var unique: [EntityMatch] = []
        for reading in readings where !unique.contains(reading) { unique.append(reading) }
        return unique
    }

    /// The pieces at `position` in `memo.found` (read now if they were not); after the first
    /// piece a comma may come before the next one.
    private func pieces(_ text: TokenizedText, at position: Int, first: Bool, memo: DatePieceMemo) -> Range<Int> {
        var start = position
        if !first, start < text.tokens.count, text.tokens[start].text == "," { start += 1 }
        guard start < text.tokens.count else { return 0..<0 }
        let readers = memo.readers(at: start) { starts.readers(text.tokens, at: start) }
        guard !readers.isEmpty else { return 0..<0 }
        return memo.pieces(at: position, first: first) { found in
            appendPieces(text, at: start, readers: readers, first: first, to: &found)
        }
    }

    /// Appends the pieces of `readers` at `position` (a valid index), in the readers' fixed order.
    func appendPieces(
        _ text: TokenizedText, at position: Int, readers: DateReaders, first: Bool,
        to result: inout [(end: Int, piece: DatePiece)]
    ) {
        if !readers.isDisjoint(with: .days) { days.appendPieces(text, from: position, readers: readers, to: &result) }
        if !readers.isDisjoint(with: .times) { times.appendTimes(text, from: position, readers: readers, to: &result) }
        if readers.contains(.part) { times.appendParts(text.tokens, from: position, to: &result) }
        if readers.contains(.weekend) { appendWeekend(text.tokens, from: position, to: &result) }
        if first, readers.contains(.offset) { appendOffsets(text, from: position, to: &result) }
    }

    /// "this weekend", "the weekend", "next weekend".
    private func appendWeekend(_ tokens: [Token], from start: Int, to result: inout [(end: Int, piece: DatePiece)]) {
        let afterNext = words.word(.next, tokens, at: start)
        let position = afterNext ?? words.word(.this, tokens, at: start) ?? words.word(.the, tokens, at: start) ?? start
        guard position > start, let end = words.word(.weekend, tokens, at: position) else { return }
        result.append((end, .weekend(next: afterNext != nil)))
    }

    /// "in two hours", "in 3 days", "two hours from now".
    private func appendOffsets(_ text: TokenizedText, from start: Int, to result: inout [(end: Int, piece: DatePiece)]) {
        func piece(_ span: (end: Int, seconds: Double, smallestUnit: Double)) -> DatePiece {
            .offset(seconds: span.seconds, dateOnly: span.smallestUnit >= 86_400 && span.seconds.truncatingRemainder(dividingBy: 86_400) == 0)
        }
        if let afterIn = words.word(.in, text.tokens, at: start) {
            for span in durations.spans(text, from: afterIn) { result.append((span.end, piece(span))) }
            return
        }
        for span in durations.spans(text, from: start) {
            if let end = words.word(.fromNow, text.tokens, at: span.end) { result.append((end, piece(span))) }
        }
    }
}

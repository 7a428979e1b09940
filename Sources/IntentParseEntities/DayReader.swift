import IntentParseNormalization

/// Reads the day pieces of a date expression: relative days ("tomorrow", "tonight"), weekdays
/// ("Monday", "next Friday"), month and day in either order with an optional year ("March 3rd",
/// "3 March 2027", "the 3rd of March"), a day of the month ("the 22nd") and ISO dates
/// ("2026-12-03"). Each reading may start with an "on" word.
///
/// NB: numeric dates with slashes ("3/4") are not read: March 4 or April 3 depends on the reader.
struct DayReader: Sendable {
    let words: CalendarWords
    let ordinals: OrdinalParser
    let numbers: NumberParser

    /// Appends the day pieces of `readers` (`DateReaders.days`) at `start` to `result`.
    ///
    /// NB: the readers append to one array rather than pass closures around: a closure that
    /// captures a reader (and so its phrase tables) may be specialised into code that copies it,
    /// dozens of retains a call. Lookups that find nothing return empty arrays, which allocate
    /// nothing.
    func appendPieces(_ text: TokenizedText, from start: Int, readers: DateReaders, to result: inout [(end: Int, piece: DatePiece)]) {
        let tokens = text.tokens
        let position = words.skipping(.on, tokens, at: start)
        if readers.contains(.relativeDay) {
            for match in words.relativeDays.matches(tokens, from: position) {
                result.append((match.end, match.value.part.map { .dayPart(.relative(match.value.offset), $0) } ?? .day(.relative(match.value.offset))))
            }
        }
        if readers.contains(.weekday) { appendWeekdays(tokens, from: position, to: &result) }
        if readers.contains(.monthFirst) { appendMonthFirst(text, from: position, to: &result) }
        if readers.contains(.dayFirst) { appendDayFirst(text, from: position, to: &result) }
        if readers.contains(.isoDate), let iso = isoDate(text, from: position) { result.append((iso.end, .day(iso.spec))) }
    }

    /// "Friday", "this Friday", "next Friday".
    private func appendWeekdays(_ tokens: [Token], from start: Int, to result: inout [(end: Int, piece: DatePiece)]) {
        var position = start
        var isNext = false
        if let end = words.word(.next, tokens, at: start) {
            (position, isNext) = (end, true)
        } else {
            position = words.skipping(.this, tokens, at: start)
        }
        for match in words.weekdays.matches(tokens, from: position) { result.append((match.end, .day(.weekday(match.value, next: isNext)))) }
    }

    /// "March 3", "March 3rd", "March the third", "March 3, 2027".
    private func appendMonthFirst(_ text: TokenizedText, from start: Int, to result: inout [(end: Int, piece: DatePiece)]) {
        for month in words.months.matches(text.tokens, from: start) {
            let dayStart = words.skipping(.the, text.tokens, at: afterAbbreviation(text.tokens, month.end))
            for day in dayNumbers(text, from: dayStart) {
                DayReader.appendWithYears(text, after: day.end, to: &result) { .monthDay(month: month.value, day: day.value, year: $0) }
            }
        }
    }

    /// "3 March", "3rd of March", "the 3rd of March 2027", and "the 22nd" alone.
    private func appendDayFirst(_ text: TokenizedText, from start: Int, to result: inout [(end: Int, piece: DatePiece)]) {
        let afterThe = words.word(.the, text.tokens, at: start)
        for day in dayNumbers(text, from: afterThe ?? start) {
            let monthStart = words.skipping(.of, text.tokens, at: day.end)
            for month in words.months.matches(text.tokens, from: monthStart) {
                DayReader.appendWithYears(text, after: month.end, to: &result) { .monthDay(month: month.value, day: day.value, year: $0) }
            }
            if afterThe != nil, day.isOrdinal { result.append((day.end, .day(.dayOfMonth(day.value)))) }
        }
    }

    /// The position after an abbreviation's full stop ("Aug. 9"), if one follows.
    private func afterAbbreviation(_ tokens: [Token], _ end: Int) -> Int {
        end < tokens.count && tokens[end].text == "." ? end + 1 : end
    }

    /// A day of the month, 1-31, as an ordinal ("3rd", "third") or a cardinal ("3").
    private func dayNumbers(_ text: TokenizedText, from start: Int) -> [(end: Int, value: Int, isOrdinal: Bool)] {
        var result: [(end: Int, value: Int, isOrdinal: Bool)] = []
        for ordinal in ordinals.ordinals(in: text, from: start) where (1...31).contains(ordinal.value) {
            result.append((ordinal.end, ordinal.value, true))
        }
        if let number = numbers.number(in: text, from: start), let n = EntityValue.number(number.value).integer, (1...31).contains(n) {
            result.append((number.end, n, false))
        }
        return result
    }

    /// Appends the reading with a year, when one follows ("March 3, 2027"), then the one without.
    private static func appendWithYears(_ text: TokenizedText, after end: Int, to result: inout [(end: Int, piece: DatePiece)],
                                        _ make: (Int?) -> DaySpec) {
        var position = end
        if position < text.tokens.count, text.tokens[position].text == "," { position += 1 }
        if position < text.tokens.count, let year = year(text.tokens[position]) { result.append((position + 1, .day(make(year)))) }
        result.append((end, .day(make(nil))))
    }

    /// A four-digit year.
    private static func year(_ token: Token) -> Int? {
        guard token.kind == .number, token.text.count == 4, let year = Int(token.text), (1000...9999).contains(year) else { return nil }
        return year
    }

    /// "2026-12-03", written without spaces.
    private func isoDate(_ text: TokenizedText, from start: Int) -> (end: Int, spec: DaySpec)? {
        let tokens = text.tokens
        guard start + 5 <= tokens.count, let year = DayReader.year(tokens[start]),
              tokens[start + 1].text == "-", tokens[start + 3].text == "-",
              tokens[(start + 1)..<(start + 5)].indices.allSatisfy({ tokens[$0].range.lowerBound == tokens[$0 - 1].range.upperBound }),
              let month = Int(tokens[start + 2].text), let day = Int(tokens[start + 4].text),
              tokens[start + 2].text.count == 2, tokens[start + 4].text.count == 2 else { return nil }
        return (start + 5, .monthDay(month: month, day: day, year: year))
    }
}

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

    func pieces(_ text: TokenizedText, from start: Int) -> [(end: Int, piece: DatePiece)] {
        let tokens = text.tokens
        let position = words.skipping(.on, tokens, at: start)
        var result = words.relativeDays.matches(tokens, from: position).map { match -> (end: Int, piece: DatePiece) in
            (match.end, match.value.part.map { .dayPart(.relative(match.value.offset), $0) } ?? .day(.relative(match.value.offset)))
        }
        result += weekdays(tokens, from: position)
        result += monthFirst(text, from: position).map { ($0.end, .day($0.spec)) }
        result += dayFirst(text, from: position).map { ($0.end, .day($0.spec)) }
        if let iso = isoDate(text, from: position) { result.append((iso.end, .day(iso.spec))) }
        return result
    }

    /// "Friday", "this Friday", "next Friday".
    private func weekdays(_ tokens: [Token], from start: Int) -> [(end: Int, piece: DatePiece)] {
        var position = start
        var isNext = false
        if let end = words.word(.next, tokens, at: start) {
            (position, isNext) = (end, true)
        } else {
            position = words.skipping(.this, tokens, at: start)
        }
        return words.weekdays.matches(tokens, from: position).map { ($0.end, .day(.weekday($0.value, next: isNext))) }
    }

    /// "March 3", "March 3rd", "March the third", "March 3, 2027".
    private func monthFirst(_ text: TokenizedText, from start: Int) -> [(end: Int, spec: DaySpec)] {
        words.months.matches(text.tokens, from: start).flatMap { month in
            dayNumbers(text, from: words.skipping(.the, text.tokens, at: afterAbbreviation(text.tokens, month.end))).flatMap { day in
                withYears(text, after: day.end) { .monthDay(month: month.value, day: day.value, year: $0) }
            }
        }
    }

    /// "3 March", "3rd of March", "the 3rd of March 2027", and "the 22nd" alone.
    private func dayFirst(_ text: TokenizedText, from start: Int) -> [(end: Int, spec: DaySpec)] {
        let afterThe = words.word(.the, text.tokens, at: start)
        return dayNumbers(text, from: afterThe ?? start).flatMap { day -> [(end: Int, spec: DaySpec)] in
            let monthStart = words.skipping(.of, text.tokens, at: day.end)
            var result = words.months.matches(text.tokens, from: monthStart).flatMap { month in
                withYears(text, after: month.end) { .monthDay(month: month.value, day: day.value, year: $0) }
            }
            if afterThe != nil, day.isOrdinal { result.append((day.end, .dayOfMonth(day.value))) }
            return result
        }
    }

    /// The position after an abbreviation's full stop ("Aug. 9"), if one follows.
    private func afterAbbreviation(_ tokens: [Token], _ end: Int) -> Int {
        end < tokens.count && tokens[end].text == "." ? end + 1 : end
    }

    /// A day of the month, 1-31, as an ordinal ("3rd", "third") or a cardinal ("3").
    private func dayNumbers(_ text: TokenizedText, from start: Int) -> [(end: Int, value: Int, isOrdinal: Bool)] {
        let context = EntityContext()
        let ordinal = ordinals.matches(in: text, from: start, context: context).compactMap { match -> (end: Int, value: Int, isOrdinal: Bool)? in
            guard case .ordinal(let n) = match.value, (1...31).contains(n) else { return nil }
            return (match.end, n, true)
        }
        let cardinal = numbers.matches(in: text, from: start, context: context).compactMap { match -> (end: Int, value: Int, isOrdinal: Bool)? in
            guard let n = match.value.integer, (1...31).contains(n) else { return nil }
            return (match.end, n, false)
        }
        return ordinal + cardinal
    }

    /// The reading without a year, and with one ("March 3, 2027") when a year follows.
    private func withYears(_ text: TokenizedText, after end: Int, _ make: (Int?) -> DaySpec) -> [(end: Int, spec: DaySpec)] {
        var result = [(end: end, spec: make(nil))]
        var position = end
        if position < text.tokens.count, text.tokens[position].text == "," { position += 1 }
        if position < text.tokens.count, let year = year(text.tokens[position]) { result.insert((position + 1, make(year)), at: 0) }
        return result
    }

    /// A four-digit year.
    private func year(_ token: Token) -> Int? {
        guard token.kind == .number, token.text.count == 4, let year = Int(token.text), (1000...9999).contains(year) else { return nil }
        return year
    }

    /// "2026-12-03", written without spaces.
    private func isoDate(_ text: TokenizedText, from start: Int) -> (end: Int, spec: DaySpec)? {
        let tokens = text.tokens
        guard start + 5 <= tokens.count, let year = year(tokens[start]),
              tokens[start + 1].text == "-", tokens[start + 3].text == "-",
              tokens[(start + 1)..<(start + 5)].indices.allSatisfy({ tokens[$0].range.lowerBound == tokens[$0 - 1].range.upperBound }),
              let month = Int(tokens[start + 2].text), let day = Int(tokens[start + 4].text),
              tokens[start + 2].text.count == 2, tokens[start + 4].text.count == 2 else { return nil }
        return (start + 5, .monthDay(month: month, day: day, year: year))
    }
}

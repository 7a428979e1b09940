import IntentParseNormalization

/// Reads the day pieces of a date expression: relative days ("tomorrow", "tonight"), weekdays
/// ("Monday", "next Friday", "vendredi prochain", "Freitag nächste Woche"), month and day in
/// either order with an optional year ("March 3rd", "3 March 2027", "the 3rd of March", "3月3号"),
/// a day of the month ("the 22nd", "le 22", "22号") and ISO dates ("2026-12-03"). Each reading
/// may start with an "on" word.
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
                result.append(
                    (match.end, match.value.part.map { .dayPart(.relative(match.value.offset), $0) } ?? .day(.relative(match.value.offset))))
            }
        }
        if readers.contains(.weekday) { appendWeekdays(tokens, from: position, to: &result) }
        if readers.contains(.monthFirst) { appendMonthFirst(text, from: position, to: &result) }
        if readers.contains(.dayFirst) {
            // "le 22": the "on" word just read may be a "the" word too.
            let onIsThe = position > start && (start..<position).contains { words.word(.the, tokens, at: $0) == position }
            appendDayFirst(text, from: position, afterThe: onIsThe || weekdayEnds(tokens, at: start), to: &result)
        }
        if readers.contains(.isoDate) {
            // An ISO date is read once, not again as digits in the locale's order ("y-M-d" in Chinese).
            if let iso = isoDate(text, from: position) {
                result.append((iso.end, .day(iso.spec)))
            } else if let numeric = numericDate(text, from: position, afterOn: position > start) {
                result.append((numeric.end, .day(numeric.spec)))
            }
        }
    }

    /// "Friday", "this Friday", "next Friday", "Friday next" ("vendredi prochain"), "Friday next
    /// week", "next week Friday", "next week on Friday".
    private func appendWeekdays(_ tokens: [Token], from start: Int, to result: inout [(end: Int, piece: DatePiece)]) {
        if let end = words.word(.nextWeek, tokens, at: start) {
            let matches = words.weekdays.matches(tokens, from: words.skipping(.on, tokens, at: end))
            for match in matches { result.append((match.end, .day(.weekdayOfNextWeek(match.value)))) }
            // A word that is both ("下" in "下周五", "下周末") says the next week before a weekday.
            if !matches.isEmpty { return }
        }
        var position = start
        var isNext = false
        if let end = words.word(.next, tokens, at: start) {
            (position, isNext) = (end, true)
        } else {
            position = words.skipping(.this, tokens, at: start)
        }
        // NB: a word typed with an apostrophe is no weekday's abbreviation ("we'd" is no "Wed"),
        // though its loose key, which drops apostrophes, spells one.
        for match in words.weekdays.matches(tokens, from: position) where !tokens[position..<match.end].contains(where: \.hasInnerApostrophe) {
            if !isNext {
                if let end = words.word(.nextWeek, tokens, at: match.end) { result.append((end, .day(.weekdayOfNextWeek(match.value)))) }
                if let end = words.word(.nextAfter, tokens, at: match.end) { result.append((end, .day(.weekday(match.value, next: true)))) }
            }
            result.append((match.end, .day(.weekday(match.value, next: isNext))))
        }
    }

    /// Whether a weekday (and a comma) ends at `end`: a day's number after it is the day of the
    /// month, as after "the" ("vendredi 27", "el viernes 27", "Freitag, 27."); the weekday and
    /// the day must then agree, as in "Friday the 27th".
    private func weekdayEnds(_ tokens: [Token], at end: Int) -> Bool {
        let last = end > 0 && tokens[end - 1].text == "," ? end - 1 : end
        return (1...3).contains { back in
            last - back >= 0 && words.weekdays.matches(tokens, from: last - back).contains { $0.end == last }
        }
    }

    /// "March 3", "March 3rd", "March the third", "March 3, 2027".
    private func appendMonthFirst(_ text: TokenizedText, from start: Int, to result: inout [(end: Int, piece: DatePiece)]) {
        for month in words.months.matches(text.tokens, from: start) {
            let dayStart = words.skipping(.the, text.tokens, at: afterAbbreviation(text.tokens, month.end))
            for day in dayNumbers(text, from: dayStart) {
                if let end = daySuffix(text.tokens, after: day.end) {
                    DayReader.appendWithYears(text, after: end, to: &result) { .monthDay(month: month.value, day: day.value, year: $0) }
                }
                DayReader.appendWithYears(text, after: day.end, to: &result) { .monthDay(month: month.value, day: day.value, year: $0) }
            }
        }
    }

    /// "3 March", "3rd of March", "the 3rd of March 2027", and a day of the month alone: "the
    /// 22nd", "the 22" ("le 22", "el 22", "am 22."), or a number with a day suffix ("22号").
    /// `afterThe`: a "the" word was read just before `start` (as the "on" word "le").
    private func appendDayFirst(_ text: TokenizedText, from start: Int, afterThe: Bool, to result: inout [(end: Int, piece: DatePiece)]) {
        let theEnd = words.word(.the, text.tokens, at: start)
        let hasThe = afterThe || theEnd != nil
        for day in dayNumbers(text, from: theEnd ?? start) {
            let monthStart = words.skipping(.of, text.tokens, at: day.end)
            for month in words.months.matches(text.tokens, from: monthStart) {
                DayReader.appendWithYears(text, after: month.end, to: &result) { .monthDay(month: month.value, day: day.value, year: $0) }
            }
            if let end = daySuffix(text.tokens, after: day.end) { result.append((end, .day(.dayOfMonth(day.value)))) }
            if hasThe { result.append((day.end, .day(.dayOfMonth(day.value)))) }
        }
    }

    /// The end of a day suffix after a day's number ("号" in "22号"), written glued to it or
    /// after an apostrophe ("22'sinde").
    private func daySuffix(_ tokens: [Token], after end: Int) -> Int? {
        var position = end
        if position + 1 < tokens.count, tokens[position].isPunctuation, tokens[position].range.lowerBound == tokens[position - 1].range.upperBound,
            tokens[position + 1].range.lowerBound == tokens[position].range.upperBound
        {
            position += 1
        }
        return words.word(.daySuffix, tokens, at: position)
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
    private static func appendWithYears(
        _ text: TokenizedText, after end: Int, to result: inout [(end: Int, piece: DatePiece)],
        _ make: (Int?) -> DaySpec
    ) {
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

    /// A date in digits in the locale's order (`CalendarWords.numericDateOrder`), written without
    /// spaces: "22.11.", "22.11.2026", "on 22/11", "11/22/26", "2026/11/22". Without a year, the
    /// day and month keep the locale's order, and something must make them a date: an "on" word
    /// before (`afterOn`) or a full stop after ("22.11."); "3/4" alone may be a fraction.
    private func numericDate(_ text: TokenizedText, from start: Int, afterOn: Bool) -> (end: Int, spec: DaySpec)? {
        guard let order = words.numericDateOrder, let read = DayReader.digitGroups(text.tokens, from: start) else { return nil }
        let groups = read.groups
        guard groups.count == 3 || afterOn || read.closed else { return nil }
        let fields: [Character]
        switch groups.count {
        case 3: fields = order
        case 2: fields = order.filter { $0 != "y" }
        default: return nil
        }
        var day = 0, month = 0, year: Int?
        for (field, digits) in zip(fields, groups) {
            guard let value = Int(digits) else { return nil }
            switch field {
            case "d":
                guard digits.count <= 2 else { return nil }
                day = value
            case "M":
                guard digits.count <= 2 else { return nil }
                month = value
            default:
                guard digits.count == 2 || digits.count == 4 else { return nil }
                year = digits.count == 2 ? 2000 + value : value
            }
        }
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        return (read.end, .monthDay(month: month, day: day, year: year))
    }

    /// Two or three groups of digits joined by one kind of separator ("/", "." or "-") with no
    /// space, as the tokenizer leaves them ("22.11" is one number token, "22/11" three tokens),
    /// and a full stop right after ("22.11.", `closed`); nil for anything else.
    private static func digitGroups(_ tokens: [Token], from start: Int) -> (groups: [Substring], end: Int, closed: Bool)? {
        var groups: [Substring] = []
        var separator: String?
        var position = start
        func glued(_ index: Int) -> Bool { index > start && tokens[index].range.lowerBound == tokens[index - 1].range.upperBound }
        // NB: tokens are read in place (a token copied out holds four strings), and digits
        // are told by their bytes: most starts asked here are no date.
        while position < tokens.count, groups.count < 3 {
            if !groups.isEmpty {
                let mark = tokens[position].text
                guard glued(position), tokens[position].isPunctuation, mark == "/" || mark == "." || mark == "-",
                    separator == nil || separator == mark, position + 1 < tokens.count, glued(position + 1),
                    tokens[position + 1].kind == .number
                else { break }
                separator = mark
                position += 1
            }
            guard tokens[position].kind == .number else { return nil }
            let number = tokens[position].text
            // ASCII digits and full stops only (the only ASCII characters that are numbers are
            // the digits), with digits between every two stops.
            guard number.utf8.allSatisfy({ $0 == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
            let parts = number.split(separator: ".", omittingEmptySubsequences: false)
            guard !parts.contains(where: \.isEmpty) else { return nil }
            if parts.count > 1 {
                guard separator == nil || separator == "." else { return nil }
                separator = "."
            }
            groups += parts
            position += 1
        }
        guard (2...3).contains(groups.count) else { return nil }
        if separator == ".", position < tokens.count, tokens[position].text == ".", glued(position) { return (groups, position + 1, true) }
        return (groups, position, false)
    }

    /// "2026-12-03", written without spaces.
    private func isoDate(_ text: TokenizedText, from start: Int) -> (end: Int, spec: DaySpec)? {
        let tokens = text.tokens
        guard start + 5 <= tokens.count, let year = DayReader.year(tokens[start]),
            tokens[start + 1].text == "-", tokens[start + 3].text == "-",
            tokens[(start + 1)..<(start + 5)].indices.allSatisfy({ tokens[$0].range.lowerBound == tokens[$0 - 1].range.upperBound }),
            let month = Int(tokens[start + 2].text), let day = Int(tokens[start + 4].text),
            tokens[start + 2].text.count == 2, tokens[start + 4].text.count == 2
        else { return nil }
        return (start + 5, .monthDay(month: month, day: day, year: year))
    }
}

extension Token {
    /// Whether the word as typed has an apostrophe between letters ("we'd", "it's").
    var hasInnerApostrophe: Bool {
        let units = Array(text.utf16)
        return units.indices.dropFirst().dropLast().contains { Normalizer.isApostrophe(units[$0]) }
    }
}

import IntentParseNormalization

/// Reads the time and part-of-day pieces of a date expression: "at 8", "8 pm", "8pm",
/// "8:30", "08:00", "8:30pm", "eight thirty", "8 o'clock", "noon"; "evening", "this evening",
/// "in the evening".
///
/// Minutes beside an hour are read as the language's data says them (`EntityData.Clock`): after
/// the hour's o'clock word ("20 heures 30", "8点15分", "8点半", and glued: "20h", "8h30"), after
/// a joining word ("huit heures et quart", "ocho y media", "nove meno un quarto"), before the
/// hour ("quarter past eight", "Viertel vor neun") or as a shift of it ("halb neun" is 8:30).
/// The minutes are a number, a minute word ("一刻") or a fraction of an hour ("demie", "quarter").
struct TimeReader: Sendable {
    let words: CalendarWords
    let amounts: AmountReader

    /// Appends the time pieces of `readers` (`DateReaders.times`) at `start` to `result`.
    func appendTimes(_ text: TokenizedText, from start: Int, readers: DateReaders, to result: inout [(end: Int, piece: DatePiece)]) {
        let tokens = text.tokens
        let afterAt = words.word(.at, tokens, at: start)
        let position = afterAt ?? start
        if readers.contains(.namedTime) {
            for match in words.namedTimes.matches(tokens, from: position) {
                let named = ClockTime(hour: match.value / 60, minute: match.value % 60, isExact: true, isExplicit: true)
                // "midi et demi", "minuit moins le quart".
                if named.minute == 0 { appendJoined(named, text, after: match.end, anchored: true, to: &result) }
                result.append((match.end, .time(named, anchored: true)))
            }
        }
        if readers.contains(.clockTime) {
            appendClockTimes(text, from: position, anchored: afterAt != nil, to: &result)
            appendShifted(text, from: position, anchored: afterAt != nil, to: &result)
            appendMinutesFirst(text, from: position, anchored: afterAt != nil, to: &result)
        }
    }

    /// Appends the part-of-day pieces at `start` to `result`: "evening", "this evening"
    /// (today's), "in the evening" (the next one).
    func appendParts(_ tokens: [Token], from start: Int, to result: inout [(end: Int, piece: DatePiece)]) {
        if let afterThis = words.word(.this, tokens, at: start) {
            for match in words.partWords.matches(tokens, from: afterThis) {
                result.append((match.end, .part(match.value, standalone: true, today: true)))
            }
            return
        }
        let afterIn = words.word(.inThe, tokens, at: start)
        for match in words.partWords.matches(tokens, from: afterIn ?? start) {
            result.append((match.end, .part(match.value, standalone: afterIn != nil, today: false)))
        }
    }

    /// An hour, maybe minutes, maybe AM/PM or "o'clock", each reading checked for range.
    private func appendClockTimes(_ text: TokenizedText, from start: Int, anchored: Bool, to result: inout [(end: Int, piece: DatePiece)]) {
        guard let hour = hour(text, at: start) else { return }
        let time = ClockTime(
            hour: hour.value, minute: hour.minute ?? 0, meridiem: hour.meridiem, isExact: hour.hasLeadingZero,
            isExplicit: hour.meridiem != nil || hour.saidOclock)
        if hour.saidOclock {
            // "20h", "8h30": the o'clock word (and the minutes) glued to the digits.
            if hour.minute == nil { appendMinutes(time, text, after: hour.end, direct: true, anchored: anchored, to: &result) }
            appendWithMeridiem(time, text.tokens, at: hour.end, anchored: anchored, to: &result)
            return
        }
        if time.meridiem == nil, let minutes = minutes(text, after: hour.end, hourIsWord: hour.isWord) {
            var withMinutes = time
            (withMinutes.minute, withMinutes.meridiem) = (minutes.value, minutes.meridiem)
            withMinutes.isExplicit = true
            appendSuffixed(withMinutes, text, at: minutes.end, anchored: anchored, to: &result)
        }
        if time.meridiem == nil { appendJoined(time, text, after: hour.end, anchored: anchored, to: &result) }
        appendSuffixed(time, text, at: hour.end, anchored: anchored, to: &result)
    }

    /// "halb neun": a shift word, then an hour it moves.
    private func appendShifted(_ text: TokenizedText, from start: Int, anchored: Bool, to result: inout [(end: Int, piece: DatePiece)]) {
        guard !words.shifts.isEmpty, let shift = words.shifts.longest(text.tokens, from: start),
            let hour = hour(text, at: shift.end), hour.meridiem == nil, hour.minute == nil
        else { return }
        var time = ClockTime(hour: hour.value, minute: 0, isExact: hour.hasLeadingZero, isExplicit: true)
        time.offset = shift.value
        appendSuffixed(time, text, at: hour.end, anchored: anchored, to: &result)
    }

    /// "quarter past eight", "zehn vor neun": minutes, a joining word, then the hour.
    private func appendMinutesFirst(_ text: TokenizedText, from start: Int, anchored: Bool, to result: inout [(end: Int, piece: DatePiece)]) {
        guard !(words.beforeHourPast.isEmpty && words.beforeHourTo.isEmpty),
            let minutes = minuteAmount(text, at: start), minutes.value > 0
        else { return }
        for isPast in [true, false] {
            guard let end = (isPast ? words.beforeHourPast : words.beforeHourTo).longest(text.tokens, from: minutes.end)?.end,
                let hour = hour(text, at: end), hour.minute == nil, !hour.saidOclock
            else { continue }
            var time = ClockTime(hour: hour.value, minute: 0, meridiem: hour.meridiem, isExact: hour.hasLeadingZero, isExplicit: true)
            if isPast { time.minute = minutes.value } else { time.offset = -minutes.value }
            appendSuffixed(time, text, at: hour.end, anchored: anchored, to: &result)
        }
    }

    /// Minutes after the hour said (maybe with its o'clock word): joined ("et quart", "y media",
    /// "moins dix") or, when `direct`, right after it ("20 heures 30", "8点半", "8点15分").
    private func appendMinutes(
        _ time: ClockTime, _ text: TokenizedText, after position: Int, direct: Bool, anchored: Bool,
        to result: inout [(end: Int, piece: DatePiece)]
    ) {
        appendJoined(time, text, after: position, anchored: anchored, to: &result)
        guard direct, let minutes = minuteAmount(text, at: position) else { return }
        var said = time
        (said.minute, said.isExplicit) = (minutes.value, true)
        appendWithMeridiem(said, text.tokens, at: minutes.end, anchored: anchored, to: &result)
    }

    /// A joining word and minutes after the hour: "et quart", "y media", "moins le quart".
    /// NB: the time is no more explicit than the hour was: "las ocho y media" needs "a" or a
    /// part of the day as "las ocho" does, so that "pour deux et demie" is no time.
    private func appendJoined(
        _ time: ClockTime, _ text: TokenizedText, after position: Int, anchored: Bool,
        to result: inout [(end: Int, piece: DatePiece)]
    ) {
        for isPast in [true, false] {
            let joins = isPast ? words.afterHourPast : words.afterHourTo
            guard !joins.isEmpty, let end = joins.longest(text.tokens, from: position)?.end,
                let minutes = minuteAmount(text, at: end), minutes.value > 0
            else { continue }
            var said = time
            if isPast { said.minute = minutes.value } else { said.offset = -minutes.value }
            appendWithMeridiem(said, text.tokens, at: minutes.end, anchored: anchored, to: &result)
        }
    }

    /// Minutes beside an hour: a minute word ("一刻"), a fraction of an hour ("demie", "un
    /// quarto": 30, 15) or a number from 0 to 59, maybe with a minute unit ("dix minutes", "15分").
    private func minuteAmount(_ text: TokenizedText, at start: Int) -> (end: Int, value: Int)? {
        let tokens = text.tokens
        guard start < tokens.count else { return nil }
        if let word = words.clockMinutes.longest(tokens, from: start) { return (word.end, word.value) }
        if let fraction = amounts.fraction(after: start, in: tokens, needsConjunction: false, takesConjunction: false),
            fraction.value > 0, fraction.value < 1
        {
            return (fraction.end, Int((fraction.value * 60).rounded()))
        }
        guard let number = amounts.numbers.number(in: text, from: start),
            let value = EntityValue.number(number.value).integer, (0...59).contains(value)
        else { return nil }
        return (words.minuteUnits.longest(tokens, from: number.end)?.end ?? number.end, value)
    }

    /// Appends the time with a following AM/PM or "o'clock" (and minutes after it), then as it
    /// is (each if valid).
    private func appendSuffixed(
        _ time: ClockTime, _ text: TokenizedText, at end: Int, anchored: Bool,
        to result: inout [(end: Int, piece: DatePiece)]
    ) {
        let tokens = text.tokens
        if time.meridiem == nil, let meridiem = words.meridiems.longest(tokens, from: end) {
            var said = time
            (said.meridiem, said.isExplicit) = (meridiem.value, true)
            if TimeReader.isValid(said) { result.append((meridiem.end, .time(said, anchored: anchored))) }
        } else if let oclock = words.word(.oclock, tokens, at: end) {
            var said = time
            said.isExplicit = true
            if time.minute == 0, time.offset == 0 { appendMinutes(said, text, after: oclock, direct: true, anchored: anchored, to: &result) }
            if TimeReader.isValid(said) { result.append((oclock, .time(said, anchored: anchored))) }
        }
        if TimeReader.isValid(time) { result.append((end, .time(time, anchored: anchored))) }
    }

    /// Appends the time with a following AM/PM, then as it is (each if valid).
    private func appendWithMeridiem(
        _ time: ClockTime, _ tokens: [Token], at end: Int, anchored: Bool,
        to result: inout [(end: Int, piece: DatePiece)]
    ) {
        if time.meridiem == nil, let meridiem = words.meridiems.longest(tokens, from: end) {
            var said = time
            (said.meridiem, said.isExplicit) = (meridiem.value, true)
            if TimeReader.isValid(said) { result.append((meridiem.end, .time(said, anchored: anchored))) }
        }
        if TimeReader.isValid(time) { result.append((end, .time(time, anchored: anchored))) }
    }

    /// An hour: `saidOclock` when an o'clock word was glued to its digits ("20h"), `minute` when
    /// minutes were too ("8h30").
    typealias Hour = (
        end: Int, value: Int, meridiem: CalendarWords.Meridiem?, hasLeadingZero: Bool, isWord: Bool,
        saidOclock: Bool, minute: Int?
    )

    /// The hour: digits ("8", "08", "８"), digits with AM/PM or an o'clock word glued on ("8pm",
    /// "20h", "8h30"), or number words.
    private func hour(_ text: TokenizedText, at start: Int) -> Hour? {
        guard start < text.tokens.count else { return nil }
        let token = text.tokens[start]
        // NB: the key, NFKC, so full-width digits ("８") count.
        let key = token.key
        if token.kind == .number, key.utf8.count <= 2, let value = Int(key) {
            return (start + 1, value, nil, key.utf8.count == 2 && key.hasPrefix("0"), false, false, nil)
        }
        if let glued = amounts.split(token), glued.value == glued.value.rounded() {
            if let meridiem = words.meridiems.value(of: glued.suffix, normalizer: amounts.normalizer) {
                return (start + 1, Int(glued.value), meridiem, false, false, false, nil)
            }
            if glued.value >= 0, glued.value < 24, let minute = gluedOclock(glued.suffix) {
                let zero = key.hasPrefix("0") && key.prefix(while: \.isNumber).count == 2
                return (start + 1, Int(glued.value), nil, zero, false, true, minute >= 0 ? minute : nil)
            }
        }
        if token.kind == .word, let named = words.clockHours.longest(text.tokens, from: start) {
            return (named.end, named.value, nil, false, true, false, nil)
        }
        if token.kind == .word, let number = amounts.numbers.number(in: text, from: start),
            let value = EntityValue.number(number.value).integer, value < 24
        {
            return (number.end, value, nil, false, true, false, nil)
        }
        guard let value = amounts.numbers.value(ofWord: token), value == value.rounded(), value < 24 else { return nil }
        return (start + 1, Int(value), nil, false, true, false, nil)
    }

    /// The minutes of an o'clock word glued to an hour's digits, as a loose key: "h" → -1 (no
    /// minutes), "h30" → 30; nil when the letters are no o'clock word or the rest is not minutes.
    private func gluedOclock(_ suffix: String) -> Int? {
        let letters = suffix.prefix { !$0.isNumber }
        let digits = suffix.dropFirst(letters.count)
        guard !letters.isEmpty, words.isOclock(String(letters), normalizer: amounts.normalizer) else { return nil }
        if digits.isEmpty { return -1 }
        guard digits.count == 2, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let minute = Int(digits), minute < 60 else { return nil }
        return minute
    }

    /// ":30", ":30pm" after digits; "thirty", "forty-five" after a word hour.
    private func minutes(_ text: TokenizedText, after start: Int, hourIsWord: Bool) -> (end: Int, value: Int, meridiem: CalendarWords.Meridiem?)? {
        let tokens = text.tokens
        guard start < tokens.count else { return nil }
        if hourIsWord {
            guard let number = amounts.numbers.number(in: text, from: start),
                let value = EntityValue.number(number.value).integer, (10...59).contains(value)
            else { return nil }
            return (number.end, value, nil)
        }
        // NB: keys, NFKC, so full-width colons and digits ("８：３０") count.
        guard tokens[start].key == ":", start + 1 < tokens.count, tokens[start + 1].key.count >= 2 else { return nil }
        let token = tokens[start + 1]
        if token.kind == .number, token.key.utf8.count == 2, let value = Int(token.key) { return (start + 2, value, nil) }
        guard let glued = amounts.split(token), let meridiem = words.meridiems.value(of: glued.suffix, normalizer: amounts.normalizer) else {
            return nil
        }
        return (start + 2, Int(glued.value), meridiem)
    }

    private static func isValid(_ time: ClockTime) -> Bool {
        guard (0...59).contains(time.minute) else { return false }
        return time.meridiem == nil ? (0...23).contains(time.hour) : (1...12).contains(time.hour)
    }
}

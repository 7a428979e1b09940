import IntentParseNormalization

/// Reads the time and part-of-day pieces of a date expression: "at 8", "8 pm", "8pm",
/// "8:30", "08:00", "8:30pm", "eight thirty", "8 o'clock", "noon"; "evening", "this evening",
/// "in the evening".
///
/// NB: "half past seven" and "quarter to eight" are not read yet.
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
                result.append((match.end, .time(ClockTime(hour: match.value / 60, minute: match.value % 60, isExact: true, isExplicit: true), anchored: true)))
            }
        }
        if readers.contains(.clockTime) { appendClockTimes(text, from: position, anchored: afterAt != nil, to: &result) }
    }

    /// Appends the part-of-day pieces at `start` to `result`: "evening", "this evening"
    /// (today's), "in the evening" (the next one).
    func appendParts(_ tokens: [Token], from start: Int, to result: inout [(end: Int, piece: DatePiece)]) {
        if let afterThis = words.word(.this, tokens, at: start) {
            for match in words.partWords.matches(tokens, from: afterThis) { result.append((match.end, .part(match.value, standalone: true, today: true))) }
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
        let time = ClockTime(hour: hour.value, minute: 0, meridiem: hour.meridiem, isExact: hour.hasLeadingZero,
                             isExplicit: hour.meridiem != nil)
        if time.meridiem == nil, let minutes = minutes(text, after: hour.end, hourIsWord: hour.isWord) {
            var withMinutes = time
            (withMinutes.minute, withMinutes.meridiem) = (minutes.value, minutes.meridiem)
            withMinutes.isExplicit = true
            appendSuffixed(withMinutes, text.tokens, at: minutes.end, anchored: anchored, to: &result)
        }
        appendSuffixed(time, text.tokens, at: hour.end, anchored: anchored, to: &result)
    }

    /// Appends the time with a following AM/PM or "o'clock", then as it is (each if valid).
    private func appendSuffixed(_ time: ClockTime, _ tokens: [Token], at end: Int, anchored: Bool,
                                to result: inout [(end: Int, piece: DatePiece)]) {
        if time.meridiem == nil, let meridiem = words.meridiems.longest(tokens, from: end) {
            var said = time
            (said.meridiem, said.isExplicit) = (meridiem.value, true)
            if TimeReader.isValid(said) { result.append((meridiem.end, .time(said, anchored: anchored))) }
        } else if let oclock = words.word(.oclock, tokens, at: end) {
            var said = time
            said.isExplicit = true
            if TimeReader.isValid(said) { result.append((oclock, .time(said, anchored: anchored))) }
        }
        if TimeReader.isValid(time) { result.append((end, .time(time, anchored: anchored))) }
    }

    typealias Hour = (end: Int, value: Int, meridiem: CalendarWords.Meridiem?, hasLeadingZero: Bool, isWord: Bool)

    /// The hour: digits ("8", "08"), digits with AM/PM glued on ("8pm"), or number words.
    private func hour(_ text: TokenizedText, at start: Int) -> Hour? {
        guard start < text.tokens.count else { return nil }
        let token = text.tokens[start]
        if token.kind == .number, token.text.count <= 2, let value = Int(token.text) {
            return (start + 1, value, nil, token.text.count == 2 && token.text.hasPrefix("0"), false)
        }
        if let glued = amounts.split(token), let meridiem = words.meridiems.value(of: glued.suffix, normalizer: amounts.normalizer),
           glued.value == glued.value.rounded() {
            return (start + 1, Int(glued.value), meridiem, false, false)
        }
        if token.kind == .word, let number = amounts.numbers.number(in: text, from: start),
           let value = EntityValue.number(number.value).integer, value < 24 {
            return (number.end, value, nil, false, true)
        }
        guard let value = amounts.numbers.value(ofWord: token), value == value.rounded(), value < 24 else { return nil }
        return (start + 1, Int(value), nil, false, true)
    }

    /// ":30", ":30pm" after digits; "thirty", "forty-five" after a word hour.
    private func minutes(_ text: TokenizedText, after start: Int, hourIsWord: Bool) -> (end: Int, value: Int, meridiem: CalendarWords.Meridiem?)? {
        let tokens = text.tokens
        guard start < tokens.count else { return nil }
        if hourIsWord {
            guard let number = amounts.numbers.number(in: text, from: start),
                  let value = EntityValue.number(number.value).integer, (10...59).contains(value) else { return nil }
            return (number.end, value, nil)
        }
        guard tokens[start].text == ":", start + 1 < tokens.count, tokens[start + 1].text.count >= 2 else { return nil }
        let token = tokens[start + 1]
        if token.kind == .number, token.text.count == 2, let value = Int(token.text) { return (start + 2, value, nil) }
        guard let glued = amounts.split(token), let meridiem = words.meridiems.value(of: glued.suffix, normalizer: amounts.normalizer) else { return nil }
        return (start + 2, Int(glued.value), meridiem)
    }

    private static func isValid(_ time: ClockTime) -> Bool {
        guard (0...59).contains(time.minute) else { return false }
        return time.meridiem == nil ? (0...23).contains(time.hour) : (1...12).contains(time.hour)
    }
}

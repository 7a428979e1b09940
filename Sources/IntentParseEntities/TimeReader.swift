import IntentParseNormalization

/// Reads the time and part-of-day pieces of a date expression: "at 8", "8 pm", "8pm",
/// "8:30", "08:00", "8:30pm", "eight thirty", "8 o'clock", "noon"; "evening", "this evening",
/// "in the evening".
///
/// NB: "half past seven" and "quarter to eight" are not read yet.
struct TimeReader: Sendable {
    let words: CalendarWords
    let amounts: AmountReader

    func times(_ text: TokenizedText, from start: Int) -> [(end: Int, piece: DatePiece)] {
        let tokens = text.tokens
        let afterAt = words.word(.at, tokens, at: start)
        let position = afterAt ?? start
        var result = words.namedTimes.matches(tokens, from: position).map { match -> (end: Int, piece: DatePiece) in
            (match.end, .time(ClockTime(hour: match.value / 60, minute: match.value % 60, isExact: true, isExplicit: true), anchored: true))
        }
        for clock in clockTimes(text, from: position) {
            result.append((clock.end, .time(clock.time, anchored: afterAt != nil)))
        }
        return result
    }

    /// "evening", "this evening" (today's), "in the evening" (the next one).
    func parts(_ tokens: [Token], from start: Int) -> [(end: Int, piece: DatePiece)] {
        if let afterThis = words.word(.this, tokens, at: start) {
            return words.partWords.matches(tokens, from: afterThis).map { ($0.end, .part($0.value, standalone: true, today: true)) }
        }
        let afterIn = words.word(.inThe, tokens, at: start)
        return words.partWords.matches(tokens, from: afterIn ?? start).map { ($0.end, .part($0.value, standalone: afterIn != nil, today: false)) }
    }

    /// An hour, maybe minutes, maybe AM/PM or "o'clock", each reading checked for range.
    private func clockTimes(_ text: TokenizedText, from start: Int) -> [(end: Int, time: ClockTime)] {
        guard let hour = hour(text, at: start) else { return [] }
        var result: [(end: Int, time: ClockTime)] = []
        let time = ClockTime(hour: hour.value, minute: 0, meridiem: hour.meridiem, isExact: hour.hasLeadingZero,
                             isExplicit: hour.meridiem != nil)
        if time.meridiem == nil, let minutes = minutes(text, after: hour.end, hourIsWord: hour.isWord) {
            var withMinutes = time
            (withMinutes.minute, withMinutes.meridiem) = (minutes.value, minutes.meridiem)
            withMinutes.isExplicit = true
            result += suffixed(withMinutes, text.tokens, at: minutes.end)
        }
        result += suffixed(time, text.tokens, at: hour.end)
        return result.filter { isValid($0.time) }
    }

    /// The time as it is, and with a following AM/PM or "o'clock".
    private func suffixed(_ time: ClockTime, _ tokens: [Token], at end: Int) -> [(end: Int, time: ClockTime)] {
        var result: [(end: Int, time: ClockTime)] = []
        if time.meridiem == nil, let meridiem = words.meridiems.longest(tokens, from: end) {
            var said = time
            (said.meridiem, said.isExplicit) = (meridiem.value, true)
            result.append((meridiem.end, said))
        } else if let oclock = words.word(.oclock, tokens, at: end) {
            var said = time
            said.isExplicit = true
            result.append((oclock, said))
        }
        result.append((end, time))
        return result
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
        if let match = amounts.numbers.matches(in: text, from: start, context: EntityContext()).first,
           token.kind == .word, let value = match.value.integer, value < 24 {
            return (match.end, value, nil, false, true)
        }
        guard let value = amounts.numbers.value(ofWord: token), value == value.rounded(), value < 24 else { return nil }
        return (start + 1, Int(value), nil, false, true)
    }

    /// ":30", ":30pm" after digits; "thirty", "forty-five" after a word hour.
    private func minutes(_ text: TokenizedText, after start: Int, hourIsWord: Bool) -> (end: Int, value: Int, meridiem: CalendarWords.Meridiem?)? {
        let tokens = text.tokens
        guard start < tokens.count else { return nil }
        if hourIsWord {
            let match = amounts.numbers.matches(in: text, from: start, context: EntityContext()).first
            guard let match, let value = match.value.integer, (10...59).contains(value) else { return nil }
            return (match.end, value, nil)
        }
        guard tokens[start].text == ":", start + 1 < tokens.count, tokens[start + 1].text.count >= 2 else { return nil }
        let token = tokens[start + 1]
        if token.kind == .number, token.text.count == 2, let value = Int(token.text) { return (start + 2, value, nil) }
        guard let glued = amounts.split(token), let meridiem = words.meridiems.value(of: glued.suffix, normalizer: amounts.normalizer) else { return nil }
        return (start + 2, Int(glued.value), meridiem)
    }

    private func isValid(_ time: ClockTime) -> Bool {
        guard (0...59).contains(time.minute) else { return false }
        return time.meridiem == nil ? (0...23).contains(time.hour) : (1...12).contains(time.hour)
    }
}

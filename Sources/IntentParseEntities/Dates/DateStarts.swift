import IntentParseNormalization

/// The readers of `DateTimeParser`, as a set: which of them may find a piece at a position.
struct DateReaders: OptionSet, Sendable {
    let rawValue: UInt32

    /// "tomorrow", "on tonight".
    static let relativeDay = DateReaders(rawValue: 1 << 0)
    /// "Friday", "on next Friday".
    static let weekday = DateReaders(rawValue: 1 << 1)
    /// "March 3rd".
    static let monthFirst = DateReaders(rawValue: 1 << 2)
    /// "3rd of March", "the 22nd".
    static let dayFirst = DateReaders(rawValue: 1 << 3)
    /// "2026-12-03".
    static let isoDate = DateReaders(rawValue: 1 << 4)
    /// "noon", "at midnight".
    static let namedTime = DateReaders(rawValue: 1 << 5)
    /// "at 8", "8:30 pm", "eight thirty".
    static let clockTime = DateReaders(rawValue: 1 << 6)
    /// "evening", "this evening", "in the evening".
    static let part = DateReaders(rawValue: 1 << 7)
    /// "this weekend".
    static let weekend = DateReaders(rawValue: 1 << 8)
    /// "in two hours", "two hours from now" (a first piece only).
    static let offset = DateReaders(rawValue: 1 << 9)

    static let days: DateReaders = [.relativeDay, .weekday, .monthFirst, .dayFirst, .isoDate]
    static let times: DateReaders = [.namedTime, .clockTime]
    static let all: DateReaders = [.days, .times, .part, .weekend, .offset]
}

/// Which readers may start at a token, told from the token alone: most positions of an
/// utterance start no date, and many that pass a plain "is this a date word" test ("a", "at",
/// "the", "in") start only one or two kinds of piece, so the other readers need not run.
///
/// A token with a digit in it may start anything ("8", "3rd", "8pm", "2026"). Any other token
/// starts a reader only through its loose key: each reader's first token is a phrase table's
/// first key (its optional lead words, "on", "at", "next", included), or a number word. So the
/// set for a word is the readers whose first keys hold its loose key: a superset of the ones
/// that find something, which is all the readers need to be spared safely.
struct DateStarts: Sendable {
    private let readers: StringFlags

    init(words: CalendarWords, ordinals: OrdinalParser, amounts: AmountReader) {
        let numberWords = amounts.numbers.startKeys
        let on = words.startKeys(.on)
        // Minutes said before the hour ("quarter past eight", "Viertel vor neun") start with a
        // minute word, a fraction or an article ("a quarter"), where the language says them so.
        let minutesFirst =
            words.beforeHourPast.isEmpty && words.beforeHourTo.isEmpty
            ? Set<String>()
            : words.clockMinutes.startKeys.union(amounts.fractions.startKeys).union(amounts.articles.startKeys)
        let starts: [(DateReaders, Set<String>)] = [
            (.relativeDay, on.union(words.relativeDays.startKeys)),
            (
                .weekday,
                on.union(words.startKeys(.next)).union(words.startKeys(.this)).union(words.startKeys(.nextWeek)).union(words.weekdays.startKeys)
            ),
            (.monthFirst, on.union(words.months.startKeys)),
            (.dayFirst, on.union(words.startKeys(.the)).union(ordinals.wordStartKeys).union(numberWords)),
            (.isoDate, on),
            (.namedTime, words.startKeys(.at).union(words.namedTimes.startKeys)),
            (.clockTime, words.startKeys(.at).union(numberWords).union(words.clockHours.startKeys).union(words.shifts.startKeys).union(minutesFirst)),
            (.part, words.startKeys(.this).union(words.startKeys(.inThe)).union(words.partWords.startKeys)),
            (.weekend, words.startKeys(.next).union(words.startKeys(.this)).union(words.startKeys(.the))),
            (.offset, words.startKeys(.in).union(numberWords).union(amounts.articles.startKeys).union(amounts.fractions.startKeys))
        ]
        var flags: [String: UInt32] = [:]
        for (reader, keys) in starts {
            for key in keys { flags[key, default: 0] |= reader.rawValue }
        }
        readers = StringFlags(flags)
    }

    /// The readers that may find a piece starting at token `index` (a valid index).
    ///
    /// NB: the token's fields are read in place: a `Token` copied out holds four strings, each
    /// retained and released, and this runs at every position asked.
    func readers(_ tokens: [Token], at index: Int) -> DateReaders {
        if tokens[index].kind == .number || DateStarts.hasDigit(tokens[index].text) { return .all }
        return DateReaders(rawValue: readers.flags(of: tokens[index].looseKey))
    }

    /// Whether some character of `text` has a numeric value.
    static func hasDigit(_ text: String) -> Bool {
        var isASCII = true
        for byte in text.utf8 {
            // The only ASCII characters with a numeric value are the digits.
            if (0x30...0x39).contains(byte) { return true }
            if byte >= 0x80 { isASCII = false }
        }
        return !isASCII && text.unicodeScalars.contains { $0.properties.numericType != nil }
    }
}

import IntentParseNormalization

/// The words of dates in one locale, as phrase tables: month and weekday names and AM/PM from
/// ICU's date format symbols (wide and abbreviated), everything else from the data file.
struct CalendarWords: Sendable {
    enum Meridiem: Sendable, Hashable { case am, pm }

    /// A day counted from today, maybe narrowed to a part of it (an index into `parts`).
    struct RelativeDay: Sendable {
        var offset: Int
        var part: Int?
    }

    /// 1 = January ... 12 = December.
    private(set) var months = PhraseTable<Int>()
    /// 1 = Sunday ... 7 = Saturday, as Foundation's `Calendar` counts them.
    private(set) var weekdays = PhraseTable<Int>()
    private(set) var meridiems = PhraseTable<Meridiem>()
    private(set) var relativeDays = PhraseTable<RelativeDay>()
    /// Part-of-day words → the part's index in `parts`.
    private(set) var partWords = PhraseTable<Int>()
    /// Named times → minutes after midnight ("noon" → 720).
    private(set) var namedTimes = PhraseTable<Int>()
    /// The small words, one table per role (`EntityData.DateWord`): stored properties rather
    /// than a dictionary, so a lookup hashes nothing and copies no table.
    private let am, pm, oclock, this, next, at, on, `in`, the, of, inThe, fromNow, weekend: PhraseTable<Bool>
    private let nextAfter, nextWeek, daySuffix: PhraseTable<Bool>
    /// How the clock is said (`EntityData.Clock`): hour and minute words the numbers lack, the
    /// words that join minutes to an hour after it or before it, and the words that shift an hour.
    private(set) var clockHours = PhraseTable<Int>()
    private(set) var clockMinutes = PhraseTable<Int>()
    private(set) var afterHourPast = PhraseTable<Bool>()
    private(set) var afterHourTo = PhraseTable<Bool>()
    private(set) var beforeHourPast = PhraseTable<Bool>()
    private(set) var beforeHourTo = PhraseTable<Bool>()
    private(set) var shifts = PhraseTable<Int>()
    /// The words for minutes as a unit of time ("minutes", "分"), which may follow minutes
    /// beside an hour ("neuf heures moins dix minutes", "8点15分").
    private(set) var minuteUnits = PhraseTable<Bool>()
    /// Every part of the day a piece may name, by index: the data's parts in order of name,
    /// then any other name a relative day gives (nil: a part without hours). Pieces carry the
    /// index rather than the name, so that they copy and hash without touching a string.
    let parts: [EntityData.PartOfDay?]
    /// The order of day ("d"), month ("M") and year ("y") in the locale's numeric dates, as ICU
    /// writes them ("22.11.2026", "11/22/2026", "2026/11/22"); nil: none are read.
    let numericDateOrder: [Character]?

    init(locale: String, data: EntityData, normalizer: Normalizer) {
        let sortedParts = data.partsOfDay.values.sorted(by: { $0.name < $1.name })
        var partNames = sortedParts.map(\.name)
        for name in data.relativeDays.values.compactMap(\.part).sorted() where !partNames.contains(name) { partNames.append(name) }
        parts = partNames.map { data.partsOfDay[$0] }
        numericDateOrder = ICUCalendarWords.numericDateOrder(locale: locale)
        for kind in [ICUCalendarWords.Kind.months, .shortMonths] {
            for (index, name) in ICUCalendarWords.symbols(locale: locale, kind: kind).enumerated() where index < 12 {
                months.add(name, index + 1, normalizer: normalizer)
            }
        }
        for kind in [ICUCalendarWords.Kind.weekdays, .shortWeekdays] {
            for (index, name) in ICUCalendarWords.symbols(locale: locale, kind: kind).enumerated() where (1...7).contains(index) {
                weekdays.add(name, index, normalizer: normalizer)
            }
        }
        // The data's weekdays count as ISO 8601 does (1 Monday ... 7 Sunday), Foundation from Sunday.
        for (word, day) in data.weekdayWords.sorted(by: { $0.key < $1.key }) { weekdays.add(word, day % 7 + 1, normalizer: normalizer) }
        // ICU's AM/PM symbols, unless the data gives the same word another role: German "am"
        // is "on" ("für zwei am Freitag" is no 2 AM). The data's own AM/PM words always count.
        let otherRoles = Set(
            EntityData.DateWord.allCases.filter { $0 != .am && $0 != .pm }.flatMap { data.words($0) }
                .map { normalizer.looseKeys($0).joined(separator: " ") })
        let icuMeridiems = ICUCalendarWords.symbols(locale: locale, kind: .amPm)
        for (index, meridiem) in [Meridiem.am, .pm].enumerated() {
            let extra = data.words(meridiem == .am ? .am : .pm)
            let icu = index < icuMeridiems.count ? [icuMeridiems[index]] : []
            meridiems.add(
                extra + icu.filter { !otherRoles.contains(normalizer.looseKeys($0).joined(separator: " ")) }, meridiem, normalizer: normalizer)
        }
        for (word, day) in data.relativeDays {
            relativeDays.add(word, RelativeDay(offset: day.offset, part: day.part.flatMap { partNames.firstIndex(of: $0) }), normalizer: normalizer)
        }
        for (index, part) in sortedParts.enumerated() { partWords.add(part.words, index, normalizer: normalizer) }
        for (word, minutes) in data.namedTimes { namedTimes.add(word, minutes, normalizer: normalizer) }
        for (word, hour) in data.clock.hours { clockHours.add(word, hour, normalizer: normalizer) }
        for (word, minutes) in data.clock.minutes { clockMinutes.add(word, minutes, normalizer: normalizer) }
        for (word, minutes) in data.clock.shifts { shifts.add(word, minutes, normalizer: normalizer) }
        afterHourPast.add(data.clock.afterHourPast, true, normalizer: normalizer)
        afterHourTo.add(data.clock.afterHourTo, true, normalizer: normalizer)
        beforeHourPast.add(data.clock.beforeHourPast, true, normalizer: normalizer)
        beforeHourTo.add(data.clock.beforeHourTo, true, normalizer: normalizer)
        minuteUnits.add(data.durationUnits["minute"] ?? [], true, normalizer: normalizer)
        func words(_ role: EntityData.DateWord) -> PhraseTable<Bool> {
            var table = PhraseTable<Bool>()
            table.add(data.words(role), true, normalizer: normalizer)
            return table
        }
        (am, pm, oclock, this, next, at, on) = (words(.am), words(.pm), words(.oclock), words(.this), words(.next), words(.at), words(.on))
        (`in`, the, of, inThe, fromNow, weekend) = (words(.in), words(.the), words(.of), words(.inThe), words(.fromNow), words(.weekend))
        (nextAfter, nextWeek, daySuffix) = (words(.nextAfter), words(.nextWeek), words(.daySuffix))
    }

    /// The first keys of the words of `role`.
    func startKeys(_ role: EntityData.DateWord) -> Set<String> {
        switch role {
        case .am: return am.startKeys
        case .pm: return pm.startKeys
        case .oclock: return oclock.startKeys
        case .this: return this.startKeys
        case .next: return next.startKeys
        case .at: return at.startKeys
        case .on: return on.startKeys
        case .in: return `in`.startKeys
        case .the: return the.startKeys
        case .of: return of.startKeys
        case .inThe: return inThe.startKeys
        case .fromNow: return fromNow.startKeys
        case .weekend: return weekend.startKeys
        case .nextAfter: return nextAfter.startKeys
        case .nextWeek: return nextWeek.startKeys
        case .daySuffix: return daySuffix.startKeys
        }
    }

    /// Where a word of `role` ("at", "next", ...) at `start` ends, if there is one.
    func word(_ role: EntityData.DateWord, _ tokens: [Token], at start: Int) -> Int? {
        switch role {
        case .am: return am.longest(tokens, from: start)?.end
        case .pm: return pm.longest(tokens, from: start)?.end
        case .oclock: return oclock.longest(tokens, from: start)?.end
        case .this: return this.longest(tokens, from: start)?.end
        case .next: return next.longest(tokens, from: start)?.end
        case .at: return at.longest(tokens, from: start)?.end
        case .on: return on.longest(tokens, from: start)?.end
        case .in: return `in`.longest(tokens, from: start)?.end
        case .the: return the.longest(tokens, from: start)?.end
        case .of: return of.longest(tokens, from: start)?.end
        case .inThe: return inThe.longest(tokens, from: start)?.end
        case .fromNow: return fromNow.longest(tokens, from: start)?.end
        case .weekend: return weekend.longest(tokens, from: start)?.end
        case .nextAfter: return nextAfter.longest(tokens, from: start)?.end
        case .nextWeek: return nextWeek.longest(tokens, from: start)?.end
        case .daySuffix: return daySuffix.longest(tokens, from: start)?.end
        }
    }

    /// Whether a whole phrase (a suffix glued to digits: "h" in "20h") is an o'clock word.
    func isOclock(_ phrase: String, normalizer: Normalizer) -> Bool {
        oclock.value(of: phrase, normalizer: normalizer) != nil
    }

    /// `start`, or the end of an optional word of `role` there.
    func skipping(_ role: EntityData.DateWord, _ tokens: [Token], at start: Int) -> Int {
        word(role, tokens, at: start) ?? start
    }
}

import CIntentParseICU
import IntentParseNormalization

/// The words of dates in one locale, as phrase tables: month and weekday names and AM/PM from
/// ICU's date format symbols (wide and abbreviated), everything else from the data file.
struct CalendarWords: Sendable {
    enum Meridiem: Sendable, Hashable { case am, pm }

    /// 1 = January ... 12 = December.
    private(set) var months = PhraseTable<Int>()
    /// 1 = Sunday ... 7 = Saturday, as Foundation's `Calendar` counts them.
    private(set) var weekdays = PhraseTable<Int>()
    private(set) var meridiems = PhraseTable<Meridiem>()
    private(set) var relativeDays = PhraseTable<EntityData.RelativeDay>()
    /// Part-of-day words → the part's name.
    private(set) var partWords = PhraseTable<String>()
    /// Named times → minutes after midnight ("noon" → 720).
    private(set) var namedTimes = PhraseTable<Int>()
    private var roles: [EntityData.DateWord: PhraseTable<Bool>] = [:]
    let partsOfDay: [String: EntityData.PartOfDay]

    init(locale: String, data: EntityData, normalizer: Normalizer) {
        partsOfDay = data.partsOfDay
        for kind in [CIP_DATE_MONTHS, CIP_DATE_SHORT_MONTHS] {
            for (index, name) in ICUCalendarWords.symbols(locale: locale, kind: kind).enumerated() where index < 12 {
                months.add(name, index + 1, normalizer: normalizer)
            }
        }
        for kind in [CIP_DATE_WEEKDAYS, CIP_DATE_SHORT_WEEKDAYS] {
            for (index, name) in ICUCalendarWords.symbols(locale: locale, kind: kind).enumerated() where (1...7).contains(index) {
                weekdays.add(name, index, normalizer: normalizer)
            }
        }
        let icuMeridiems = ICUCalendarWords.symbols(locale: locale, kind: CIP_DATE_AM_PM)
        for (index, meridiem) in [Meridiem.am, .pm].enumerated() {
            let extra = data.words(meridiem == .am ? .am : .pm)
            meridiems.add(extra + (index < icuMeridiems.count ? [icuMeridiems[index]] : []), meridiem, normalizer: normalizer)
        }
        for (word, day) in data.relativeDays { relativeDays.add(word, day, normalizer: normalizer) }
        for part in data.partsOfDay.values.sorted(by: { $0.name < $1.name }) { partWords.add(part.words, part.name, normalizer: normalizer) }
        for (word, minutes) in data.namedTimes { namedTimes.add(word, minutes, normalizer: normalizer) }
        for role in EntityData.DateWord.allCases {
            var table = PhraseTable<Bool>()
            table.add(data.words(role), true, normalizer: normalizer)
            roles[role] = table
        }
    }

    /// Every word a calendar phrase or a date word of any role can start with.
    var startKeys: Set<String> {
        var keys = months.startKeys.union(weekdays.startKeys).union(meridiems.startKeys).union(relativeDays.startKeys)
        keys.formUnion(partWords.startKeys)
        keys.formUnion(namedTimes.startKeys)
        for table in roles.values { keys.formUnion(table.startKeys) }
        return keys
    }

    /// Where a word of `role` ("at", "next", ...) at `start` ends, if there is one.
    func word(_ role: EntityData.DateWord, _ tokens: [Token], at start: Int) -> Int? {
        roles[role]?.longest(tokens, from: start)?.end
    }

    /// `start`, or the end of an optional word of `role` there.
    func skipping(_ role: EntityData.DateWord, _ tokens: [Token], at start: Int) -> Int {
        word(role, tokens, at: start) ?? start
    }
}

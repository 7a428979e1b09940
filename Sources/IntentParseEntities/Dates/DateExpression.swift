/// A calendar day as it was said, before it is placed relative to now.
enum DaySpec: Sendable, Hashable {
    /// Today plus a number of days ("tomorrow" → 1).
    case relative(Int)
    /// 1 = Sunday ... 7 = Saturday; `next`: "next Friday" (never today).
    case weekday(Int, next: Bool)
    /// That weekday in the calendar week after this one: "Freitag nächste Woche", "下周五".
    case weekdayOfNextWeek(Int)
    /// "March 3rd", "3 March 2027".
    case monthDay(month: Int, day: Int, year: Int?)
    /// "the 22nd": that day of this month, or of the next month once it has passed.
    case dayOfMonth(Int)
}

/// A time of day as it was said.
struct ClockTime: Sendable, Hashable {
    var hour: Int
    var minute: Int
    var meridiem: CalendarWords.Meridiem?
    /// Written so that it cannot be any other time: 24-hour ("20:00", "08:00") or named ("noon").
    var isExact = false
    /// Written so that it can only be a time ("8 pm", "8:30", "noon", "8 o'clock"), not a bare
    /// number; a bare number is a time only after "at" or next to a part of the day.
    var isExplicit = false
    /// Minutes taken from (or added to) the hour said: "quarter to nine" is 9:00 and -15,
    /// "halb neun" 9:00 and -30, so that each reading of the hour keeps its own.
    var offset = 0

    /// The minutes after midnight it may mean: "at 8" → 8:00 and 20:00; "8 pm" → 20:00 only.
    var candidates: [Int] {
        let said: [Int]
        switch meridiem {
        case .am: said = [(hour % 12) * 60 + minute]
        case .pm: said = [(hour % 12 + 12) * 60 + minute]
        case nil:
            let base = hour * 60 + minute
            said = !isExact && (1...11).contains(hour) ? [base, base + 720] : [base]
        }
        return offset == 0 ? said : said.map { ($0 + offset + 1440) % 1440 }
    }
}

/// One recognised part of a date expression.
enum DatePiece: Sendable {
    case day(DaySpec)
    /// A part of the day, by its index in `CalendarWords.parts`; `standalone`: said so that it
    /// needs nothing else ("this evening", "in the morning").
    case part(Int, standalone: Bool, today: Bool)
    /// A day narrowed to a part of it ("tonight").
    case dayPart(DaySpec, Int)
    /// `anchored`: after "at", so a bare number counts.
    case time(ClockTime, anchored: Bool)
    case weekend(next: Bool)
    /// "in two hours", "3 days from now"; `dateOnly` when counted in days or weeks.
    case offset(seconds: Double, dateOnly: Bool)
}

/// The pieces of one date expression put together, at most one of each kind.
struct DateExpression: Sendable, Hashable {
    struct Offset: Sendable, Hashable {
        var seconds: Double
        var dateOnly: Bool
    }

    var day: DaySpec?
    /// A weekday said beside a calendar day ("Friday, March 5"): the day must fall on it.
    var weekdayCheck: Int?
    /// An index into `CalendarWords.parts`.
    var part: Int?
    var partIsToday = false
    var partIsStandalone = false
    var time: ClockTime?
    var timeIsAnchored = false
    var weekend: Bool?
    var offset: Offset?

    /// Hashes one word mixed from every field: the resolver's cache hashes an expression per
    /// reading, and hashing each field on its own costs a hasher round per field. Equal
    /// expressions mix equally, which is all hashing needs.
    func hash(into hasher: inout Hasher) {
        var mixed: UInt64 = 0
        func mix(_ value: Int) { mixed = (mixed ^ UInt64(bitPattern: Int64(value))) &* 0x100_0000_01B3 }
        switch day {
        case nil: mix(0)
        case .relative(let offset): mix(1); mix(offset)
        case .weekday(let weekday, let next): mix(2); mix(weekday); mix(next ? 1 : 0)
        case .monthDay(let month, let day, let year): mix(3); mix(month); mix(day); mix(year ?? Int.min)
        case .dayOfMonth(let day): mix(4); mix(day)
        case .weekdayOfNextWeek(let weekday): mix(5); mix(weekday)
        }
        mix(weekdayCheck ?? Int.min)
        mix(part ?? Int.min)
        mix((partIsToday ? 1 : 0) | (partIsStandalone ? 2 : 0) | (timeIsAnchored ? 4 : 0))
        if let time {
            mix(time.hour)
            mix(time.minute)
            mix((time.meridiem == nil ? 0 : time.meridiem == .am ? 1 : 2) | (time.isExact ? 4 : 0) | (time.isExplicit ? 8 : 0))
            mix(time.offset)
        } else {
            mix(Int.min)
        }
        mix(weekend.map { $0 ? 1 : 0 } ?? 2)
        if let offset {
            // NB: 0 and -0 are equal, so both mix as 0.
            mix(Int(truncatingIfNeeded: (offset.seconds == 0 ? 0 : offset.seconds).bitPattern))
            mix(offset.dateOnly ? 1 : 0)
        } else {
            mix(Int.min)
        }
        hasher.combine(mixed)
    }

    var isEmpty: Bool { day == nil && part == nil && time == nil && weekend == nil && offset == nil }

    /// This expression with `piece` added; nil when they clash (two days, or anything with an
    /// offset or a weekend).
    func adding(_ piece: DatePiece) -> DateExpression? {
        guard weekend == nil, offset == nil else { return nil }
        var next = self
        switch piece {
        case .day(let spec):
            guard let day else {
                next.day = spec
                return next
            }
            guard weekdayCheck == nil, let (weekday, calendarDay) = DateExpression.weekdayAndDate(day, spec) else { return nil }
            (next.day, next.weekdayCheck) = (calendarDay, weekday)
        case .part(let name, let standalone, let today):
            guard part == nil else { return nil }
            (next.part, next.partIsStandalone, next.partIsToday) = (name, standalone, today)
        case .dayPart(let spec, let name):
            guard day == nil, part == nil else { return nil }
            (next.day, next.part, next.partIsStandalone) = (spec, name, true)
        case .time(let clock, let anchored):
            guard time == nil else { return nil }
            (next.time, next.timeIsAnchored) = (clock, anchored)
        case .weekend(let isNext):
            guard isEmpty else { return nil }
            next.weekend = isNext
        case .offset(let seconds, let dateOnly):
            guard isEmpty else { return nil }
            next.offset = Offset(seconds: seconds, dateOnly: dateOnly)
        }
        return next
    }

    /// A plain weekday and a calendar day, in either order ("Friday, March 5", "March 5, Friday").
    private static func weekdayAndDate(_ first: DaySpec, _ second: DaySpec) -> (Int, DaySpec)? {
        func isCalendarDay(_ spec: DaySpec) -> Bool {
            switch spec {
            case .monthDay, .dayOfMonth: return true
            case .relative, .weekday, .weekdayOfNextWeek: return false
            }
        }
        if case .weekday(let weekday, false) = first, isCalendarDay(second) { return (weekday, second) }
        if case .weekday(let weekday, false) = second, isCalendarDay(first) { return (weekday, first) }
        return nil
    }

    /// Whether it says enough to stand as a date: a bare number needs "at" or a part of the
    /// day ("at 7", "7 tonight"), and a bare part of the day needs a day ("Friday evening").
    var isComplete: Bool {
        if let time, !(time.isExplicit || timeIsAnchored || part != nil) { return false }
        if part != nil, day == nil, time == nil, !partIsStandalone { return false }
        return !isEmpty
    }
}

import Foundation

/// Places a `DateExpression` on the calendar relative to `context.now`, in `context.timeZone`,
/// and writes it as ISO 8601.
///
/// Rules, chosen to match Siri's "next occurrence" reading:
/// - a clock time without a day is its next occurrence at or after now ("at 8" said at 21:00 is
///   8:00 tomorrow; said at 9:30 it is 20:00 today);
/// - an hour without AM/PM on a given day is the first of its two readings at or after now on
///   that day, else the earlier one ("today at 8" at 9:30 → 20:00; "tomorrow at 8" → 8:00);
///   next to a part of the day it is the reading inside that part ("Friday evening at 7" → 19:00);
/// - weekdays: "Friday" and "this Friday" are today or the next Friday, "next Friday" (and
///   "vendredi prochain") is never today; "Friday next week" is the Friday of the calendar week
///   after this one (whose first day is the locale's, ICU's: Monday in Germany and China,
///   Sunday in the US);
///   a month and day without a year, and "the 22nd" ("le 22", "22号"), are today or their next
///   occurrence;
/// - a part of the day alone is today's ("this evening"), or tomorrow's once it is over
///   ("in the morning" said at 21:00);
/// - "this weekend" is the weekend containing today, or the next one; "next weekend" the one after.
struct DateResolver: Sendable {
    let locale: Locale
    let partsOfDay: [String: EntityData.PartOfDay]
    /// The parts of the day that expressions name by index (`CalendarWords.parts`).
    let parts: [EntityData.PartOfDay?]
    private let recent = RecentPlacement()

    /// The first day of the week ("Friday next week" is in the week after this one): ICU's.
    let firstWeekday: Int?

    init(locale: Locale, partsOfDay: [String: EntityData.PartOfDay], parts: [EntityData.PartOfDay?], firstWeekday: Int? = nil) {
        self.locale = locale
        self.partsOfDay = partsOfDay
        self.parts = parts
        self.firstWeekday = firstWeekday
    }

    /// The calendar arithmetic for one reference time. Calendars cost, and every position of
    /// every utterance may hold a date, so the last one made is kept for as long as the
    /// reference time and time zone stay the same.
    func placement(_ context: EntityContext) -> Placement {
        if let kept = recent.placement(now: context.now, timeZone: context.timeZone) { return kept }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = context.timeZone
        calendar.locale = locale
        if let firstWeekday { calendar.firstWeekday = firstWeekday }
        let placement = Placement(calendar: calendar, now: context.now, partsOfDay: partsOfDay)
        recent.keep(placement)
        return placement
    }

    /// `resolve`, remembered for as long as the reference time stays: the same few expressions
    /// ("tomorrow at 8 pm") come back utterance after utterance, and each costs calendar work.
    func value(_ expression: DateExpression, placement: Placement) -> EntityValue? {
        if let known = recent.value(of: expression, placement: placement) { return known }
        let value = resolve(expression, placement: placement)
        recent.remember(value, of: expression, placement: placement)
        return value
    }

    private func resolve(_ expression: DateExpression, placement resolver: Placement) -> EntityValue? {
        let calendar = resolver.calendar
        if let offset = expression.offset { return resolver.offset(offset.seconds, dateOnly: offset.dateOnly) }
        if let next = expression.weekend { return resolver.weekend(next: next) }
        let part = expression.part.flatMap { parts.indices.contains($0) ? parts[$0] : nil }
        let dayStart: Date?
        if let spec = expression.day {
            guard let start = resolver.day(spec), expression.weekdayCheck.map({ calendar.component(.weekday, from: start) == $0 }) ?? true else {
                return nil
            }
            dayStart = start
        } else {
            dayStart = nil
        }
        if let time = expression.time { return resolver.time(time, day: dayStart, part: part) }
        if let part { return resolver.part(part, day: dayStart, today: expression.partIsToday) }
        return dayStart.map { .date(resolver.dateString($0)) }
    }
}

/// The most recently made placement and the values resolved with it, shared by concurrent
/// parses. A new placement forgets the values; so does reaching `maxValues`.
private final class RecentPlacement: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: Placement?
    private var values: [DateExpression: EntityValue?] = [:]
    private static let maxValues = 4096

    func placement(now: Date, timeZone: TimeZone) -> Placement? {
        lock.lock()
        defer { lock.unlock() }
        guard let kept, kept.now == now, kept.calendar.timeZone == timeZone else { return nil }
        return kept
    }

    func keep(_ placement: Placement) {
        lock.lock()
        defer { lock.unlock() }
        kept = placement
        values.removeAll(keepingCapacity: true)
    }

    /// The value remembered for `expression`, if it was resolved with this same placement.
    func value(of expression: DateExpression, placement: Placement) -> EntityValue?? {
        lock.lock()
        defer { lock.unlock() }
        guard let kept, kept.now == placement.now, kept.calendar.timeZone == placement.calendar.timeZone else { return nil }
        return values[expression]
    }

    func remember(_ value: EntityValue?, of expression: DateExpression, placement: Placement) {
        lock.lock()
        defer { lock.unlock() }
        guard let kept, kept.now == placement.now, kept.calendar.timeZone == placement.calendar.timeZone else { return }
        if values.count >= RecentPlacement.maxValues { values.removeAll(keepingCapacity: true) }
        values[expression] = .some(value)
    }
}

import Foundation

/// The calendar arithmetic behind `DateResolver`, for one reference time and time zone.
struct Placement: Sendable {
    let calendar: Calendar
    let now: Date
    let partsOfDay: [String: EntityData.PartOfDay]
    /// The start of the day `now` is in.
    let today: Date

    init(calendar: Calendar, now: Date, partsOfDay: [String: EntityData.PartOfDay]) {
        self.calendar = calendar
        self.now = now
        self.partsOfDay = partsOfDay
        today = calendar.startOfDay(for: now)
    }

    // MARK: days

    /// The start of the day a `DaySpec` names; nil for days that do not exist ("February 30").
    func day(_ spec: DaySpec) -> Date? {
        switch spec {
        case .relative(let offset):
            return calendar.date(byAdding: .day, value: offset, to: today)
        case .weekday(let weekday, let isNext):
            var ahead = (weekday - calendar.component(.weekday, from: today) + 7) % 7
            if isNext, ahead == 0 { ahead = 7 }
            return calendar.date(byAdding: .day, value: ahead, to: today)
        case .weekdayOfNextWeek(let weekday):
            // The days left in this week (the calendar's, whose first day is the locale's), then
            // the weekday's place in the next one.
            let first = calendar.firstWeekday
            let intoWeek = (calendar.component(.weekday, from: today) - first + 7) % 7
            return calendar.date(byAdding: .day, value: 7 - intoWeek + (weekday - first + 7) % 7, to: today)
        case .monthDay(let month, let day, let year?):
            return date(year: year, month: month, day: day)
        case .monthDay(let month, let day, nil):
            let year = calendar.component(.year, from: today)
            return (year...(year + 8)).lazy.compactMap { date(year: $0, month: month, day: day) }.first { $0 >= today }
        case .dayOfMonth(let day):
            return (0...12).lazy.compactMap { months -> Date? in
                guard let month = calendar.date(byAdding: .month, value: months, to: today) else { return nil }
                let parts = calendar.dateComponents([.year, .month], from: month)
                return date(year: parts.year ?? 0, month: parts.month ?? 0, day: day)
            }.first { $0 >= today }
        }
    }

    /// The start of a calendar day; nil when the day does not exist in that month.
    func date(year: Int, month: Int, day: Int) -> Date? {
        let components = DateComponents(year: year, month: month, day: day)
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }

    // MARK: times and parts of days

    /// A clock time on a day (or on its next occurrence), narrowed by a part of the day.
    func time(_ time: ClockTime, day: Date?, part: EntityData.PartOfDay?) -> EntityValue? {
        var candidates = time.candidates
        if let part {
            let inside = candidates.filter { $0 >= part.from && $0 < part.to }
            if !inside.isEmpty { candidates = inside }
        }
        let days = day.map { [$0] } ?? [today, calendar.date(byAdding: .day, value: 1, to: today)].compactMap { $0 }
        let instants = days.flatMap { start in candidates.compactMap { calendar.date(byAdding: .minute, value: $0, to: start) } }
        guard let chosen = instants.first(where: { $0 >= now }) ?? instants.first else { return nil }
        return .date(dateTimeString(chosen))
    }

    /// A part of a day as an interval; without a day, today's, or tomorrow's once it is over.
    func part(_ part: EntityData.PartOfDay, day: Date?, today isToday: Bool) -> EntityValue? {
        var start = day ?? today
        if day == nil, !isToday, let end = calendar.date(byAdding: .minute, value: part.to, to: start), end <= now {
            start = calendar.date(byAdding: .day, value: 1, to: start) ?? start
        }
        guard let from = calendar.date(byAdding: .minute, value: part.from, to: start),
            let to = calendar.date(byAdding: .minute, value: part.to, to: start)
        else { return nil }
        return .interval(dateTimeString(from) + "/" + dateTimeString(to))
    }

    func weekend(next: Bool) -> EntityValue? {
        let current = calendar.isDateInWeekend(now) ? calendar.dateIntervalOfWeekend(containing: now) : nil
        let interval = next || current == nil ? calendar.nextWeekend(startingAfter: now) : current
        guard let interval else { return nil }
        return .interval(dateTimeString(interval.start) + "/" + dateTimeString(interval.end))
    }

    func offset(_ seconds: Double, dateOnly: Bool) -> EntityValue? {
        guard seconds.isFinite, abs(seconds) < 1e10 else { return nil }
        let moment = now.addingTimeInterval(seconds.rounded())
        return .date(dateOnly ? dateString(moment) : dateTimeString(moment))
    }

    // MARK: ISO 8601

    /// "2026-11-22" in the calendar's time zone.
    func dateString(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: calendar.timeZone).year().month().day())
    }

    /// "2026-11-22T08:00:00-05:00" (UTC is written "Z").
    /// NB: Foundation's value-type format style, not ISO8601DateFormatter, which builds an ICU
    /// date format per instance and made every date reading cost a tenth of a millisecond.
    func dateTimeString(_ date: Date) -> String {
        date.formatted(
            Date.ISO8601FormatStyle(
                dateSeparator: .dash, dateTimeSeparator: .standard, timeSeparator: .colon,
                timeZoneSeparator: .colon, includingFractionalSeconds: false, timeZone: calendar.timeZone))
    }
}

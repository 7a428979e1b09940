import Foundation

extension EntityContext {
    /// Reads a reference time (`--now`, a corpus file's `now:`) written in ISO 8601:
    /// - "2026-11-21T09:30:00-05:00": that instant, and its UTC offset becomes the time zone
    ///   relative dates are placed and written in;
    /// - "2026-11-21T14:30:00Z": UTC;
    /// - "2026-11-21T09:30:00" or "2026-11-21" (midnight): local time in `fallback`.
    /// nil when the text is none of these.
    package init?(iso text: String, fallback: TimeZone = .current) {
        let zoned = ISO8601DateFormatter()
        if let date = zoned.date(from: text), let offset = EntityContext.utcOffset(of: text),
            let timeZone = TimeZone(secondsFromGMT: offset)
        {
            // NB: the formatter rolls impossible dates over ("2026-02-30" is March 2nd), so the
            // date and time must be what the date writes back to in its own offset.
            guard EntityContext.localText(of: date, in: timeZone).map(text.hasPrefix) == true else { return nil }
            self.init(now: date, timeZone: timeZone)
            return
        }
        for options: ISO8601DateFormatter.Options in [
            [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate],
            [.withFullDate, .withDashSeparatorInDate]
        ] {
            let local = ISO8601DateFormatter()
            local.formatOptions = options
            local.timeZone = fallback
            // NB: the formatter reads a valid prefix and ignores the rest ("2026-11-21T25:00"
            // would be midnight), so the text must be exactly what the date formats back to.
            if let date = local.date(from: text), local.string(from: date) == text {
                self.init(now: date, timeZone: fallback)
                return
            }
        }
        return nil
    }

    /// `date` as "2026-11-21T09:30:00" in `timeZone`.
    static func localText(of date: Date, in timeZone: TimeZone) -> String? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        formatter.timeZone = timeZone
        return formatter.string(from: date)
    }

    /// The offset written at the end of an ISO 8601 date-time, in seconds: "Z" → 0,
    /// "-05:00" or "-0500" → -18000; nil when there is none.
    static func utcOffset(of text: String) -> Int? {
        if text.hasSuffix("Z") || text.hasSuffix("z") { return 0 }
        guard let match = text.firstMatch(of: /([+-])(\d{2}):?(\d{2})$/), let hours = Int(match.2), let minutes = Int(match.3) else {
            return nil
        }
        return (match.1 == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}

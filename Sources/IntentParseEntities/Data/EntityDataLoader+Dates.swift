import IntentParseBase
import IntentParseYAML
import Yams

/// The `dates:` section:
///
///     dates:
///       days: {today: 0, tomorrow: 1, tonight: {day: 0, part: tonight}}
///       parts_of_day:
///         evening: {from: "18:00", to: "21:00", words: [evening]}
///       times: {noon: "12:00", midnight: "00:00"}
///       words: {at: [at, around], on: [on], next: [next], ...}
///       weekdays: {礼拜天: 7}                       # ISO 8601: 1 Monday ... 7 Sunday
///       clock:
///         hours: {una: 1}
///         minutes: {一刻: 15}
///         after_hour: {past: [et], to: [moins, moins le]}
///         before_hour: {past: [past, after], to: [to]}
///         shifts: {halb: -30}
extension EntityDataLoader {
    static let dateKeys = ["days", "parts_of_day", "times", "words", "weekdays", "clock"]
    static let clockKeys = ["hours", "minutes", "after_hour", "before_hour", "shifts"]

    mutating func readDates(_ node: Node) {
        guard let pairs = reader.mapping(node, "dates") else { return }
        reader.checkKeys(pairs, allowed: EntityDataLoader.dateKeys, in: "dates")
        for pair in pairs {
            switch pair.key {
            case "days": readDays(pair.value)
            case "parts_of_day": readPartsOfDay(pair.value)
            case "times":
                for time in reader.mapping(pair.value, "times") ?? [] {
                    if let minutes = clockTime(time.value, allowsEndOfDay: false) { data.namedTimes[time.key] = minutes }
                }
            case "words": readDateWords(pair.value)
            case "weekdays":
                for day in reader.mapping(pair.value, "weekdays") ?? [] {
                    guard let number = reader.integer(day.value, "weekdays: '\(day.key)'") else { continue }
                    guard (1...7).contains(number) else {
                        reader.error(day.value, "weekdays: '\(day.key)' needs a weekday number, 1 (Monday) to 7 (Sunday)")
                        continue
                    }
                    data.weekdayWords[day.key] = number
                }
            case "clock": readClock(pair.value)
            default: break
            }
        }
    }

    /// `word: offset` or `word: {day: offset, part: name}`.
    private mutating func readDays(_ node: Node) {
        for pair in reader.mapping(node, "days") ?? [] {
            if pair.value.scalar != nil {
                if let offset = reader.integer(pair.value, "days: '\(pair.key)'") {
                    data.relativeDays[pair.key] = EntityData.RelativeDay(offset: offset)
                }
                continue
            }
            guard let fields = reader.mapping(pair.value, "days: '\(pair.key)'") else { continue }
            reader.checkKeys(fields, allowed: ["day", "part"], in: "days: '\(pair.key)'")
            let offset = fields.first { $0.key == "day" }.flatMap { reader.integer($0.value, "day") }
            let part = fields.first { $0.key == "part" }
            let partName = part.flatMap { reader.string($0.value, "part") }
            if let part, let partName {
                let location = reader.location(part.value)
                partReferences.append((partName, location, reader.sourceLine(location.line)))
            }
            guard let offset else {
                reader.error(pair.value, "days: '\(pair.key)' needs 'day' (days from today)")
                continue
            }
            data.relativeDays[pair.key] = EntityData.RelativeDay(offset: offset, part: partName)
        }
    }

    /// `name: {from: "HH:MM", to: "HH:MM", words: [...]}`, `from` before `to`.
    private mutating func readPartsOfDay(_ node: Node) {
        for pair in reader.mapping(node, "parts_of_day") ?? [] {
            guard let fields = reader.mapping(pair.value, "part of the day '\(pair.key)'") else { continue }
            reader.checkKeys(fields, allowed: ["from", "to", "words"], in: "part of the day '\(pair.key)'")
            func field(_ key: String) -> Node? { fields.first { $0.key == key }?.value }
            guard let fromNode = field("from"), let toNode = field("to") else {
                reader.error(pair.value, "part of the day '\(pair.key)' needs 'from' and 'to' (\"HH:MM\")")
                continue
            }
            let words = field("words").map { reader.strings($0, "words").map(\.0) } ?? []
            guard let from = clockTime(fromNode, allowsEndOfDay: false), let to = clockTime(toNode, allowsEndOfDay: true) else { continue }
            guard from < to else {
                reader.error(toNode, "part of the day '\(pair.key)' must end after it starts")
                continue
            }
            data.partsOfDay[pair.key] = EntityData.PartOfDay(name: pair.key, from: from, to: to, words: words)
        }
    }

    private mutating func readDateWords(_ node: Node) {
        guard let pairs = reader.mapping(node, "date words") else { return }
        let roles = EntityData.DateWord.allCases.map(\.rawValue)
        reader.checkKeys(pairs, allowed: roles, in: "date words")
        for pair in pairs {
            guard let role = EntityData.DateWord(rawValue: pair.key) else { continue }
            data.dateWords[role, default: []] += reader.strings(pair.value, pair.key).map(\.0)
        }
    }

    /// A mapping of words to whole numbers that `isValid` accepts; each other number is an
    /// error saying what the word `needs`.
    private mutating func readCounts(_ node: Node, _ what: String, needs: String, isValid: (Int) -> Bool) -> [String: Int] {
        var counts: [String: Int] = [:]
        for word in reader.mapping(node, what) ?? [] {
            guard let count = reader.integer(word.value, "\(what): '\(word.key)'") else { continue }
            guard isValid(count) else {
                reader.error(word.value, "\(what): '\(word.key)' needs \(needs)")
                continue
            }
            counts[word.key] = count
        }
        return counts
    }

    /// `hours`, `minutes`, `after_hour: {past, to}`, `before_hour: {past, to}` and `shifts`.
    private mutating func readClock(_ node: Node) {
        guard let pairs = reader.mapping(node, "clock") else { return }
        reader.checkKeys(pairs, allowed: EntityDataLoader.clockKeys, in: "clock")
        for pair in pairs {
            switch pair.key {
            case "hours":
                data.clock.hours = readCounts(pair.value, "clock hours", needs: "an hour, 0 to 23") { (0...23).contains($0) }
            case "minutes":
                data.clock.minutes = readCounts(pair.value, "clock minutes", needs: "a number of minutes, 1 to 59") { (1...59).contains($0) }
            case "shifts":
                data.clock.shifts = readCounts(pair.value, "clock shifts", needs: "minutes to add (1 to 59) or take away (-1 to -59)") {
                    $0 != 0 && (-59...59).contains($0)
                }
            case "after_hour", "before_hour":
                guard let joins = reader.mapping(pair.value, pair.key) else { continue }
                reader.checkKeys(joins, allowed: ["past", "to"], in: pair.key)
                for join in joins {
                    let words = reader.strings(join.value, "\(pair.key): \(join.key)").map(\.0)
                    switch (pair.key, join.key) {
                    case ("after_hour", "past"): data.clock.afterHourPast += words
                    case ("after_hour", "to"): data.clock.afterHourTo += words
                    case ("before_hour", "past"): data.clock.beforeHourPast += words
                    case ("before_hour", "to"): data.clock.beforeHourTo += words
                    default: break
                    }
                }
            default: break
            }
        }
    }

    /// "HH:MM" as minutes after midnight; "24:00" only where a stretch may end at midnight.
    private mutating func clockTime(_ node: Node, allowsEndOfDay: Bool) -> Int? {
        guard let text = reader.string(node, "a time") else { return nil }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        if parts.count == 2, let hour = parts[0], let minute = parts[1], (0..<60).contains(minute) {
            let minutes = hour * 60 + minute
            if (0..<1440).contains(minutes) || (allowsEndOfDay && minutes == 1440) { return minutes }
        }
        reader.error(node, "'\(text)' is not a time of day \"HH:MM\" (00:00 to \(allowsEndOfDay ? "24:00" : "23:59"))")
        return nil
    }
}

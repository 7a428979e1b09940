import IntentParseEntities
import Testing

@testable import IntentParseEntities

@Suite struct DurationParserTests {
    private func seconds(_ text: String) -> Double? {
        guard case .duration(let seconds)? = EntityFixture.read("duration", text) else { return nil }
        return seconds
    }

    @Test(arguments: [
        ("two hours", 7200.0), ("90 minutes", 5400), ("45 secs", 45), ("45secs", 45), ("an hour", 3600),
        ("a week", 604_800), ("3 days", 259_200), ("1.5 hours", 5400), ("2 hrs", 7200)
    ])
    func oneUnit(_ text: String, _ expected: Double) {
        #expect(seconds(text) == expected)
    }

    @Test(arguments: [
        ("an hour and a half", 5400.0), ("half an hour", 1800), ("two and a half hours", 9000),
        ("a minute and a half", 90), ("quarter of an hour", 0)
    ])
    func fractions(_ text: String, _ expected: Double) {
        #expect(seconds(text) == (expected == 0 ? nil : expected))
    }

    @Test(arguments: [("1 hour and 30 minutes", 5400.0), ("2 hours 15 minutes", 8100), ("1 day, 2 hours", 93600)])
    func severalUnits(_ text: String, _ expected: Double) {
        #expect(seconds(text) == expected)
    }

    /// The same unit twice is two durations, not one; months have no fixed length.
    @Test(arguments: ["2 hours 3 hours", "two", "hours", "3 months", "an", "half", "5 miles"])
    func notDurations(_ text: String) {
        #expect(seconds(text) == nil)
    }

    /// Beyond what a double holds exactly there is no duration, rather than a trap or a wrong value.
    @Test func hugeNumbersAreNoDurations() {
        #expect(seconds("100000000000000000000 weeks") == nil)
        #expect(seconds("1e999 hours") == nil)
        #expect(EntityValue.isoDuration(1e300) == "")
    }

    @Test func jsonShape() {
        #expect(EntityValue.duration(seconds: 5400).json.serialized == #"{"seconds":5400,"iso":"PT1H30M"}"#)
    }
}

import Foundation
import IntentParseEntities
import Testing

@testable import IntentParseEntities

/// The placement rules of `DateResolver`, at reference times where they differ.
@Suite struct DateResolutionRulesTests {
    /// Saturday 21 November 2026, 21:00 at UTC-05:00.
    let evening = EntityFixture.at("2026-11-21T21:00:00-05:00")
    /// Friday 27 November 2026, 12:00 at UTC-05:00.
    let friday = EntityFixture.at("2026-11-27T12:00:00-05:00")

    private func date(_ text: String, _ context: EntityContext) -> EntityValue? {
        EntityFixture.read("dateTime", text, context: context)
    }

    @Test func aClockTimeIsItsNextOccurrence() {
        #expect(date("at 8", evening) == .date("2026-11-22T08:00:00-05:00"))
        #expect(date("at 8", EntityFixture.context) == .date("2026-11-21T20:00:00-05:00"))
        #expect(date("at 9 pm", evening) == .date("2026-11-21T21:00:00-05:00"))
        #expect(date("at 8:59 pm", evening) == .date("2026-11-22T20:59:00-05:00"))
    }

    @Test func aWeekdayIsTodayUnlessNext() {
        #expect(date("Friday", friday) == .date("2026-11-27"))
        #expect(date("this Friday", friday) == .date("2026-11-27"))
        #expect(date("next Friday", friday) == .date("2026-12-04"))
    }

    @Test func aPartOfTheDayIsTodaysUntilItIsOver() {
        #expect(date("in the morning", evening) == .interval("2026-11-22T06:00:00-05:00/2026-11-22T12:00:00-05:00"))
        #expect(date("this morning", evening) == .interval("2026-11-21T06:00:00-05:00/2026-11-21T12:00:00-05:00"))
        #expect(date("in the evening", evening) == .interval("2026-11-22T18:00:00-05:00/2026-11-22T21:00:00-05:00"))
        #expect(date("in the afternoon", friday) == .interval("2026-11-27T12:00:00-05:00/2026-11-27T18:00:00-05:00"))
    }

    @Test func aWeekendOnAWeekday() {
        #expect(date("this weekend", friday) == .interval("2026-11-28T00:00:00-05:00/2026-11-30T00:00:00-05:00"))
        #expect(date("next weekend", friday) == .interval("2026-11-28T00:00:00-05:00/2026-11-30T00:00:00-05:00"))
    }

    /// ISO 8601 in the context's time zone: Foundation writes UTC as "Z".
    @Test func outputFollowsTheTimeZone() throws {
        let utc = EntityFixture.at("2026-11-21T14:30:00Z", timeZone: try #require(TimeZone(secondsFromGMT: 0)))
        #expect(date("tomorrow at 8 am", utc) == .date("2026-11-22T08:00:00Z"))
        let tokyo = EntityFixture.at("2026-11-21T14:30:00Z", timeZone: try #require(TimeZone(secondsFromGMT: 9 * 3600)))
        #expect(date("today", tokyo) == .date("2026-11-21"))
        #expect(date("tomorrow at 8 am", tokyo) == .date("2026-11-22T08:00:00+09:00"))
    }

    @Test func aMonthAndDayThatHasPassedIsNextYears() {
        #expect(date("November 20", EntityFixture.context) == .date("2027-11-20"))
        #expect(date("November 20, 2026", EntityFixture.context) == .date("2026-11-20"))
    }
}

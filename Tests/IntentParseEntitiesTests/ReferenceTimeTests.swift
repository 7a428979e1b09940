import Foundation
import IntentParseEntities
import Testing

@testable import IntentParseEntities

/// `--now` and a corpus file's `now:` carry their own UTC offset into the context's time zone.
@Suite struct ReferenceTimeTests {
    let fallback = TimeZone(secondsFromGMT: 3600) ?? .gmt

    @Test func anOffsetBecomesTheTimeZone() throws {
        let context = try #require(EntityContext(iso: "2026-11-21T09:30:00-05:00", fallback: fallback))
        #expect(context.timeZone.secondsFromGMT(for: context.now) == -18_000)
        #expect(context.now == Date(timeIntervalSince1970: 1_795_271_400))
    }

    @Test(arguments: [("2026-11-21T14:30:00Z", 0), ("2026-11-21T20:00:00+05:30", 19_800), ("2026-11-21T09:30:00-0500", -18_000)])
    func offsets(_ text: String, _ seconds: Int) throws {
        let context = try #require(EntityContext(iso: text, fallback: fallback))
        #expect(context.timeZone.secondsFromGMT(for: context.now) == seconds)
    }

    @Test func withoutAnOffsetTheFallbackZoneIsUsed() throws {
        let local = try #require(EntityContext(iso: "2026-11-21T09:30:00", fallback: fallback))
        #expect(local.timeZone == fallback)
        #expect(local.now == Date(timeIntervalSince1970: 1_795_249_800))
        let day = try #require(EntityContext(iso: "2026-11-21", fallback: fallback))
        #expect(day.now == Date(timeIntervalSince1970: 1_795_215_600))
    }

    @Test(arguments: [
        "yesterday", "", "2026-13-01", "21/11/2026", "2026-11-21T25:00:00Z",
        // impossible days, which the ISO 8601 formatter rolls over into the next month
        "2026-02-30T10:00:00Z", "2026-02-29T10:00:00+01:00", "2026-04-31T23:00:00-05:00", "2026-02-30T10:00:00", "2026-02-30"
    ])
    func notReferenceTimes(_ text: String) {
        #expect(EntityContext(iso: text) == nil)
    }

    @Test(arguments: ["2028-02-29T10:00:00Z", "2026-12-31T23:59:59-05:00", "2026-01-01T00:00:00+14:00"])
    func possibleEdgesOfMonthsAndDays(_ text: String) {
        #expect(EntityContext(iso: text) != nil)
    }

    /// The same reference time written in two zones gives the same day in each zone's terms.
    @Test func datesAreWrittenInTheReferenceZone() throws {
        let context = try #require(EntityContext(iso: "2026-11-21T23:30:00-05:00"))
        #expect(EntityFixture.read("dateTime", "tomorrow at 9 am", context: context) == .date("2026-11-22T09:00:00-05:00"))
        let utc = try #require(EntityContext(iso: "2026-11-22T04:30:00Z"))
        #expect(EntityFixture.read("dateTime", "tomorrow at 9 am", context: utc) == .date("2026-11-23T09:00:00Z"))
    }
}

import Foundation
import IntentParseEntities
import Testing

@testable import IntentParseEntities

/// Reference time: Saturday 21 November 2026, 09:30 at UTC-05:00.
@Suite struct DateTimeParserTests {
    private func date(_ text: String, context: EntityContext = EntityFixture.context) -> EntityValue? {
        EntityFixture.read("dateTime", text, context: context)
    }

    @Test(arguments: [
        ("today", "2026-11-21"), ("tomorrow", "2026-11-22"), ("yesterday", "2026-11-20"),
        ("the day after tomorrow", "2026-11-23"), ("Monday", "2026-11-23"), ("on Monday", "2026-11-23"),
        ("Saturday", "2026-11-21"), ("this Friday", "2026-11-27"), ("next Friday", "2026-11-27"),
        ("next Saturday", "2026-11-28"), ("Tue", "2026-11-24")
    ])
    func days(_ text: String, _ expected: String) {
        #expect(date(text) == .date(expected))
    }

    /// A word typed with an apostrophe spells no weekday, though its loose key does.
    @Test func contractionsAreNoWeekdays() {
        #expect(date("we'd") == nil)
        #expect(date("we’d") == nil)
        #expect(date("Wed") == .date("2026-11-25"))
    }

    @Test(arguments: [
        ("on March 3rd", "2027-03-03"), ("March 3", "2027-03-03"), ("Mar 3", "2027-03-03"), ("Mar. 3", "2027-03-03"), ("aug. the 9th", "2027-08-09"),
        ("March third", "2027-03-03"), ("3rd of March", "2027-03-03"), ("the 3rd of March", "2027-03-03"),
        ("3 March", "2027-03-03"), ("March 3, 2028", "2028-03-03"), ("December 25", "2026-12-25"),
        ("November 21", "2026-11-21"), ("February 29", "2028-02-29"), ("2026-12-03", "2026-12-03")
    ])
    func calendarDays(_ text: String, _ expected: String) {
        #expect(date(text) == .date(expected))
    }

    /// "the 22nd" is this month's, or next month's once it has passed.
    @Test(arguments: [
        ("the 22nd", "2026-11-22"), ("on the 21st", "2026-11-21"), ("the 20th", "2026-12-20"),
        ("the twenty-second", "2026-11-22")
    ])
    func daysOfTheMonth(_ text: String, _ expected: String) {
        #expect(date(text) == .date(expected))
    }

    @Test(arguments: [
        ("at 8 pm", "2026-11-21T20:00:00-05:00"), ("8pm", "2026-11-21T20:00:00-05:00"),
        ("at 8:30 pm", "2026-11-21T20:30:00-05:00"), ("8:30pm", "2026-11-21T20:30:00-05:00"),
        ("at 08:00", "2026-11-22T08:00:00-05:00"), ("20:00", "2026-11-21T20:00:00-05:00"),
        ("at noon", "2026-11-21T12:00:00-05:00"), ("at midnight", "2026-11-22T00:00:00-05:00"),
        ("8 o'clock", "2026-11-21T20:00:00-05:00"), ("eight thirty pm", "2026-11-21T20:30:00-05:00"),
        ("at seven", "2026-11-21T19:00:00-05:00"), ("at 10 a.m.", "2026-11-21T10:00:00-05:00")
    ])
    func times(_ text: String, _ expected: String) {
        #expect(date(text) == .date(expected))
    }

    @Test(arguments: [
        ("tomorrow at 8", "2026-11-22T08:00:00-05:00"), ("tomorrow at 8 pm", "2026-11-22T20:00:00-05:00"),
        ("at 8 tomorrow", "2026-11-22T08:00:00-05:00"), ("today at 8", "2026-11-21T20:00:00-05:00"),
        ("tonight at 7", "2026-11-21T19:00:00-05:00"), ("7 tonight", "2026-11-21T19:00:00-05:00"),
        ("Friday evening at 7", "2026-11-27T19:00:00-05:00"), ("at 7 tomorrow evening", "2026-11-22T19:00:00-05:00"),
        ("on March 3rd at 8 pm", "2027-03-03T20:00:00-05:00"), ("Friday, March 5 at 6:30 pm", "2027-03-05T18:30:00-05:00"),
        ("at 8 in the morning", "2026-11-22T08:00:00-05:00")
    ])
    func daysWithTimes(_ text: String, _ expected: String) {
        #expect(date(text) == .date(expected))
    }

    @Test(arguments: [
        ("tonight", "2026-11-21T18:00:00-05:00/2026-11-22T00:00:00-05:00"),
        ("next Friday evening", "2026-11-27T18:00:00-05:00/2026-11-27T21:00:00-05:00"),
        ("tomorrow morning", "2026-11-22T06:00:00-05:00/2026-11-22T12:00:00-05:00"),
        ("this afternoon", "2026-11-21T12:00:00-05:00/2026-11-21T18:00:00-05:00"),
        ("this weekend", "2026-11-21T00:00:00-05:00/2026-11-23T00:00:00-05:00"),
        ("next weekend", "2026-11-28T00:00:00-05:00/2026-11-30T00:00:00-05:00")
    ])
    func intervals(_ text: String, _ expected: String) {
        #expect(date(text) == .interval(expected))
    }

    @Test(arguments: [
        ("in two hours", "2026-11-21T11:30:00-05:00"), ("in 90 minutes", "2026-11-21T11:00:00-05:00"),
        ("two hours from now", "2026-11-21T11:30:00-05:00"), ("in 3 days", "2026-11-24"),
        ("in a week", "2026-11-28"), ("in 24 hours", "2026-11-22T09:30:00-05:00")
    ])
    func offsets(_ text: String, _ expected: String) {
        #expect(date(text) == .date(expected))
    }

    /// A weekday beside a calendar day must agree with it.
    @Test func weekdayBesideADate() {
        #expect(date("Friday the 27th") == .date("2026-11-27"))
        #expect(date("Friday 27") == .date("2026-11-27"))
        #expect(date("Friday, 27") == .date("2026-11-27"))
        #expect(date("Saturday 27") == nil)
        #expect(date("Saturday, March 5") == nil)
        #expect(EntityFixture.readings("dateTime", "Saturday, March 5").first?.words == 1)
    }

    /// Digits with a slash and no year are a date only after an "on" word ("on 3/4": the
    /// locale's order says March 4 in English), as "3/4" alone may be a fraction; bare numbers
    /// and lone words are not dates.
    @Test(arguments: [
        "3/4", "8", "for 2", "evening", "February 30", "at 25", "13 pm", "next", "March", "weekend",
        "this", "in two", "at 8:75", "June 31", "tomorrow tomorrow", "in the"
    ])
    func notDates(_ text: String) {
        #expect(date(text) == nil)
    }

    @Test func datesInDigitsInTheLocalesOrder() {
        #expect(date("on 3/4") == .date("2027-03-04"))
        #expect(date("3/4/2027") == .date("2027-03-04"))
        #expect(date("on 13/4") == nil)
    }
}

import Foundation
import Testing

@testable import IntentParseEntities

/// Minutes beside an hour, as each language's data says them (`dates.clock`, o'clock words glued
/// to digits, minutes after the o'clock word). Reference time: Saturday 21 November 2026, 09:30,
/// so a time of day without a day is its next occurrence (8:30 → 20:30 today).
@Suite struct LocalizedClockTests {
    @Test(arguments: [
        ("à 20h", "2026-11-21T20:00:00-05:00"), ("à 8h30", "2026-11-21T20:30:00-05:00"),
        ("à 20h15", "2026-11-21T20:15:00-05:00"), ("à 20 h 30", "2026-11-21T20:30:00-05:00"),
        ("à 08h30", "2026-11-22T08:30:00-05:00"), ("à 20 heures 30", "2026-11-21T20:30:00-05:00"),
        ("à huit heures trente", "2026-11-21T20:30:00-05:00"),
        ("à huit heures et demie", "2026-11-21T20:30:00-05:00"), ("à huit heures et quart", "2026-11-21T20:15:00-05:00"),
        ("à neuf heures moins le quart", "2026-11-21T20:45:00-05:00"), ("à neuf heures moins dix", "2026-11-21T20:50:00-05:00"),
        ("a neuf heures moins dix minutes", "2026-11-21T20:50:00-05:00"),
        ("demain à 20h", "2026-11-22T20:00:00-05:00"), ("demain à huit heures et demie", "2026-11-22T08:30:00-05:00"),
        ("demain soir à huit heures et demie", "2026-11-22T20:30:00-05:00"),
        ("à huit heures et demie du soir", "2026-11-21T20:30:00-05:00"),
        ("à midi et demi", "2026-11-21T12:30:00-05:00"), ("à minuit moins le quart", "2026-11-21T23:45:00-05:00")
    ])
    func french(_ text: String, _ expected: String) {
        #expect(LocaleFixture.fr.read("dateTime", text) == .date(expected))
    }

    /// Joined minutes are no more a time than the hour alone: "pour deux et demie" is no time,
    /// and glued letters that are no o'clock word, or minutes past 59, are read as nothing.
    @Test(arguments: ["deux et demie", "pour deux", "20h75", "25h", "à 20x", "et demie", "moins le quart"])
    func frenchNonTimes(_ text: String) {
        #expect(LocaleFixture.fr.read("dateTime", text) == nil)
    }

    @Test(arguments: [
        ("a las ocho y media", "2026-11-21T20:30:00-05:00"), ("a las ocho y cuarto", "2026-11-21T20:15:00-05:00"),
        ("a las nueve menos cuarto", "2026-11-21T20:45:00-05:00"), ("a las ocho y diez", "2026-11-21T20:10:00-05:00"),
        ("a las 8 y 30", "2026-11-21T20:30:00-05:00"), ("a las nueve menos diez", "2026-11-21T20:50:00-05:00"),
        ("mañana a las ocho y media", "2026-11-22T08:30:00-05:00"),
        ("mañana por la noche a las ocho y media", "2026-11-22T20:30:00-05:00")
    ])
    func spanish(_ text: String, _ expected: String) {
        #expect(LocaleFixture.es.read("dateTime", text) == .date(expected))
    }

    @Test(arguments: [
        ("alle otto e mezza", "2026-11-21T20:30:00+01:00"), ("alle otto e un quarto", "2026-11-21T20:15:00+01:00"),
        ("alle nove meno un quarto", "2026-11-21T20:45:00+01:00"), ("alle otto e tre quarti", "2026-11-21T20:45:00+01:00"),
        ("alle otto e dieci", "2026-11-21T20:10:00+01:00"), ("domani alle otto e mezza", "2026-11-22T08:30:00+01:00")
    ])
    func italian(_ text: String, _ expected: String) {
        #expect(LocaleFixture.it.read("dateTime", text) == .date(expected))
    }

    /// "halb neun" is half of the hour before nine; each reading of the hour keeps its shift, so
    /// "halb eins" said in the morning is 12:30.
    @Test(arguments: [
        ("um halb neun", "2026-11-21T20:30:00+01:00"), ("um halb 9", "2026-11-21T20:30:00+01:00"),
        ("um halb eins", "2026-11-21T12:30:00+01:00"), ("um Viertel nach acht", "2026-11-21T20:15:00+01:00"),
        ("um Viertel vor neun", "2026-11-21T20:45:00+01:00"), ("um zehn vor neun", "2026-11-21T20:50:00+01:00"),
        ("um zehn Minuten nach acht", "2026-11-21T20:10:00+01:00"), ("um dreiviertel neun", "2026-11-21T20:45:00+01:00"),
        ("um 20 Uhr 30", "2026-11-21T20:30:00+01:00"), ("morgen um halb neun", "2026-11-22T08:30:00+01:00"),
        ("morgen Abend um halb neun", "2026-11-22T20:30:00+01:00")
    ])
    func german(_ text: String, _ expected: String) {
        #expect(LocaleFixture.de.read("dateTime", text) == .date(expected))
    }

    /// ICU's "AM" is German "am" (on): "zwei am Freitag" is two people on Friday, not 2 AM.
    @Test func germanAmIsNoMeridiem() {
        #expect(LocaleFixture.de.read("dateTime", "zwei am Freitag") == nil)
        #expect(LocaleFixture.de.read("dateTime", "um zwei am Freitag") == .date("2026-11-27T02:00:00+01:00"))
        #expect(LocaleFixture.de.read("dateTime", "um 8 p.m.") == .date("2026-11-21T20:00:00+01:00"))
    }

    @Test(arguments: [
        ("8点半", "2026-11-21T20:30:00+08:00"), ("8点一刻", "2026-11-21T20:15:00+08:00"),
        ("8点三刻", "2026-11-21T20:45:00+08:00"), ("8点15分", "2026-11-21T20:15:00+08:00"),
        ("8点15", "2026-11-21T20:15:00+08:00"), ("八点零五分", "2026-11-21T20:05:00+08:00"),
        ("８：３０", "2026-11-21T20:30:00+08:00"), ("9点差一刻", "2026-11-21T20:45:00+08:00"),
        ("8点过5分", "2026-11-21T20:05:00+08:00"), ("明天晚上8点半", "2026-11-22T20:30:00+08:00"),
        ("明天早上八点半", "2026-11-22T08:30:00+08:00")
    ])
    func chinese(_ text: String, _ expected: String) {
        #expect(LocaleFixture.zh.read("dateTime", text) == .date(expected))
    }

    @Test(arguments: [
        ("half past seven", "2026-11-21T19:30:00-05:00"), ("at a quarter to eight", "2026-11-21T19:45:00-05:00"),
        ("at ten past eight", "2026-11-21T20:10:00-05:00"), ("quarter past eight pm", "2026-11-21T20:15:00-05:00"),
        ("tomorrow at half past seven", "2026-11-22T07:30:00-05:00")
    ])
    func english(_ text: String, _ expected: String) {
        #expect(EntityFixture.read("dateTime", text) == .date(expected))
    }

    /// Minutes said first need their joining word and an hour after it.
    @Test(arguments: ["half", "a quarter", "ten past", "quarter to", "half past the hour", "a quarter to 25"])
    func englishNonTimes(_ text: String) {
        #expect(EntityFixture.read("dateTime", text) == nil)
    }

    /// An offset moves every reading of the hour, and wraps around midnight.
    @Test func offsetsMoveEveryReading() {
        var time = ClockTime(hour: 9, minute: 0)
        time.offset = -15
        #expect(time.candidates == [8 * 60 + 45, 20 * 60 + 45])
        var midnight = ClockTime(hour: 0, minute: 0, isExact: true)
        midnight.offset = -10
        #expect(midnight.candidates == [23 * 60 + 50])
    }
}

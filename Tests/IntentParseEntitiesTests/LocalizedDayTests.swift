import Foundation
import IntentParseEntities
import Testing

@testable import IntentParseEntities

/// Days as each language says them: a day of the month after a "the" word or before a day
/// suffix, "next" after the weekday, the weekday of next week, and weekday names ICU lacks.
/// Reference time: Saturday 21 November 2026 (Tuesday 24 November where said).
@Suite struct LocalizedDayTests {
    /// Tuesday 24 November 2026, 10:00: "Friday next week" is 4 December, "next Friday" 27 November.
    private func tuesday(_ fixture: LocaleFixture) -> EntityContext {
        EntityContext(now: fixture.context.now.addingTimeInterval(3 * 86_400 + 1800), timeZone: fixture.context.timeZone)
    }

    private func read(_ fixture: LocaleFixture, _ text: String, context: EntityContext? = nil) -> EntityValue? {
        let tokenized = fixture.normalizer.tokenize(text)
        let words = tokenized.tokens.filter { !$0.isPunctuation }.count
        let matches = fixture.catalog.parser("dateTime")?.matches(in: tokenized, from: 0, context: context ?? fixture.context) ?? []
        guard let longest = matches.first, tokenized.tokens[longest.start..<longest.end].filter({ !$0.isPunctuation }).count == words else {
            return nil
        }
        return longest.value
    }

    @Test(arguments: [
        ("le 22", "2026-11-22"), ("le 21", "2026-11-21"), ("le 20", "2026-12-20"), ("pour le 3", "2026-12-03"),
        ("vendredi prochain", "2026-11-27"), ("samedi prochain", "2026-11-28"), ("samedi", "2026-11-21"),
        ("le 22 à 20 heures", "2026-11-22T20:00:00-05:00"), ("vendredi prochain à 20 heures", "2026-11-27T20:00:00-05:00")
    ])
    func french(_ text: String, _ expected: String) {
        #expect(read(.fr, text) == .date(expected))
    }

    @Test(arguments: [
        ("el 22", "2026-11-22"), ("para el 22", "2026-11-22"), ("el viernes que viene", "2026-11-27"),
        ("el viernes próximo", "2026-11-27"), ("el sabado que viene", "2026-11-28"),
        ("el 22 a las ocho", "2026-11-22T08:00:00-05:00")
    ])
    func spanish(_ text: String, _ expected: String) {
        #expect(read(.es, text) == .date(expected))
    }

    @Test(arguments: [
        ("il 22", "2026-11-22"), ("venerdì prossimo", "2026-11-27"), ("venerdi prossimo", "2026-11-27"),
        ("il 22 alle otto", "2026-11-22T08:00:00+01:00")
    ])
    func italian(_ text: String, _ expected: String) {
        #expect(read(.it, text) == .date(expected))
    }

    /// German writes ordinals with a full stop ("22."), read with the number.
    @Test(arguments: [
        ("am 22.", "2026-11-22"), ("am 22", "2026-11-22"), ("am 22. November", "2026-11-22"),
        ("den 3. Dezember", "2026-12-03"), ("am Sonnabend", "2026-11-21"), ("nächsten Freitag", "2026-11-27")
    ])
    func german(_ text: String, _ expected: String) {
        #expect(read(.de, text) == .date(expected))
    }

    @Test func germanOrdinalsHaveTheirFullStop() {
        #expect(LocaleFixture.de.readings("ordinal", "22.").first?.value == .ordinal(22))
        #expect(LocaleFixture.de.readings("ordinal", "22 .").isEmpty)
        #expect(LocaleFixture.de.readings("ordinal", "22").isEmpty)
    }

    @Test(arguments: [
        ("ayın 22'sinde", "2026-11-22"), ("ayın 22'si", "2026-11-22"), ("3'ünde", "2026-12-03"),
        ("gelecek cuma", "2026-11-27")
    ])
    func turkish(_ text: String, _ expected: String) {
        #expect(read(.tr, text) == .date(expected))
    }

    @Test(arguments: [
        ("3月3号", "2027-03-03"), ("3月3日", "2027-03-03"), ("三月三号", "2027-03-03"), ("22号", "2026-11-22"),
        ("星期天", "2026-11-22"), ("礼拜天", "2026-11-22"), ("周日", "2026-11-22"), ("礼拜五", "2026-11-27"),
        ("3月3日晚上8点", "2027-03-03T20:00:00+08:00"), ("22号晚上八点半", "2026-11-22T20:30:00+08:00")
    ])
    func chinese(_ text: String, _ expected: String) {
        #expect(read(.zh, text) == .date(expected))
    }

    /// The weekday of next week against "next" weekday, said on a Tuesday.
    @Test func weekdaysOfNextWeek() {
        #expect(read(.de, "Freitag nächste Woche", context: tuesday(.de)) == .date("2026-12-04"))
        #expect(read(.de, "nächste Woche am Freitag", context: tuesday(.de)) == .date("2026-12-04"))
        #expect(read(.de, "nächsten Freitag", context: tuesday(.de)) == .date("2026-11-27"))
        #expect(read(.zh, "下周五", context: tuesday(.zh)) == .date("2026-12-04"))
        #expect(read(.zh, "下个星期五", context: tuesday(.zh)) == .date("2026-12-04"))
        #expect(read(.zh, "这周五", context: tuesday(.zh)) == .date("2026-11-27"))
        #expect(read(.tr, "haftaya cuma", context: tuesday(.tr)) == .date("2026-12-04"))
        #expect(read(.tr, "gelecek cuma", context: tuesday(.tr)) == .date("2026-11-27"))
        #expect(read(.fr, "vendredi de la semaine prochaine", context: tuesday(.fr)) == .date("2026-12-04"))
        #expect(read(.fr, "vendredi prochain", context: tuesday(.fr)) == .date("2026-11-27"))
        #expect(read(.es, "el viernes de la semana que viene", context: tuesday(.es)) == .date("2026-12-04"))
        #expect(read(.it, "venerdì della prossima settimana", context: tuesday(.it)) == .date("2026-12-04"))
        // Said on a Sunday, the week after this one starts tomorrow where weeks start on Monday
        // (ICU's first weekday: Germany, China), and in a week where they start on Sunday (US).
        for fixture in [LocaleFixture.de, .zh] {
            let sunday = EntityContext(now: fixture.context.now.addingTimeInterval(86_400), timeZone: fixture.context.timeZone)
            #expect(read(fixture, fixture.locale == "de" ? "Freitag nächste Woche" : "下周五", context: sunday) == .date("2026-11-27"))
        }
        let sunday = EntityFixture.at("2026-11-22T10:00:00-05:00")
        #expect(EntityFixture.read("dateTime", "Friday next week", context: sunday) == .date("2026-12-04"))
        // "下周末" is still the next weekend: 下 says the next week only before a weekday.
        #expect(read(.zh, "下周末") == .interval("2026-11-28T00:00:00+08:00/2026-11-30T00:00:00+08:00"))
    }

    /// A number alone is no day, nor is a number with a "the" word in front of something else.
    @Test(arguments: [
        ("fr", "22"), ("fr", "pour 20"), ("fr", "prochain"), ("es", "22"), ("es", "para 22"), ("zh", "22"), ("zh", "号"),
        ("tr", "ayın"), ("de", "22"), ("it", "prossimo"), ("fr", "le 32")
    ])
    func nonDays(_ locale: String, _ text: String) {
        let fixtures: [String: LocaleFixture] = ["fr": .fr, "es": .es, "it": .it, "de": .de, "tr": .tr, "zh": .zh]
        guard let fixture = fixtures[locale] else { return }
        #expect(read(fixture, text) == nil)
    }
}

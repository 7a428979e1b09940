import IntentParseBase
import IntentParseEntities
import Testing

@testable import IntentParseEntities

/// The diagnostics of loading `text` as English entity data, as "line:column: message".
private func entityDataProblems(_ text: String) -> [String] {
    do {
        _ = try EntityDataLoader.load(text: text, locale: "en", file: "en.yaml")
        return []
    } catch let error as DiagnosticError {
        return error.diagnostics.map { "\($0.location.line ?? 0):\($0.location.column ?? 0): \($0.message)" }
    } catch {
        return ["\(error)"]
    }
}

@Suite struct EntityDataLoaderTests {
    private func problems(_ text: String) -> [String] { entityDataProblems(text) }

    @Test func theShippedFileLoads() {
        let data = EntityFixture.data
        #expect(data.currencyWords["USD"]?.contains("bucks") == true)
        #expect(data.partsOfDay["evening"] == EntityData.PartOfDay(name: "evening", from: 18 * 60, to: 21 * 60, words: ["evening"]))
        #expect(data.relativeDays["tonight"] == EntityData.RelativeDay(offset: 0, part: "night"))
        #expect(data.namedTimes["noon"] == 720)
        #expect(data.multipliers["k"] == 1000)
        #expect(data.durationUnits["hour"]?.contains("hrs") == true)
        #expect(data.words(.at).contains("at"))
    }

    @Test func aSmallFile() throws {
        let data = try EntityDataLoader.load(
            text: """
                language: en
                numbers: {one: [a], fractions: {half: 0.5}}
                dates:
                  parts_of_day: {late: {from: "22:00", to: "24:00", words: [late]}}
                  days: {tonite: {day: 0, part: late}}
                """, locale: "en")
        #expect(data.oneWords == ["a"])
        #expect(data.relativeDays["tonite"]?.part == "late")
        #expect(data.partsOfDay["late"]?.to == 1440)
    }

    @Test func everyProblemIsReportedWithItsPlace() {
        let found = problems(
            """
            language: fr
            numbers: {fractons: {half: 0.5}}
            currency: {words: {USS: [dollars]}}
            dates:
              parts_of_day: {evening: {from: "25:00", to: "21:00"}}
              days: {tonight: {day: 0, part: evenin}}
            duration: {hours: [h]}
            """)
        #expect(
            found == [
                "1:11: language 'fr' does not match its folder 'en'",
                "2:11: unknown key 'fractons' in numbers (did you mean 'fractions'?)",
                "3:20: 'USS' is not an ISO 4217 currency code ICU knows (did you mean 'USD'?)",
                #"5:34: '25:00' is not a time of day "HH:MM" (00:00 to 23:59)"#,
                "7:12: unknown duration unit 'hours' (did you mean 'hour'?); known: day, hour, minute, second, week",
                "6:34: unknown part of the day 'evenin'"
            ])
    }

    @Test func badValues() {
        #expect(problems("language: en\nnumbers: {multipliers: {k: lots}}") == ["2:28: multipliers: 'k' needs a number above zero"])
        #expect(
            problems("language: en\ndates: {parts_of_day: {x: {from: \"10:00\", to: \"09:00\"}}}")
                == ["2:47: part of the day 'x' must end after it starts"])
        #expect(
            problems("language: en\ndistance: {parsec: [pc]}")
                == ["2:12: unknown distance unit 'parsec'; known: foot, inch, kilometer, meter, mile, yard"])
        #expect(problems("numbers: [a]") == ["1:1: missing 'language: en'", "1:10: numbers must be a mapping (key: value)"])
        #expect(problems("language: en\nnumbers: {one: [a}").first?.contains("not valid YAML") == true)
    }
}

@Suite struct EntityDataLoaderNewKeysTests {
    private func problems(_ text: String) -> [String] { entityDataProblems(text) }

    @Test func clockWeekdaysPartsAndZero() throws {
        let data = try EntityDataLoader.load(
            text: """
                language: en
                numbers: {words: {naught: 0}}
                currency: {parts: {bit: 0.125}}
                dates:
                  weekdays: {sabbath: 6}
                  words: {next_after: [next], next_week: [next week], day_suffix: [th]}
                  clock:
                    hours: {una: 1}
                    minutes: {quarter hour: 15}
                    after_hour: {past: [and], to: [less]}
                    before_hour: {past: [past], to: [to]}
                    shifts: {half: -30}
                """, locale: "en")
        #expect(data.numberWords["naught"] == 0)
        #expect(data.currencyParts["bit"] == 0.125)
        #expect(data.weekdayWords["sabbath"] == 6)
        #expect(data.words(.nextAfter) == ["next"] && data.words(.nextWeek) == ["next week"] && data.words(.daySuffix) == ["th"])
        #expect(data.clock.hours == ["una": 1] && data.clock.minutes == ["quarter hour": 15] && data.clock.shifts == ["half": -30])
        #expect(data.clock.afterHourPast == ["and"] && data.clock.afterHourTo == ["less"])
        #expect(data.clock.beforeHourPast == ["past"] && data.clock.beforeHourTo == ["to"])
    }

    @Test func badValuesAreReportedWithTheirPlace() {
        let found = problems(
            """
            language: en
            numbers: {words: {minus: -1}}
            currency: {parts: {whole: 1.5}}
            dates:
              weekdays: {funday: 8}
              clock:
                minutes: {hour: 60}
                shifts: {none: 0}
                after_hour: {pass: [and]}
                befor_hour: {past: [past]}
                hours: {thirteen: 24}
            """)
        #expect(
            found == [
                "2:26: words: 'minus' needs a number of zero or more",
                "3:27: parts: 'whole' is a part of one unit, a number between 0 and 1 (0.1 for a tenth)",
                "5:22: weekdays: 'funday' needs a weekday number, 1 (Monday) to 7 (Sunday)",
                "10:5: unknown key 'befor_hour' in clock (did you mean 'before_hour'?)",
                "7:21: clock minutes: 'hour' needs a number of minutes, 1 to 59",
                "8:20: clock shifts: 'none' needs minutes to add (1 to 59) or take away (-1 to -59)",
                "9:18: unknown key 'pass' in after_hour (did you mean 'past'?)",
                "11:23: clock hours: 'thirteen' needs an hour, 0 to 23"
            ])
    }
}

import Testing
import IntentParseBase
@testable import IntentParseEntities

@Suite struct EntityDataLoaderTests {
    /// The diagnostics of loading `text`, as "line:column: message".
    private func problems(_ text: String) -> [String] {
        do {
            _ = try EntityDataLoader.load(text: text, locale: "en", file: "en.yaml")
            return []
        } catch let error as DiagnosticError {
            return error.diagnostics.map { "\($0.location.line ?? 0):\($0.location.column ?? 0): \($0.message)" }
        } catch {
            return ["\(error)"]
        }
    }

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
        let data = try EntityDataLoader.load(text: """
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
        let found = problems("""
            language: fr
            numbers: {fractons: {half: 0.5}}
            currency: {words: {USS: [dollars]}}
            dates:
              parts_of_day: {evening: {from: "25:00", to: "21:00"}}
              days: {tonight: {day: 0, part: evenin}}
            duration: {hours: [h]}
            """)
        #expect(found == [
            "1:11: language 'fr' does not match its folder 'en'",
            "2:11: unknown key 'fractons' in numbers (did you mean 'fractions'?)",
            "3:20: 'USS' is not an ISO 4217 currency code ICU knows (did you mean 'USD'?)",
            #"5:34: '25:00' is not a time of day "HH:MM" (00:00 to 23:59)"#,
            "7:12: unknown duration unit 'hours' (did you mean 'hour'?); known: day, hour, minute, second, week",
            "6:34: unknown part of the day 'evenin'",
        ])
    }

    @Test func badValues() {
        #expect(problems("language: en\nnumbers: {multipliers: {k: lots}}") == ["2:28: multipliers: 'k' needs a number above zero"])
        #expect(problems("language: en\ndates: {parts_of_day: {x: {from: \"10:00\", to: \"09:00\"}}}")
                == ["2:47: part of the day 'x' must end after it starts"])
        #expect(problems("language: en\ndistance: {parsec: [pc]}")
                == ["2:12: unknown distance unit 'parsec'; known: foot, inch, kilometer, meter, mile, yard"])
        #expect(problems("numbers: [a]") == ["1:1: missing 'language: en'", "1:10: numbers must be a mapping (key: value)"])
        #expect(problems("language: en\nnumbers: {one: [a}").first?.contains("not valid YAML") == true)
    }
}

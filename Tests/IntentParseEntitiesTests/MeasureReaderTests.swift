import IntentParseEntities
import IntentParseNormalization
import Testing

@testable import IntentParseEntities

/// `MeasureReader` skips the positions where no unit can end a measure; at every position of
/// many texts, reading them anyway must find nothing.
@Suite struct MeasureReaderTests {
    private static let fragments = [
        "a", "an", "half", "half an", "quarter", "and", "and a half", "two", "twenty one", "hundred", "3", "3.5", "1,000", "90",
        "٣", "５", "5k", "10km", "90min", "2h", "3rd", "8pm", "hour", "hours", "minutes", "mins", "days", "week", "mile", "miles",
        "km", "k", "m", "in", "feet", "table", "at", "from now", ",", "-", "Café"
    ]

    private func readers() -> [MeasureReader] {
        [
            (EntityFixture.catalog.parser("duration") as? DurationParser)?.measures,
            (EntityFixture.catalog.parser("distance") as? DistanceParser)?.measures
        ].compactMap { $0 }
    }

    @Test func positionsSkippedMeasureNothing() {
        let readers = readers()
        #expect(readers.count == 2)
        let fragments = MeasureReaderTests.fragments
        for first in fragments {
            for second in fragments {
                for third in ["", " hours", " and a half miles", " for two"] {
                    let text = EntityFixture.normalizer.tokenize("\(first) \(second)\(third)")
                    for reader in readers {
                        for start in text.tokens.indices where !reader.unitMayEnd(text.tokens, from: start) {
                            #expect(reader.readMeasures(text, from: start).isEmpty, "\(text.text) at \(start)")
                        }
                    }
                }
            }
        }
    }

    @Test func gluedUnitsAreStillRead() throws {
        let reader = try #require(readers().first)
        let text = EntityFixture.normalizer.tokenize("90min")
        #expect(reader.unitMayEnd(text.tokens, from: 0))
        #expect(reader.measures(text, from: 0).map(\.unit) == ["minute"])
    }
}

import IntentParseEntities
import Testing

@testable import IntentParseEntities

@Suite struct DistanceParserTests {
    private func distance(_ text: String) -> EntityValue? { EntityFixture.read("distance", text) }

    /// The unit stays the one the user said: "10 km" is 10 kilometer, not 10,000 meter.
    @Test(arguments: [
        ("5 miles", 5.0, "mile"), ("10 km", 10, "kilometer"), ("10km", 10, "kilometer"),
        ("3.5 kilometers", 3.5, "kilometer"), ("400 meters", 400, "meter"), ("400m", 400, "meter"),
        ("a mile", 1, "mile"), ("half a mile", 0.5, "mile"), ("two and a half miles", 2.5, "mile"),
        ("100 yards", 100, "yard"), ("6 feet", 6, "foot"), ("12 inches", 12, "inch"), ("5k", 5, "kilometer")
    ])
    func distances(_ text: String, _ value: Double, _ unit: String) {
        #expect(distance(text) == .quantity(value: value, unit: unit))
    }

    /// "in" is not read as inches: "5 in the park" is not a distance.
    @Test(arguments: ["5", "miles", "5 in", "five minutes", "a"])
    func notDistances(_ text: String) {
        #expect(distance(text) == nil)
    }

    @Test func jsonShape() {
        #expect(EntityValue.quantity(value: 10, unit: "kilometer").json.serialized == #"{"value":10,"unit":"kilometer"}"#)
    }
}

import IntentParseNormalization

/// Distances: "5 miles", "10 km", "3.5 kilometers", "400 meters", "half a mile" →
/// `.quantity(value:unit:)`.
///
/// NB: the value keeps the unit the user said ("10 km" → 10 kilometer, not 10,000 meter), so a
/// goal reads back as it was spoken. Unit names are SiriKit's INWorkoutGoalUnitType cases
/// (mile, meter, foot, yard, inch) plus "kilometer", which SiriKit lacks and an app converts.
package final class DistanceParser: EntityParser {
    package let name = "distance"
    /// The units a data file may give words for.
    static let units = ["mile", "kilometer", "meter", "foot", "yard", "inch"]

    let measures: MeasureReader

    init(amounts: AmountReader, data: EntityData) {
        measures = MeasureReader(amounts: amounts, unitWords: data.distanceUnits)
    }

    package func matches(in text: TokenizedText, from start: Int, context: EntityContext) -> [EntityMatch] {
        measures.measures(text, from: start).map {
            EntityMatch(start: start, end: $0.end, value: .quantity(value: $0.value, unit: $0.unit))
        }
    }
}

import IntentParseNormalization

/// Lengths of time: "two hours", "90 minutes", "an hour and a half", "45 secs",
/// "1 hour and 30 minutes" → `.duration(seconds:)`.
///
/// Unit words come from the data file (`duration:`); each unit's length is fixed here. Months
/// and years are left out on purpose: they have no fixed number of seconds.
package final class DurationParser: EntityParser {
    package let name = "duration"
    /// Seconds in each unit the data file may name.
    static let secondsPerUnit: [String: Double] = ["second": 1, "minute": 60, "hour": 3600, "day": 86_400, "week": 604_800]

    let measures: MeasureReader

    init(amounts: AmountReader, data: EntityData) {
        measures = MeasureReader(amounts: amounts, unitWords: data.durationUnits)
    }

    package func matches(in text: TokenizedText, from start: Int, context: EntityContext) -> [EntityMatch] {
        spans(text, from: start).map { EntityMatch(start: start, end: $0.end, value: .duration(seconds: $0.seconds)) }
    }

    /// Every duration at `start`, longest first: one measure, or several of different units
    /// ("2 hours 15 minutes", "1 hour and 30 minutes").
    /// `smallestUnit`: the seconds in the smallest unit said (86,400 for "3 days").
    func spans(_ text: TokenizedText, from start: Int) -> [(end: Int, seconds: Double, smallestUnit: Double)] {
        var result: [(end: Int, seconds: Double, smallestUnit: Double)] = []
        var frontier = measures.measures(text, from: start).map { (end: $0.end, seconds: seconds($0), units: [$0.unit]) }
        while !frontier.isEmpty {
            var next: [(end: Int, seconds: Double, units: [String])] = []
            for sum in frontier {
                result.append((sum.end, sum.seconds, sum.units.map { DurationParser.secondsPerUnit[$0] ?? 0 }.min() ?? 0))
                var position = sum.end
                if position < text.tokens.count, text.tokens[position].text == "," { position += 1 }
                if let conjunction = measures.amounts.conjunctions.longest(text.tokens, from: position) { position = conjunction.end }
                for measure in measures.measures(text, from: position) where !sum.units.contains(measure.unit) && sum.units.count < 4 {
                    next.append((measure.end, sum.seconds + seconds(measure), sum.units + [measure.unit]))
                }
            }
            frontier = next
        }
        return result.filter { $0.seconds < EntityValue.maxMagnitude }.sorted { $0.end > $1.end }
    }

    private func seconds(_ measure: Measure) -> Double {
        measure.value * (DurationParser.secondsPerUnit[measure.unit] ?? 0)
    }
}

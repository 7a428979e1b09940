import IntentParseNormalization

/// An amount of some unit.
struct Measure: Sendable {
    /// The token index after the measure.
    var end: Int
    var value: Double
    /// The unit's name in the data file ("hour", "mile").
    var unit: String
}

/// Reads an amount and a unit, the way durations and distances are said: "two hours",
/// "90 minutes", "10km", "an hour and a half", "two and a half miles", "half a mile".
struct MeasureReader: Sendable {
    let amounts: AmountReader
    private(set) var units = PhraseTable<String>()
    /// The first keys of the unit words, to tell cheaply that no unit follows a position.
    private let unitStarts: StringSet

    /// `unitWords`: unit name → the words for it.
    init(amounts: AmountReader, unitWords: [String: [String]]) {
        self.amounts = amounts
        for (unit, words) in unitWords.sorted(by: { $0.key < $1.key }) {
            units.add(words, unit, normalizer: amounts.normalizer)
        }
        unitStarts = StringSet(units.startKeys)
    }

    /// Every measure starting at `start`, longest first.
    func measures(_ text: TokenizedText, from start: Int) -> [Measure] {
        guard !units.isEmpty, start < text.tokens.count, unitMayEnd(text.tokens, from: start) else { return [] }
        return readMeasures(text, from: start)
    }

    /// `measures`, read without first looking for a unit.
    func readMeasures(_ text: TokenizedText, from start: Int) -> [Measure] {
        var result = halves(text.tokens, from: start)
        for amount in amounts.amounts(text, from: start) {
            if let suffix = amount.suffix {
                if let unit = units.value(of: suffix, normalizer: amounts.normalizer) {
                    result.append(Measure(end: amount.end, value: amount.value, unit: unit))
                }
                continue
            }
            result += withUnits(text.tokens, after: amount.end, value: amount.value)
            if !amount.isArticle, let fraction = amounts.fraction(after: amount.end, in: text.tokens, needsConjunction: true) {
                result += withUnits(text.tokens, after: fraction.end, value: amount.value + fraction.value)
            }
        }
        return result.sorted { $0.end > $1.end }
    }

    /// Whether a measure may start at `start` (a valid index): each one ends in a unit word after
    /// its first token, or in a unit glued to the digits of its first token ("90min"). Most
    /// numbers in an utterance measure nothing ("a table for two at 8"), and this says so
    /// without reading amounts.
    func unitMayEnd(_ tokens: [Token], from start: Int) -> Bool {
        for index in (start + 1)..<max(start + 1, tokens.count) where unitStarts.contains(tokens[index].looseKey) { return true }
        return amounts.split(tokens[start]) != nil
    }

    /// The units after an amount, each also with a trailing "and a half".
    private func withUnits(_ tokens: [Token], after end: Int, value: Double) -> [Measure] {
        var result: [Measure] = []
        for unit in units.matches(tokens, from: end) {
            if let fraction = amounts.fraction(after: unit.end, in: tokens, needsConjunction: true) {
                result.append(Measure(end: fraction.end, value: value + fraction.value, unit: unit.value))
            }
            result.append(Measure(end: unit.end, value: value, unit: unit.value))
        }
        return result
    }

    /// "half an hour", "half a mile": a fraction, maybe an article, a unit.
    private func halves(_ tokens: [Token], from start: Int) -> [Measure] {
        guard let fraction = amounts.fractions.longest(tokens, from: start) else { return [] }
        var position = fraction.end
        if let article = amounts.articles.longest(tokens, from: position) { position = article.end }
        return units.matches(tokens, from: position).map { Measure(end: $0.end, value: fraction.value, unit: $0.value) }
    }
}

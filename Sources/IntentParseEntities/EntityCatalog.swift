import IntentParseNormalization

/// The built-in entities of one locale, by the name grammar lists use (`entity: dateTime`).
///
/// What ICU knows (number words, ordinals, currency symbols and names, month and weekday
/// names) is read from ICU; the rest of a language's words come from its `EntityData`
/// (`Grammars/<locale>/entities/*.yaml`). Without data, entities that need words ICU lacks
/// (durations, distances, relative days) find less, but nothing fails.
package struct EntityCatalog: Sendable {
    /// Every entity name a grammar may use.
    package static let names = ["number", "ordinal", "currencyAmount", "dateTime", "duration", "distance"]

    package let parsers: [String: any EntityParser]
    private let locale: String
    private let data: EntityData
    private let numbers: NumberParser

    /// A few phrases each entity reads ("tomorrow at 8 PM", "20 US dollars"), by entity name.
    ///
    /// Made when asked (it opens ICU formats of its own), since only sentence generation
    /// needs it.
    package var examples: [String: [String]] { EntityCatalog.examples(locale: locale, data: data, numbers: numbers) }

    /// `rules`: how the language cuts words (its grammar's `tokens:`), so that entity words are
    /// cut as utterances are.
    package init(locale: String, data: EntityData = EntityData(), rules: TokenRules = TokenRules()) {
        let normalizer = Normalizer(locale: locale, rules: rules)
        let numbers = NumberParser(locale: locale, rules: rules, data: data)
        let amounts = AmountReader(locale: locale, data: data, numbers: numbers, normalizer: normalizer)
        let ordinals = OrdinalParser(locale: locale, amounts: amounts)
        let durations = DurationParser(amounts: amounts, data: data)
        let parsers: [any EntityParser] = [
            numbers, ordinals, durations,
            CurrencyParser(locale: locale, amounts: amounts, data: data),
            DistanceParser(amounts: amounts, data: data),
            DateTimeParser(locale: locale, data: data, ordinals: ordinals, durations: durations)
        ]
        self.parsers = Dictionary(uniqueKeysWithValues: parsers.map { ($0.name, $0) })
        self.locale = locale
        self.data = data
        self.numbers = numbers
    }

    package func parser(_ name: String) -> (any EntityParser)? { parsers[name] }
}

import IntentParseNormalization

/// Currency amounts: "$20", "€3.50", "£7.25", "USD 20", "20 USD", "20 dollars", "twenty euros",
/// "20 bucks", "5k yen", "ten dollars and fifty cents", "50 cents" → `.currency(amount:code:)`.
///
/// Readings: a symbol or ISO code, then an amount; or an amount, then any currency word; either
/// maybe followed by "[and] N <subunits>" (cents, when the currency has them). Subunits alone
/// ("50 cents") count in the locale's own currency (ICU's, for "en" USD).
public final class CurrencyParser: EntityParser {
    public let name = "currencyAmount"

    let amounts: AmountReader
    let lexicon: CurrencyLexicon

    init(locale: String, amounts: AmountReader, data: EntityData) {
        self.amounts = amounts
        lexicon = CurrencyLexicon(locale: locale, data: data, normalizer: amounts.normalizer)
    }

    public func matches(in text: TokenizedText, from start: Int, context: EntityContext) -> [EntityMatch] {
        // The amounts at `start`, read once: both "20 dollars" and "50 cents" start with them.
        let here = amounts.amounts(text, from: start)
        var readings: [EntityMatch] = []
        for whole in prefixed(text, from: start) + suffixed(text, amounts: here) {
            if let perUnit = lexicon.subunitsPerUnit(of: whole.code),
               let withCents = subunits(text, after: whole.end, perUnit: perUnit) {
                readings.append(match(start, withCents.end, whole.amount + withCents.amount, whole.code))
            }
            readings.append(match(start, whole.end, whole.amount, whole.code))
        }
        if let code = lexicon.localCurrency, let perUnit = lexicon.localSubunitsPerUnit,
           let cents = subunits(text, amounts: here, perUnit: perUnit) {
            readings.append(match(start, cents.end, cents.amount, code))
        }
        return readings.sorted { $0.end > $1.end }
    }

    private func match(_ start: Int, _ end: Int, _ amount: Double, _ code: String) -> EntityMatch {
        EntityMatch(start: start, end: end, value: .currency(amount: amount, code: code))
    }

    /// "$20", "€ 3.50", "USD 20", "$5k".
    private func prefixed(_ text: TokenizedText, from start: Int) -> [(end: Int, amount: Double, code: String)] {
        lexicon.marks(text.tokens, from: start).flatMap { mark in
            amounts.amounts(text, from: mark.end).filter { !$0.isArticle && $0.suffix == nil }.map { ($0.end, $0.value, mark.code) }
        }
    }

    /// "20 dollars", "twenty euros", "20 USD", "20€", "a dollar", "20USD", after the `amounts` at the start.
    private func suffixed(_ text: TokenizedText, amounts found: [Amount]) -> [(end: Int, amount: Double, code: String)] {
        found.flatMap { amount -> [(end: Int, amount: Double, code: String)] in
            if let suffix = amount.suffix {
                let code = lexicon.code(ofSuffix: suffix, token: text.tokens[amount.end - 1], normalizer: amounts.normalizer)
                return code.map { [(amount.end, amount.value, $0)] } ?? []
            }
            return lexicon.after(text.tokens, from: amount.end, namesOnly: amount.isArticle).map { ($0.end, amount.value, $0.code) }
        }
    }

    /// "[and] fifty cents" after `end`: the subunits as a fraction of the currency.
    private func subunits(_ text: TokenizedText, after end: Int, perUnit: Double) -> (end: Int, amount: Double)? {
        var position = end
        if let conjunction = amounts.conjunctions.longest(text.tokens, from: position) { position = conjunction.end }
        return subunits(text, amounts: amounts.amounts(text, from: position), perUnit: perUnit)
    }

    /// The first of `found` (amounts at one position) that a subunit word follows, as a fraction
    /// of the currency: "fifty cents" → 0.5.
    private func subunits(_ text: TokenizedText, amounts found: [Amount], perUnit: Double) -> (end: Int, amount: Double)? {
        for amount in found where amount.suffix == nil && !amount.isArticle {
            guard amount.value == amount.value.rounded(), amount.value >= 0, amount.value < perUnit,
                  let unit = lexicon.subunits.longest(text.tokens, from: amount.end) else { continue }
            return (unit.end, amount.value / perUnit)
        }
        return nil
    }
}

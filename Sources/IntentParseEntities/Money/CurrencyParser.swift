import IntentParseNormalization

/// Currency amounts: "$20", "€3.50", "£7.25", "USD 20", "20 USD", "20 dollars", "twenty euros",
/// "20 bucks", "5k yen", "ten dollars and fifty cents", "50 cents", "二十块五毛" → `.currency(amount:code:)`.
///
/// Readings: a symbol or ISO code, then an amount; or an amount, then any currency word; either
/// maybe followed by "[and] N <part>", parts smaller each time: subunits (cents, when the
/// currency has them) and the data's parts ("三块五毛五分" is 3.55). After a currency word, a
/// last bare number counts the next smaller part ("vingt euros cinquante" and "veinte euros con
/// cincuenta" are 20.50, "三块五" 3.5). Parts alone ("50 cents", "五毛钱") count in the locale's own currency (ICU's, for "en" USD).
package final class CurrencyParser: EntityParser {
    package let name = "currencyAmount"

    let amounts: AmountReader
    let lexicon: CurrencyLexicon

    init(locale: String, amounts: AmountReader, data: EntityData) {
        self.amounts = amounts
        lexicon = CurrencyLexicon(locale: locale, data: data, normalizer: amounts.normalizer)
    }

    package func matches(in text: TokenizedText, from start: Int, context: EntityContext) -> [EntityMatch] {
        // The amounts at `start`, read once: both "20 dollars" and "50 cents" start with them.
        let here = amounts.amounts(text, from: start)
        var readings: [EntityMatch] = []
        var parts: [(end: Int, amount: Double)] = []
        for whole in prefixed(text, from: start) + suffixed(text, amounts: here) {
            parts.removeAll(keepingCapacity: true)
            var position = whole.end
            if let conjunction = amounts.conjunctions.longest(text.tokens, from: position) { position = conjunction.end }
            appendParts(
                text, amounts: amounts.amounts(text, from: position), code: whole.code, below: 1, total: 0,
                elides: whole.named, to: &parts)
            for part in parts { readings.append(match(start, part.end, whole.amount + part.amount, whole.code)) }
            readings.append(match(start, whole.end, whole.amount, whole.code))
        }
        if let code = lexicon.localCurrency, !lexicon.parts.isEmpty, !here.isEmpty {
            parts.removeAll(keepingCapacity: true)
            appendParts(text, amounts: here, code: code, below: 1, total: 0, elides: false, to: &parts)
            for part in parts { readings.append(match(start, part.end, part.amount, code)) }
        }
        readings.sort { $0.end > $1.end }
        return readings
    }

    private func match(_ start: Int, _ end: Int, _ amount: Double, _ code: String) -> EntityMatch {
        EntityMatch(start: start, end: end, value: .currency(amount: amount, code: code))
    }

    /// "$20", "€ 3.50", "USD 20", "$5k".
    private func prefixed(_ text: TokenizedText, from start: Int) -> [(end: Int, amount: Double, code: String, named: Bool)] {
        lexicon.marks(text.tokens, from: start).flatMap { mark in
            amounts.amounts(text, from: mark.end).filter { !$0.isArticle && $0.suffix == nil }.map { ($0.end, $0.value, mark.code, false) }
        }
    }

    /// "20 dollars", "twenty euros", "20 USD", "20€", "a dollar", "20USD", after the `amounts` at
    /// the start; `named`: the currency was said after the amount.
    private func suffixed(_ text: TokenizedText, amounts found: [Amount]) -> [(end: Int, amount: Double, code: String, named: Bool)] {
        found.flatMap { amount -> [(end: Int, amount: Double, code: String, named: Bool)] in
            if let suffix = amount.suffix {
                let code = lexicon.code(ofSuffix: suffix, token: text.tokens[amount.end - 1], normalizer: amounts.normalizer)
                return code.map { [(amount.end, amount.value, $0, true)] } ?? []
            }
            return lexicon.after(text.tokens, from: amount.end, namesOnly: amount.isArticle).map { ($0.end, amount.value, $0.code, true) }
        }
    }

    /// Appends every way parts smaller than `below` (a part of the unit: 1 is the unit) continue
    /// from the `amounts` found at one position: "fifty cents", "五毛", "五毛五分", and when
    /// `elides`, a bare number counting the next smaller part ("五" after "块" is five 毛).
    /// Each as its end and `total` plus the parts, in the currency `code`.
    private func appendParts(
        _ text: TokenizedText, amounts found: [Amount], code: String, below: Double, total: Double, elides: Bool,
        to result: inout [(end: Int, amount: Double)]
    ) {
        for amount in found where amount.suffix == nil && !amount.isArticle && amount.value == amount.value.rounded() && amount.value >= 0 {
            if let unit = lexicon.parts.longest(text.tokens, from: amount.end) {
                guard let size = unit.value > 0 ? unit.value : lexicon.subunitsPerUnit(of: code).map({ 1 / $0 }),
                    size < below, (amount.value * size).isLess(than: below * (1 - 1e-9))
                else { continue }
                let sum = CurrencyParser.rounded(total + amount.value * size, size)
                result.append((unit.end, sum))
                // Only a smaller part may follow: "五毛五分", "五毛五".
                appendParts(text, amounts: amounts.amounts(text, from: unit.end), code: code, below: size, total: sum, elides: true, to: &result)
            } else if elides, amount.value >= 1, let size = nextPart(below: below, code: code), (amount.value * size).isLess(than: below * (1 - 1e-9))
            {
                result.append((amount.end, CurrencyParser.rounded(total + amount.value * size, size)))
            }
        }
    }

    /// The largest part smaller than `below` the currency `code` has: the data's, or its subunit.
    private func nextPart(below: Double, code: String) -> Double? {
        let subunit = lexicon.parts.isEmpty ? nil : lexicon.subunitsPerUnit(of: code).map { 1 / $0 }
        let data = lexicon.partSizes.first { $0 < below }
        guard let subunit, subunit < below else { return data }
        return max(data ?? 0, subunit)
    }

    /// `amount` rounded to whole parts of `size`, so that "3块5毛5分" is 3.55, not 3.5500000000000003.
    private static func rounded(_ amount: Double, _ size: Double) -> Double {
        let scale = (1 / size).rounded()
        guard scale >= 1, scale < 1e9, abs(amount * scale) < EntityValue.maxMagnitude else { return amount }
        return (amount * scale).rounded() / scale
    }
}

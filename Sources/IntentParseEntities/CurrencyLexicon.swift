import CIntentParseICU
import IntentParseNormalization

/// How a locale names currencies, mostly from ICU: symbols ("$", "€", "CA$"), ISO codes ("USD")
/// and names ("US dollars", "euros", "British pounds"), plus the data file's words ICU lacks
/// ("dollars", "bucks", "quid") and subunit words ("cents").
///
/// NB: ISO codes count only when written in capitals ("20 USD"), because many codes are
/// everyday words in lower case ("all", "top", "cup"); a data file may list lower-case ones.
struct CurrencyLexicon: Sendable {
    /// Symbols: before or after the amount, compared with their spacing ("CA$" is not "a $").
    private(set) var symbols = PhraseTable<String>(spacing: .exact)
    /// Names and words: after the amount ("20 dollars", "twenty US dollars").
    private(set) var names = PhraseTable<String>()
    private(set) var subunits = PhraseTable<Bool>()
    private(set) var codes = StringSet([])
    /// The locale's own currency: what "50 cents" is counted in.
    let localCurrency: String?
    /// `subunitsPerUnit(of: localCurrency)`, asked of ICU once.
    let localSubunitsPerUnit: Double?

    init(locale: String, data: EntityData, normalizer: Normalizer) {
        localCurrency = ICUCurrencies.currency(forLocale: locale)
        localSubunitsPerUnit = localCurrency.flatMap { CurrencyLexicon.subunitsPerUnit(of: $0) }
        for (code, words) in data.currencyWords.sorted(by: { $0.key < $1.key }) {
            names.add(words, code, normalizer: normalizer)
        }
        subunits.add(data.subunitWords, true, normalizer: normalizer)
        let allCodes = ICUCurrencies.codes()
        codes = StringSet(Set(allCodes))
        for code in allCodes {
            if let symbol = ICUCurrencies.name(code, locale: locale, style: CIP_CURRENCY_SYMBOL), symbol != code {
                symbols.add(symbol, code, normalizer: normalizer)
            }
            for style in [CIP_CURRENCY_LONG_NAME, CIP_CURRENCY_PLURAL_ONE, CIP_CURRENCY_PLURAL_OTHER] {
                if let name = ICUCurrencies.name(code, locale: locale, style: style) { names.add(name, code, normalizer: normalizer) }
            }
        }
    }

    /// A symbol or a capitalised ISO code at `start`: what may stand before an amount.
    func marks(_ tokens: [Token], from start: Int) -> [(end: Int, code: String)] {
        guard start < tokens.count else { return [] }
        var result = symbols.matches(tokens, from: start).map { (end: $0.end, code: $0.value) }
        if codes.contains(tokens[start].text) { result.append((start + 1, tokens[start].text)) }
        return result
    }

    /// Any way of naming a currency after an amount; after "a"/"an" only names ("a dollar").
    func after(_ tokens: [Token], from start: Int, namesOnly: Bool) -> [(end: Int, code: String)] {
        let named = names.matches(tokens, from: start).map { (end: $0.end, code: $0.value) }
        return namesOnly ? named : named + marks(tokens, from: start)
    }

    /// A currency glued to the digits of `token` ("20USD"; "20usd" only when listed): its code.
    func code(ofSuffix suffix: String, token: Token, normalizer: Normalizer) -> String? {
        let code = suffix.uppercased()
        if codes.contains(code), token.text.hasSuffix(code) { return code }
        return names.value(of: suffix, normalizer: normalizer)
    }

    /// How many subunits make one unit: 100 for USD, nil for JPY (no subunit).
    func subunitsPerUnit(of code: String) -> Double? {
        // NB: bytes, not `==`: a code read from the text may be canonically equal to the local
        // one without being the same string ICU would be asked about.
        if let localCurrency, code.utf8.elementsEqual(localCurrency.utf8) { return localSubunitsPerUnit }
        return CurrencyLexicon.subunitsPerUnit(of: code)
    }

    private static func subunitsPerUnit(of code: String) -> Double? {
        let digits = ICUCurrencies.fractionDigits(code)
        return digits > 0 ? (0..<digits).reduce(1.0) { value, _ in value * 10 } : nil
    }
}

import IntentParseNormalization

/// How a locale names currencies, mostly from ICU: symbols ("$", "€", "CA$"), ISO codes ("USD")
/// and names ("US dollars", "euros", "British pounds"), plus the data file's words ICU lacks
/// ("dollars", "bucks", "quid"), subunit words ("cents") and other parts of a unit ("毛").
///
/// ICU's narrow symbols count too ("$" and "£" in French, where ICU's symbols are "$US" and
/// "£GB"). Many currencies share one ("$": US, Canadian, Australian dollars...): a shared one
/// is the locale's own currency when that is among them, else the one ICU's region data gives
/// the most regions (USD for "$", GBP for "£"), else nobody's ("¥" in French: yen or yuan).
/// A narrow symbol with letters in it ("kr", "R") is a word, and is not read.
///
/// NB: ISO codes count only when written in capitals ("20 USD"), because many codes are
/// everyday words in lower case ("all", "top", "cup"); a data file may list lower-case ones.
struct CurrencyLexicon: Sendable {
    /// Symbols: before or after the amount, compared with their spacing ("CA$" is not "a $").
    private(set) var symbols = PhraseTable<String>(spacing: .exact)
    /// Names and words: after the amount ("20 dollars", "twenty US dollars").
    private(set) var names = PhraseTable<String>()
    /// Words for parts of a unit, by their size: the data's parts ("毛": 0.1) and subunits, whose
    /// size is the currency's own (0 here; a hundredth of a dollar, none for yen).
    private(set) var parts = PhraseTable<Double>()
    /// The sizes of the data's parts, largest first.
    let partSizes: [Double]
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
        parts.add(data.subunitWords, 0, normalizer: normalizer)
        for (word, size) in data.currencyParts.sorted(by: { $0.key < $1.key }) { parts.add(word, size, normalizer: normalizer) }
        partSizes = Set(data.currencyParts.values).sorted(by: >)
        let allCodes = ICUCurrencies.codes()
        codes = StringSet(Set(allCodes))
        var narrow: [String: [String]] = [:]
        for code in allCodes {
            let symbol = ICUCurrencies.name(code, locale: locale, style: .symbol)
            if let symbol, symbol != code { symbols.add(symbol, code, normalizer: normalizer) }
            for style in [ICUCurrencies.NameStyle.longName, .pluralOne, .pluralOther] {
                if let name = ICUCurrencies.name(code, locale: locale, style: style) { names.add(name, code, normalizer: normalizer) }
            }
            if let short = ICUCurrencies.name(code, locale: locale, style: .narrowSymbol), short != code, short != symbol,
                !short.unicodeScalars.contains(where: { $0.properties.isAlphabetic })
            {
                narrow[short, default: []].append(code)
            }
        }
        // After the symbols, so that a symbol keeps its own currency ("$" in English).
        for (symbol, sharing) in narrow.sorted(by: { $0.key < $1.key }) {
            if let code = CurrencyLexicon.owner(of: sharing, local: localCurrency) { symbols.add(symbol, code, normalizer: normalizer) }
        }
    }

    /// Which of the currencies sharing a narrow symbol it stands for: the only one, the local
    /// one, or the one used in the most regions; nil when two tie.
    static func owner(of sharing: [String], local: String?) -> String? {
        if sharing.count == 1 { return sharing[0] }
        if let local, sharing.contains(local) { return local }
        let counts = sharing.map { ICUCurrencies.regionCounts[$0] ?? 0 }
        guard let most = counts.max(), most > 0, counts.filter({ $0 == most }).count == 1,
            let index = counts.firstIndex(of: most)
        else { return nil }
        return sharing[index]
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

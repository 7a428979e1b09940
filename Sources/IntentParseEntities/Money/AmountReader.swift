import IntentParseNormalization

/// One way to read an amount at a token position.
struct Amount: Sendable {
    /// The token index after the amount.
    var end: Int
    var value: Double
    /// Letters written right after the digits ("km" in "10km", "pm" in "8pm"), as a loose key,
    /// left for the caller to read as a unit or suffix; nil when the digits stood alone.
    var suffix: String?
    /// A word like "a" standing for one: only a unit may follow it ("an hour", not "a $").
    var isArticle = false
}

/// Reads the amounts every measuring entity starts with: digits ("20", "3.50", "1,000"), number
/// words (ICU spell-out), "a"/"an" as one, a multiplier after them ("5k", "3 grand",
/// "a hundred"), and a fraction after them ("two and a half").
///
/// The multiplier words for hundred, thousand, million and billion are ICU's own spell-out of
/// those numbers (their last word), so only slang ("k", "grand") comes from the data file.
struct AmountReader: Sendable {
    let normalizer: Normalizer
    let numbers: NumberParser
    let decimal: ICUNumberFormat?
    private(set) var articles = PhraseTable<Double>()
    private(set) var multipliers = PhraseTable<Double>()
    private(set) var fractions = PhraseTable<Double>()
    private(set) var conjunctions = PhraseTable<Bool>()
    /// `split` of the tokens ICU must read, by text: "8pm" and "3rd" come back call after call.
    private let splits = Memo<String, Glued?>()

    /// Digits with letters written right after them: the number and the letters' loose key.
    typealias Glued = (value: Double, suffix: String)

    init(locale: String, data: EntityData, numbers: NumberParser, normalizer: Normalizer) {
        self.normalizer = normalizer
        self.numbers = numbers
        decimal = ICUNumberFormat(locale: locale, style: .decimal)
        articles.add(data.oneWords, 1, normalizer: normalizer)
        for (word, factor) in data.multipliers { multipliers.add(word, factor, normalizer: normalizer) }
        for power in [1e2, 1e3, 1e6, 1e9] {
            if let word = numbers.spellOut(power).flatMap({ normalizer.looseKeys($0).last }) { multipliers.add(word, power, normalizer: normalizer) }
        }
        for (word, value) in data.fractions { fractions.add(word, value, normalizer: normalizer) }
        conjunctions.add(data.andWords, true, normalizer: normalizer)
    }

    /// Every amount starting at `start`, longest first.
    func amounts(_ text: TokenizedText, from start: Int) -> [Amount] {
        guard start < text.tokens.count else { return [] }
        var result: [Amount] = []
        // The bases: digits alone, digits glued to letters, number words, or an article.
        if let glued = split(text.tokens[start]) {
            append(Amount(end: start + 1, value: glued.value, suffix: glued.suffix), text.tokens, to: &result)
        } else {
            if let number = numbers.number(in: text, from: start) { append(Amount(end: number.end, value: number.value), text.tokens, to: &result) }
            if let article = articles.longest(text.tokens, from: start) {
                append(Amount(end: article.end, value: article.value, isArticle: true), text.tokens, to: &result)
            }
        }
        result.removeAll { !($0.value.isFinite && abs($0.value) < EntityValue.maxMagnitude) }
        result.sort { $0.end > $1.end }
        return result
    }

    /// Appends a base amount, after its readings with a multiplier ("5k", "3 grand").
    private func append(_ base: Amount, _ tokens: [Token], to result: inout [Amount]) {
        if base.suffix == nil, let multiplier = multipliers.longest(tokens, from: base.end) {
            result.append(Amount(end: multiplier.end, value: base.value * multiplier.value, isArticle: base.isArticle))
        }
        if let suffix = base.suffix, let factor = multipliers.value(of: suffix, normalizer: normalizer) {
            result.append(Amount(end: base.end, value: base.value * factor))
        }
        result.append(base)
    }

    /// "and a half" (or "and one quarter") after `end`: the fraction and where it ends. With
    /// `takesConjunction` false, only "a half", "half": the caller has read the joining word.
    func fraction(after end: Int, in tokens: [Token], needsConjunction: Bool, takesConjunction: Bool = true) -> (end: Int, value: Double)? {
        var position = end
        if takesConjunction, let conjunction = conjunctions.longest(tokens, from: position) {
            position = conjunction.end
        } else if needsConjunction {
            return nil
        }
        if let article = articles.longest(tokens, from: position) { position = article.end }
        return fractions.longest(tokens, from: position)
    }

    /// A word token that starts with digits ("10km", "5k", "3rd"): the number and the rest's key.
    func split(_ token: Token) -> Glued? {
        guard !token.isPunctuation else { return nil }
        if let first = token.text.utf8.first, first < 0x80 {
            // The only ASCII characters with a decimal value are the digits, and ICU's decimal
            // parse reads every digit of a run of digits, leaving no rest: no need to ask it.
            guard (0x30...0x39).contains(first) else { return nil }
            if token.text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) { return nil }
        }
        if let known = splits.answer(token.text) { return known }
        let glued = split(token.text)
        splits.keep(glued, for: token.text)
        return glued
    }

    /// `split` of a token's text, by ICU.
    private func split(_ text: String) -> Glued? {
        guard text.unicodeScalars.first?.properties.numericType == .decimal,
            let prefix = decimal?.parsePrefix(text), prefix.length < text.utf16.count
        else { return nil }
        let rest = String(decoding: Array(text.utf16)[prefix.length...], as: UTF16.self)
        let suffix = normalizer.looseKeys(rest).joined()
        return suffix.isEmpty ? nil : (prefix.value, suffix)
    }
}

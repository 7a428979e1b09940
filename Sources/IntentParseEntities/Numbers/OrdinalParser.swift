import IntentParseNormalization

/// Ordinals: "first", "twenty-first", "twenty first", "3rd", "22nd" → `.ordinal(n)`.
///
/// Both forms come from ICU. Words: the locale's "%spellout-ordinal" rules spell out 1 to
/// `maxWords`, and those phrases are looked up (hyphens and spaces alike), because ICU's lenient
/// parse reads "twenty first" as 20 and reads cardinals ("three") as well. Digits: the number
/// before the suffix is formatted with ICU's ordinal format and must give back what was
/// written, so "3rd" is 3 but "3th" is nothing.
/// NB: "last" is not an ordinal here; which item is last is the dialogue's business.
package final class OrdinalParser: EntityParser {
    package let name = "ordinal"
    /// Spelled-out ordinals are known up to this number.
    static let maxWords = 100

    private let digits: ICUNumberFormat?
    private let amounts: AmountReader
    private let words: PhraseTable<Int>
    /// The loose key ICU's ordinal digits give for 1 to `maxWords` ("3rd" → "3rd"), formatted
    /// once: days of the month and small counts are read at most positions of a date.
    private let digitKeys: [String?]
    /// ICU's ordinal digits for 1 to `maxWords` where they are cut into several tokens (German
    /// and Turkish "22.", Spanish "22.º"): each token's key, compared with glued tokens.
    private let punctuatedKeys: [[String]?]

    /// The words an ordinal in words can start with ("first", "twenty"); ordinals in digits
    /// ("3rd") start with a digit.
    var wordStartKeys: Set<String> { words.startKeys }

    init(locale: String, amounts: AmountReader) {
        self.amounts = amounts
        digits = ICUNumberFormat(locale: locale, style: .ordinalDigits)
        digitKeys =
            digits.map { digits in
                (0...OrdinalParser.maxWords).map { n in
                    n == 0 ? nil : digits.format(Double(n)).map { amounts.normalizer.looseKeys($0).joined() }
                }
            } ?? []
        punctuatedKeys =
            digits.map { digits in
                // ICU writes every ordinal alike: where 1's is one token ("1st"), so are all the others.
                guard let first = digits.format(1), amounts.normalizer.tokenize(first).tokens.count > 1 else { return [] }
                return (0...OrdinalParser.maxWords).map { n -> [String]? in
                    guard n > 0, let text = digits.format(Double(n)) else { return nil }
                    let keys = amounts.normalizer.tokenize(text).tokens.map(\.key)
                    return keys.count > 1 ? keys : nil
                }
            } ?? []
        var words = PhraseTable<Int>()
        if let spellOut = ICUNumberFormat(locale: locale, style: .ordinalWords) {
            for n in 1...OrdinalParser.maxWords {
                if let phrase = spellOut.format(Double(n)) { words.add(phrase, n, normalizer: amounts.normalizer) }
            }
        }
        self.words = words
    }

    package func matches(in text: TokenizedText, from start: Int, context: EntityContext) -> [EntityMatch] {
        ordinals(in: text, from: start).map { EntityMatch(start: start, end: $0.end, value: .ordinal($0.value)) }
    }

    /// What `matches` reads, longest first; ordinals need no context, so the readers that build
    /// on them make none.
    func ordinals(in text: TokenizedText, from start: Int) -> [(end: Int, value: Int)] {
        guard start < text.tokens.count else { return [] }
        if let n = digitOrdinal(text.tokens[start]) { return [(start + 1, n)] }
        if let punctuated = punctuatedOrdinal(text.tokens, at: start) { return [punctuated] }
        return words.matches(text.tokens, from: start)
    }

    /// Digits followed by the punctuation ICU writes after them ("22." in German), glued.
    private func punctuatedOrdinal(_ tokens: [Token], at start: Int) -> (end: Int, value: Int)? {
        // NB: tokens are read in place (a token copied out holds four strings).
        guard tokens[start].kind == .number, let n = Int(tokens[start].key), n < punctuatedKeys.count, let keys = punctuatedKeys[n],
            tokens[start].key == keys[0], start + keys.count <= tokens.count
        else { return nil }
        for index in 1..<keys.count {
            guard tokens[start + index].range.lowerBound == tokens[start + index - 1].range.upperBound, tokens[start + index].key == keys[index]
            else { return nil }
        }
        return (start + keys.count, n)
    }

    /// "3rd" → 3 when ICU writes 3 as "3rd" too (compared on loose keys).
    func digitOrdinal(_ token: Token) -> Int? {
        guard let digits, let glued = amounts.split(token), glued.value >= 1, glued.value == glued.value.rounded(),
            glued.value < 1e9
        else { return nil }
        let n = Int(glued.value)
        let key = n < digitKeys.count ? digitKeys[n] : digits.format(glued.value).map { amounts.normalizer.looseKeys($0).joined() }
        return key == token.looseKey ? n : nil
    }
}

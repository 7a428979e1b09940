import Foundation
import IntentParseNormalization

/// Cardinal numbers in digits ("42", "3.5", "1,000") or words ("twenty-three", "a hundred").
///
/// Words are read by ICU's spell-out rules for the locale. Only runs of tokens that are all
/// number words are offered to ICU; the word set itself comes from ICU, by spelling out the
/// numbers 0-100 and the powers of ten, so no language's number words are hard-coded here.
package final class NumberParser: EntityParser, @unchecked Sendable {
    package let name = "number"
    /// The longest run of words tried as one number.
    static let maxWords = 8

    private let spellOutFormat: ICUNumberFormat?
    private let numberWords: StringSet
    /// The numbers above as ICU spells them out ("twenty-five"), by phrase: most numbers people
    /// say are among them, and looking one up spares ICU's lenient parse, which collates every
    /// rule against the text (about 2 million instructions the first time a phrase is seen).
    let spelledOut: [String: Double]
    private let normalizer: Normalizer
    /// Words that join number words inside one number (the data's `and` and `one` words:
    /// "one hundred and five", "a hundred").
    private let joiners: StringSet
    /// Number words ICU lacks (the data's `numbers.words`), by loose key, with ICU's own
    /// spelling of their value, which stands for them when a phrase goes to ICU ("两百" is
    /// read as "二百").
    private let extraWords: [String: String]
    /// The locale's decimal and grouping separators, as ICU gives them ("," and "." in German).
    let separators: (decimal: Character, grouping: Character)

    package init(locale: String, rules: TokenRules = TokenRules(), data: EntityData = EntityData()) {
        spellOutFormat = ICUNumberFormat(locale: locale, style: .spellOut)
        separators = ICUNumberFormat.separators(locale: locale)
        normalizer = Normalizer.shared(locale: locale, rules: rules)
        joiners = StringSet(Set((data.andWords + data.oneWords).flatMap(normalizer.looseKeys)))
        var extra: [String: String] = [:]
        for (word, value) in data.numberWords {
            let key = normalizer.looseKeys(word).joined()
            if !key.isEmpty { extra[key] = spellOutFormat?.format(value) ?? String(value) }
        }
        extraWords = extra
        var words = Set<String>()
        var spelledOut: [String: Double] = [:]
        for n in Array(0...100) + [1000, 1_000_000, 1_000_000_000] + [200, 300, 500] {
            guard let phrase = spellOutFormat?.format(Double(n)) else { continue }
            for key in normalizer.looseKeys(phrase) { words.insert(key) }
            // Phrases are looked up lowercased; one ICU writes otherwise is left to ICU.
            if phrase == phrase.lowercased() { spelledOut[phrase] = Double(n) }
        }
        numberWords = StringSet(words)
        self.spelledOut = spelledOut
        // NB: any other phrase goes to ICU, whose first lenient parse builds its collation data
        // (some 30 million instructions, once per locale). That is left to the first phrase
        // that needs it: done at load, for every locale, it held up every run's first answer.
    }

    package func matches(in text: TokenizedText, from start: Int, context: EntityContext) -> [EntityMatch] {
        number(in: text, from: start).map { [EntityMatch(start: start, end: $0.end, value: .number($0.value))] } ?? []
    }

    /// What `matches` reads (there is at most one reading), without the array; numbers need no
    /// context, so the readers that build on them make none.
    func number(in text: TokenizedText, from start: Int) -> (end: Int, value: Double)? {
        let tokens = text.tokens
        guard start < tokens.count else { return nil }
        if tokens[start].kind == .number {
            return digits(tokens[start]).map { (start + 1, $0) }
        }
        return words(in: text, from: start)
    }

    /// Spelled-out numbers: the longest run of number words ICU reads completely.
    private func words(in text: TokenizedText, from start: Int) -> (end: Int, value: Double)? {
        let tokens = text.tokens
        guard spellOutFormat != nil, tokens[start].kind == .word, isNumberWord(tokens[start].looseKey) else { return nil }
        var end = start
        var lastWord = start
        var substitutes = false
        // NB: tokens are read in place: a token copied out holds four strings, each retained
        // and released.
        while end < tokens.count, end - start < NumberParser.maxWords * 2 {
            if tokens[end].kind == .word, isNumberWord(tokens[end].looseKey) || joiners.contains(tokens[end].looseKey) {
                substitutes = substitutes || (!extraWords.isEmpty && extraWords[tokens[end].looseKey] != nil)
                lastWord = end
            } else if !(tokens[end].kind == .punctuation && tokens[end].text == "-") {
                break
            }
            end += 1
        }
        for last in stride(from: lastWord, through: start, by: -1) where tokens[last].kind == .word {
            let phrase =
                substitutes ? substitutedText(text, from: start, through: last) : NumberParser.lowercasedText(text, from: start, through: last)
            if let value = parse(phrase) { return (last + 1, value) }
        }
        return nil
    }

    private func isNumberWord(_ key: String) -> Bool {
        numberWords.contains(key) || (!extraWords.isEmpty && extraWords[key] != nil)
    }

    /// The phrase with each extra number word replaced by ICU's spelling of its value, the
    /// text between tokens kept ("两百" → "二百").
    private func substitutedText(_ text: TokenizedText, from first: Int, through last: Int) -> String {
        var phrase = ""
        var previousEnd = text.tokens[first].range.lowerBound
        for token in text.tokens[first...last] {
            phrase += text.slice(previousEnd..<token.range.lowerBound)
            phrase += extraWords[token.looseKey] ?? token.text.lowercased()
            previousEnd = token.range.upperBound
        }
        return phrase.lowercased()
    }

    /// `text.slice(tokens: first, through: last).lowercased()`, written in one pass when the
    /// text is ASCII (as `lowercased()` does there, only A-Z change).
    private static func lowercasedText(_ text: TokenizedText, from first: Int, through last: Int) -> String {
        let lower = max(0, min(text.tokens[first].range.lowerBound, text.utf16.count))
        let upper = max(lower, min(text.tokens[last].range.upperBound, text.utf16.count))
        let units = text.utf16[lower..<upper]
        guard units.allSatisfy({ $0 < 0x80 }) else { return text.slice(lower..<upper).lowercased() }
        return String(unsafeUninitializedCapacity: units.count) { buffer in
            for (offset, unit) in units.enumerated() {
                let byte = UInt8(truncatingIfNeeded: unit)
                buffer[offset] = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
            }
            return units.count
        }
    }

    /// The words a spelled-out number can start with (numbers in digits start with a digit).
    var startKeys: Set<String> { numberWords.keys.union(extraWords.keys) }

    /// Reads a whole lowercased phrase as ICU does; nil unless every character is consumed.
    func parse(_ phrase: String) -> Double? {
        spelledOut[phrase] ?? parseWithICU(phrase)
    }

    /// `parse` without the table: what ICU's lenient spell-out parse reads.
    func parseWithICU(_ phrase: String) -> Double? {
        spellOutFormat?.parse(phrase)
    }

    /// The value of one number word ("eight"), however the words after it read: ICU reads
    /// "eight thirty" as 830, as it reads years, where a clock time wants 8 and then 30.
    func value(ofWord token: Token) -> Double? {
        guard token.kind == .word, isNumberWord(token.looseKey) else { return nil }
        return parse(extraWords[token.looseKey] ?? token.text.lowercased())
    }

    /// `value` in words ("one thousand"); nil when ICU has no spell-out rules for the locale.
    func spellOut(_ value: Double) -> String? {
        guard let words = spellOutFormat?.format(value), !words.isEmpty else { return nil }
        return words
    }

    /// The number in a number token, read with the locale's separators. Read from the token's
    /// NFKC key, so full-width digits ("２０") count as digits.
    private func digits(_ token: Token) -> Double? {
        let text = token.key
        if text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return Double(text) }
        return NumberParser.digits(text, decimal: separators.decimal, grouping: separators.grouping)
    }

    /// Digits with separators, read the locale's way first ("12,50" is 12.5 and "1.200" is 1200
    /// in German; "1,200" is 1200 and "12.5" 12.5 in English), then the other way, for numbers
    /// typed as another country writes them ("12.50 €" in German). A grouping separator only
    /// groups three digits at a time; one that does not ("12.50") is read as a decimal point.
    /// Nil when neither reading fits ("1.2.3").
    static func digits(_ text: String, decimal: Character, grouping: Character) -> Double? {
        let conventions: [(Character, Character)] = [(decimal, grouping), (grouping, decimal)]
        for (point, group) in conventions {
            if let value = read(text, point: point, group: group) { return value }
        }
        return nil
    }

    private static func read(_ text: String, point: Character, group: Character) -> Double? {
        let parts = text.split(separator: point, omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let whole = parts[0], fraction = parts.count == 2 ? parts[1] : nil
        if let fraction, fraction.isEmpty || !fraction.allSatisfy(\.isASCIIDigit) { return nil }
        let groups = whole.split(separator: group, omittingEmptySubsequences: false)
        guard groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        if groups.count > 1, !(groups[0].count <= 3 && groups.dropFirst().allSatisfy { $0.count == 3 }) {
            // "12.50" with "." as grouping: one separator that groups no three digits is a point.
            guard fraction == nil, groups.count == 2 else { return nil }
            return Double("\(groups[0]).\(groups[1])")
        }
        return Double(groups.joined() + (fraction.map { ".\($0)" } ?? ""))
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

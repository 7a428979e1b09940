import IntentParseEntities
import IntentParseNormalization
import Testing

@testable import IntentParseEntities

/// The byte trie behind `PhraseTable` and `StringSet` must answer exactly as comparing strings
/// does, including for text that is not ASCII.
@Suite struct PhraseTableTests {
    private let normalizer = EntityFixture.normalizer

    private func table(_ phrases: [String], spacing: PhraseTable<Int>.Spacing = .words) -> PhraseTable<Int> {
        var table = PhraseTable<Int>(spacing: spacing)
        for (index, phrase) in phrases.enumerated() { table.add(phrase, index, normalizer: normalizer) }
        return table
    }

    /// Every position of `text`: the trie's matches and longest match are the strings' own.
    private func expectSameAnswers(_ table: PhraseTable<Int>, _ text: String) {
        let tokens = normalizer.tokenize(text).tokens
        for start in 0...tokens.count {
            let expected = table.stringMatches(tokens, from: start)
            let found = table.matches(tokens, from: start)
            #expect(found.map(\.end) == expected.map(\.end), "\(text) at \(start)")
            #expect(found.map(\.value) == expected.map(\.value), "\(text) at \(start)")
            #expect(table.longest(tokens, from: start)?.end == expected.first?.end, "\(text) at \(start)")
        }
    }

    @Test func wordsTablesSkipPunctuationAndFindEveryLength() {
        let words = table(["twenty", "twenty first", "in", "in the", "at about", "day after tomorrow"])
        let tokens = normalizer.tokenize("Twenty-first, in the day after tomorrow").tokens
        #expect(words.matches(tokens, from: 0).map(\.value) == [1, 0])
        #expect(words.matches(tokens, from: 4).map(\.end) == [6, 5])
        for text in [
            "twenty-first", "twenty  first", "twenty, first", "in the the", "at, about", "day after", "Day After Tomorrow!",
            "twentyfirst", "twenty fir", "twenty firsts", "", "-", "- twenty"
        ] {
            expectSameAnswers(words, text)
        }
    }

    @Test func exactTablesCountPunctuationAndSpacing() {
        let symbols = table(["CA$", "$", "US$", "a"], spacing: .exact)
        let glued = normalizer.tokenize("CA$5").tokens
        #expect(symbols.longest(glued, from: 0)?.value == 0)
        let apart = normalizer.tokenize("ca $ 5").tokens
        #expect(symbols.longest(apart, from: 0) == nil)
        for text in ["CA$5", "ca $5", "CA $", "US$ 20", "a$", "a $", "$$", "ca$$"] {
            expectSameAnswers(symbols, text)
        }
    }

    @Test func textThatIsNotASCIIIsComparedAsStrings() {
        let names = table(["東京", "東京 tower", "café", "naïve plan", "€"])
        for text in [
            "東京 tower", "東京", "Café", "cafe", "CAFE\u{301}", "cafe\u{301}", "naïve plan", "naive plan", "nai\u{308}ve plan",
            "€", "€ 5", "tower 東京", "café 東京"
        ] {
            expectSameAnswers(names, text)
        }
        #expect(names.longest(normalizer.tokenize("東京 tower").tokens, from: 0)?.value == 1)
    }

    /// `value(of:)` keeps its answers; a phrase added later must still be found.
    @Test func wholePhraseAnswersAreKeptUntilAPhraseIsAdded() {
        var units = table(["pm", "p.m.", "km"])
        #expect(units.value(of: "pm", normalizer: normalizer) == 0)
        #expect(units.value(of: "pm", normalizer: normalizer) == 0)
        #expect(units.value(of: "km", normalizer: normalizer) == 2)
        #expect(units.value(of: "p", normalizer: normalizer) == nil)
        #expect(units.value(of: "mi", normalizer: normalizer) == nil)
        units.add("mi", 3, normalizer: normalizer)
        #expect(units.value(of: "mi", normalizer: normalizer) == 3)
    }

    /// `split` keeps ICU's answers by token text; kept or not, they are the same.
    @Test func gluedDigitsSplitTheSameWhenAskedAgain() throws {
        let amounts = try #require((EntityFixture.catalog.parser("duration") as? DurationParser)?.measures.amounts)
        for text in ["8pm", "3rd", "10km", "٣rd", "٣", "８ｐｍ", "3.5km", "8", "pm", "1,000k"] {
            let tokens = normalizer.tokenize(text).tokens
            let first = amounts.split(tokens[0])
            let again = amounts.split(tokens[0])
            #expect(first?.value == again?.value && first?.suffix == again?.suffix, "\(text)")
        }
        #expect(amounts.split(normalizer.tokenize("8pm").tokens[0])?.suffix == "pm")
        #expect(amounts.split(normalizer.tokenize("8").tokens[0]) == nil)
    }

    @Test func hanTextIsLookedUpByBytesAndAnswersAsStringsDo() {
        let words = table(["明天", "明天晚上", "后天", "下周五", "點", "周", "8点"])
        for text in [
            "明天晚上八点", "明天", "明天晚", "后天早上", "下周五", "下周", "周五", "點", "点", "8点", "明天 晚上",
            "明天é", "明\u{301}天", "𠀀明天", "明天，晚上", "豈", "\u{F900}"
        ] {
            expectSameAnswers(words, text)
        }
        let plain = table(["明天", "tomorrow"])
        #expect(plain.matches(normalizer.tokenize("明天晚上").tokens, from: 0).map(\.end) == [2])
    }

    @Test func keysThatMayEqualPlainTextAreNeverLookedUpByBytes() {
        #expect(ByteTrie.mayEqualPlain("\u{212A}"))
        #expect(ByteTrie.mayEqualPlain("a\u{37E}"))
        #expect(ByteTrie.mayEqualPlain("\u{1FEF}"))
        #expect(ByteTrie.mayEqualPlain("\u{F900}"))
        #expect(!ByteTrie.mayEqualPlain("é"))
        #expect(!ByteTrie.mayEqualPlain("東京"))
        #expect(!ByteTrie.mayEqualPlain("𠀀"))
        let compatibility = StringSet(["\u{F900}"])
        #expect(compatibility.contains("\u{8C48}"))
        #expect(compatibility.contains("\u{F900}"))
        let unified = StringSet(["\u{8C48}", "东京"])
        #expect(unified.contains("\u{F900}"))
        #expect(unified.contains("东京"))
        #expect(!unified.contains("东"))
        #expect(!unified.contains("东京京"))
        let codes = StringSet(["KRW", "USD"])
        #expect(codes.contains("KRW"))
        #expect(codes.contains("\u{212A}RW"))
        #expect(!codes.contains("KR"))
        #expect(!codes.contains("KRWX"))
        #expect(!codes.contains("krw"))
        let kelvin = StringSet(["\u{212A}RW"])
        #expect(kelvin.contains("KRW"))
        #expect(kelvin.contains("\u{212A}RW"))
    }
}

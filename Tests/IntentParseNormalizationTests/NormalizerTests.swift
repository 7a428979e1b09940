import Testing
@testable import IntentParseNormalization

@Suite struct NormalizerTests {
    let english = Normalizer(locale: "en")

    private func words(_ text: String, _ normalizer: Normalizer) -> [Token] {
        normalizer.tokenize(text).tokens.filter { !$0.isPunctuation }
    }

    @Test func turkishCaseFoldingKeepsDottedAndDotlessI() {
        let turkish = Normalizer(locale: "tr")
        #expect(words("İSTANBUL", turkish).map(\.key) == ["istanbul"])
        #expect(words("IRMAK", turkish).map(\.key) == ["ırmak"])
        #expect(words("IRMAK", english).map(\.key) == ["irmak"])
    }

    @Test func chineseIsSegmentedWithoutSpaces() {
        let chinese = Normalizer(locale: "zh")
        let text = "我想给妈妈发消息"
        let tokens = words(text, chinese)
        #expect(tokens.count > 2)
        let tokenized = chinese.tokenize(text)
        #expect(tokens.map { tokenized.slice($0.range) }.joined() == text)
    }

    @Test func rangesCutTheOriginalText() {
        let text = "Send “café” to Zoë!"
        let tokenized = english.tokenize(text)
        for token in tokenized.tokens { #expect(tokenized.slice(token.range) == token.text) }
        #expect(tokenized.tokens.filter { !$0.isPunctuation }.map(\.text) == ["Send", "café", "to", "Zoë"])
    }

    @Test func looseKeysDropDiacriticsAndApostrophes() {
        #expect(words("Café Zoë Straße Łódź", english).map(\.looseKey) == ["cafe", "zoe", "strasse", "lodz"])
        let apostrophe = words("Don’t", english)
        #expect(apostrophe.map(\.key) == ["don't"])
        #expect(apostrophe.map(\.looseKey) == ["dont"])
    }

    @Test func nfkcFoldsCompatibilityForms() {
        #expect(words("ＭｏｎｋｅｙＣｈａｔ", english).map(\.looseKey) == ["monkeychat"])
        #expect(words("ﬁle", english).map(\.looseKey) == ["file"])
    }

    @Test func hyphenatedNamesSplitIntoWordsAndPunctuation() {
        let tokens = english.tokenize("List-o-Mat").tokens
        #expect(tokens.filter { !$0.isPunctuation }.map(\.looseKey) == ["list", "o", "mat"])
        #expect(tokens.contains { $0.isPunctuation && $0.text == "-" })
    }

    @Test func numbersAreTheirOwnKind() {
        let tokens = english.tokenize("buy 12 eggs").tokens
        #expect(tokens.map(\.kind) == [.word, .number, .word])
    }

    @Test(arguments: [
        ("list oh mat", "ListOMat"), ("ba nana ri fic", "Bananarific"), ("eye toons", "iTunes"),
        ("munky messenger", "Monkey Messenger"), ("zah zoo", "Zazu"), ("monkey to do", "MonkeyTodo"),
    ])
    func soundsLikeKeysAgree(_ spoken: String, _ written: String) {
        let a = SoundsLike.joining(words(spoken, english).map(\.soundKey))
        let b = SoundsLike.joining(words(written, english).map(\.soundKey))
        #expect(a == b)
    }

    @Test func soundsLikeKeysStillDistinguishDifferentNames() {
        let keys = ["Grocery", "Hardware Store", "Packing", "Bobo"].map { SoundsLike.joining(words($0, english).map(\.soundKey)) }
        #expect(Set(keys).count == keys.count)
    }

    @Test func emptyAndWhitespaceTextHasNoTokens() {
        #expect(english.tokenize("").tokens.isEmpty)
        #expect(english.tokenize("   \t ").tokens.isEmpty)
    }
}

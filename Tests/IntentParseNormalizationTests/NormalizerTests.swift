import IntentParseBase
import IntentParseNormalization
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

    @Test func hanCharactersAreTokensOfTheirOwnBesideLatinNames() {
        let chinese = Normalizer(locale: "zh")
        let text = "用MonkeyChat给Bobo发消息"
        let tokenized = chinese.tokenize(text)
        #expect(words(text, chinese).map { tokenized.slice($0.range) } == ["用", "MonkeyChat", "给", "Bobo", "发", "消", "息"])
        // A character outside the Basic Multilingual Plane stays whole.
        #expect(words("给𠀀发", chinese).map(\.text) == ["给", "𠀀", "发"])
    }

    @Test func hanRunsAreCutAsICUCutsThemAroundOtherText() {
        let chinese = Normalizer(locale: "zh")
        // Supplementary ideographs, full-width marks, digits and a combining mark beside Han.
        let text = "用MonkeyChat给Bobo发消息，说𠀀好！3点半 e\u{301}t"
        #expect(
            chinese.tokenize(text).tokens.map(\.text) == [
                "用", "MonkeyChat", "给", "Bobo", "发", "消", "息", "，", "说", "𠀀", "好", "！",
                "3", "点", "半", "e\u{301}t"
            ])
        let ranges = chinese.tokenize(text).tokens.map(\.range)
        #expect(ranges.first == 0..<1 && ranges.last == (text.utf16.count - 3)..<text.utf16.count)
    }

    @Test func latinKeysFromTablesAreTheKeysICUGives() {
        let words = [
            "fotoğraflarını", "İSTANBUL", "Işık", "réservé", "Straße", "ÆSIR", "œuvre", "Łódź", "ǆungla", "ﬁn", "ÇAĞRI", "naïve", "Ærø", "ĳs"
        ]
        // Every letter the tables cover, on its own.
        let points = (Array(0x41..<0x250) + Array(0x1E00...0x1EFF)).compactMap { UnicodeScalar($0).map(String.init) }
        #expect(LatinKeys.plain.keys(Array("réservé".utf16)[...]) != nil && LatinKeys.turkic.keys(Array("ığ".utf16)[...]) != nil)
        for turkic in [false, true] {
            let normalizer = Normalizer(locale: turkic ? "tr" : "de")
            let tables = turkic ? LatinKeys.turkic : LatinKeys.plain
            for word in words + points {
                let units = Array(word.utf16)
                guard let fast = tables.keys(units[...]) else { continue }
                let key = Normalizer.folded(units, turkic: turkic)
                #expect(fast.key == key, "\(word)")
                #expect(fast.loose.filter { $0 != 0x27 } == normalizer.looseKeyUnits(key), "\(word)")
            }
        }
    }

    @Test func suffixesGluedToANameAreCutOffAsAnApostropheWouldCutThem() {
        let turkish = Normalizer(locale: "tr", rules: TokenRules(splitAtApostrophe: true, suffixes: ["ya", "ye", "e", "ne", "de", "te"]))
        // Names and their first words, as a grammar's vocabulary gives them.
        let names: Set<[String]> = [["bobo"], ["bobo", "the"], ["bobo", "the", "great"], ["to"], ["to", "do"], ["wwdc"]]
        func cut(_ text: String) -> [String] {
            turkish.splittingSuffixes(
                turkish.tokenize(text), endsName: { word in names.contains { $0.last == word } },
                isName: { names.contains($0) }, isWord: { $0 == "liste" }
            )
            .tokens.filter { !$0.isPunctuation }.map(\.text)
        }
        #expect(cut("Boboya mesaj") == ["Bobo", "ya", "mesaj"])
        #expect(cut("Bobo the Greate") == ["Bobo", "the", "Great", "e"])
        #expect(cut("Bobo'ya") == ["Bobo", "ya"])
        // A word of the language, a name itself, or a name's last word after other words stays whole.
        #expect(cut("yeni liste") == ["yeni", "liste"])
        #expect(cut("WWDC Bobo") == ["WWDC", "Bobo"])
        #expect(cut("WWDC is done") == ["WWDC", "is", "done"])
        #expect(cut("To Done") == ["To", "Do", "ne"])
        #expect(
            Normalizer(locale: "tr").splittingSuffixes(
                turkish.tokenize("Boboya"), endsName: { _ in true }, isName: { _ in true },
                isWord: { _ in false }
            ).tokens.count == 1)
    }

    @Test func utf16IsDecodedAsTheStandardLibraryDecodesIt() {
        let samples: [[UInt16]] = [Array("Göteborg’da şarkı 𠀀 ✓ 🍌".utf16), [0x41, 0xD800, 0x42], [0xDC00], [0xD83C], [0x7FF, 0x800, 0xFFFF], []]
        for units in samples {
            #expect(String(utf16Units: units) == String(decoding: units, as: UTF16.self), "\(units)")
            #expect(String(utf16Units: units[...]).utf8.count == String(decoding: units, as: UTF16.self).utf8.count)
        }
    }

    @Test func aTransformMakesTheKeysAndKeepsTheTypedText() {
        let chinese = Normalizer(locale: "zh", rules: TokenRules(transform: "Traditional-Simplified"))
        let tokens = words("給Bobo發訊息，說多送點香蕉", chinese)
        #expect(tokens.map(\.text) == ["給", "Bobo", "發", "訊", "息", "說", "多", "送", "點", "香", "蕉"])
        #expect(tokens.map(\.looseKey) == ["给", "bobo", "发", "讯", "息", "说", "多", "送", "点", "香", "蕉"])
        // Simplified text is left as it is, and so is every word without a transform.
        #expect(words("给Bobo发消息", chinese).map(\.key) == ["给", "bobo", "发", "消", "息"])
        #expect(words("發消息", Normalizer(locale: "zh")).map(\.key) == ["發", "消", "息"])
        #expect(Normalizer.isTransform("Traditional-Simplified") && !Normalizer.isTransform("No-Such-Transform"))
    }

    @Test func onlyLettersOfOtherScriptsAreRomanized() {
        #expect(ICUText.hasOtherScript(Array("Борис".utf16)))
        #expect(ICUText.hasOtherScript(Array("서울".utf16)))
        // Signs of a script that are no letters: a currency's symbol keeps its own key.
        #expect(!ICUText.hasOtherScript(Array("৳".utf16)) && !ICUText.hasOtherScript(Array("៛".utf16)))
        #expect(!ICUText.hasOtherScript(Array("café 发".utf16)))
    }

    @Test func otherScriptsAreKeyedInLatinLettersButHanIsNot() {
        let english = Normalizer(locale: "en")
        #expect(words("Борис Ελένη Бобо", english).map(\.looseKey) == ["boris", "elene", "bobo"])
        #expect(words("Борис", english).map(\.text) == ["Борис"])
        #expect(words("王小明", Normalizer(locale: "zh")).map(\.looseKey) == ["王", "小", "明"])
    }

    @Test func elisionsAreSplitOffTheWordTheyLeanOn() {
        let french = Normalizer(locale: "fr", rules: TokenRules(elisions: ["l'", "qu'", "s'"]))
        let text = "Ajoute l’œuf à l'application qu'il aime, aujourd'hui"
        let tokenized = french.tokenize(text)
        let tokens = words(text, french)
        #expect(tokens.map(\.text) == ["Ajoute", "l’", "œuf", "à", "l'", "application", "qu'", "il", "aime", "aujourd'hui"])
        #expect(tokens[1].looseKey == "l" && tokens[2].looseKey == "oeuf")
        for token in tokenized.tokens { #expect(tokenized.slice(token.range) == token.text) }
        // Without the rule a word keeps its apostrophe.
        #expect(words("l'application", Normalizer(locale: "fr")).map(\.text) == ["l'application"])
    }

    @Test func suffixesAfterAnApostropheAreWordsOfTheirOwn() {
        let turkish = Normalizer(locale: "tr", rules: TokenRules(splitAtApostrophe: true))
        let text = "TasksNotes'ta WWDC’yi Bobo'ya"
        let tokenized = turkish.tokenize(text)
        #expect(words(text, turkish).map(\.text) == ["TasksNotes", "ta", "WWDC", "yi", "Bobo", "ya"])
        #expect(tokenized.tokens.filter(\.isPunctuation).count == 3)
        #expect(words("listeye", turkish).map(\.text) == ["listeye"])
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
        ("munky messenger", "Monkey Messenger"), ("zah zoo", "Zazu"), ("monkey to do", "MonkeyTodo")
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

    /// The Latin fast path must cut exactly where ICU does, with the same kinds; text it does
    /// not handle (other scripts, combining marks, letters next to digits) goes to ICU.
    @Test func plainLatinSegmentsAgreeWithICU() throws {
        let icu = try #require(WordSegmenter(locale: "en"))
        var random = 0x9E37_79B9_7F4A_7C15 as UInt64
        func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(bound))
        }
        let alphabet = Array("abcXYZ019  \t,.?!'\":;()-éşğıİöÜçßñÀẞ’\u{301}и中")
        var samples = [
            "MonkeyChat Bobo please send more bananas", "book a table for 2 at 7", "  leading and trailing  ", "", "42", "a\tb",
            "Hey Siri, send a message to Bobo!", "is it open?", "List-o-Mat", "\"quoted\" (aside); done.", "dogs' toys", "at 7 pm.",
            "TasksNotes'ta elmalar, muzlar ve armutlarla", "l’appli", "WWDC'yi tamamlandı", "Ça va", "Straße", "o'clock 5'"
        ]
        for _ in 0..<1000 { samples.append(String((0..<next(16)).map { _ in alphabet[next(alphabet.count)] })) }
        var compared = 0
        for text in samples {
            let units = Array(text.utf16)
            guard let plain = Normalizer.plainSegments(units) else { continue }
            compared += 1
            // The tokenizer drops whitespace segments (ICU's rule statuses other than words,
            // numbers, kana and ideographs are all `.other` already).
            let expected = icu.segments(units).filter { segment in !units[segment.range].allSatisfy { $0 == 0x20 || $0 == 0x09 } }
            #expect(plain.map(\.range) == expected.map(\.range), "\(text)")
            #expect(plain.map(\.kind) == expected.map(\.kind), "\(text)")
        }
        #expect(compared > 200, "the fast path took too few samples to test it: \(compared)")
        #expect(Normalizer.plainSegments(Array("Hey Siri, send it!".utf16))?.count == 6)
        #expect(Normalizer.plainSegments(Array("don't".utf16))?.count == 1)
        #expect(Normalizer.plainSegments(Array("Bobo’ya yaz".utf16))?.count == 2)
        #expect(Normalizer.plainSegments(Array("6:30".utf16)) == nil)
        #expect(Normalizer.plainSegments(Array("café".utf16))?.count == 1)
        #expect(Normalizer.plainSegments(Array("cafe\u{301}".utf16)) == nil)
    }

    private func kinds(_ text: String) -> [String] {
        english.tokenize(text).tokens.map { "\($0.text):\($0.kind)" }
    }

    /// Emoji stay whole (ZWJ sequences, skin tones, flags, keycaps) and are symbols, as are
    /// other symbol characters; punctuation stays punctuation.
    @Test func emojiAndSymbolsAreSymbolTokens() {
        let text = "hi 🍌🍌 👍🏽 👨‍👩‍👧 🇫🇷 #️⃣ ♥ <3 $5 ok, fine."
        #expect(
            kinds(text) == [
                "hi:word", "🍌:symbol", "🍌:symbol", "👍🏽:symbol", "👨‍👩‍👧:symbol", "🇫🇷:symbol", "#️⃣:symbol", "♥:symbol",
                "<:symbol", "3:number", "$:symbol", "5:number", "ok:word", ",:punctuation", "fine:word", ".:punctuation"
            ])
        let symbols = english.tokenize(text).tokens.filter(\.isSymbol)
        #expect(symbols.count == 9 && symbols.allSatisfy { $0.isPunctuation })
    }

    /// Marks standing apart that draw a face are an emoticon's symbols; sentence punctuation
    /// standing apart ("...", "?!", "--") and marks written against a word are not.
    @Test func emoticonsStandingApartAreSymbols() {
        #expect(kinds("see you :)") == ["see:word", "you:word", "::symbol", "):symbol"])
        #expect(kinds(":-( ok ;-) -_-").filter { $0.hasSuffix(":symbol") }.count == 9)
        #expect(kinds("see you ...").suffix(3) == [".:punctuation", ".:punctuation", ".:punctuation"])
        #expect(kinds("really ?!").suffix(2) == ["?:punctuation", "!:punctuation"])
        #expect(kinds("wait -- what").contains("-:symbol") == false)
        #expect(kinds("hi:)") == ["hi:word", "::punctuation", "):punctuation"])
        #expect(kinds("(hi)") == ["(:punctuation", "hi:word", "):punctuation"])
    }

    /// `tokenize` classifies no mark of the plain ASCII path as a symbol: none of them is one.
    @Test func plainPathMarksAreNoSymbols() {
        for mark in ",.?!'\":;()-".utf16 {
            #expect(!ICUText.hasSymbol([mark][...]), "\(UnicodeScalar(mark).map(String.init) ?? "")")
        }
        for symbol in "$+<=>^`|~".utf16 { #expect(ICUText.hasSymbol([symbol][...]) && Normalizer.isSymbol([symbol][...])) }
        for unit in UInt16(0)..<0x80 { #expect(Normalizer.isSymbol([unit][...]) == ICUText.hasSymbol([unit][...])) }
    }

    /// Normalizers whose keys for a text are equal cut it alike: what lets `--locale auto`
    /// tokenize a line once for several languages.
    @Test func equalTokenizationKeysCutTextAlike() {
        let french = Normalizer(locale: "fr", rules: TokenRules(elisions: ["l'", "d'"]))
        let turkish = Normalizer(locale: "tr", rules: TokenRules(splitAtApostrophe: true))
        let chinese = Normalizer(locale: "zh", rules: TokenRules(transform: "Traditional-Simplified"))
        let german = Normalizer(locale: "de")
        let all = [english, french, turkish, chinese, german]
        let texts = [
            "send more bananas to Bobo", "ajoute l'article à la liste", "TasksNotes'ta elmalar", "ISTANBUL İzmir",
            "给Bobo发消息", "發消息給Bobo", "call Бобо the Great", "see you at 5 :) 🍌", "envoyer plus de bananes"
        ]
        for text in texts {
            let traits = Normalizer.TextTraits(text)
            for a in all {
                for b in all {
                    guard let keyA = a.tokenizationKey(for: traits), let keyB = b.tokenizationKey(for: traits) else {
                        Issue.record("no tokenization key for \(a.locale) or \(b.locale)")
                        continue
                    }
                    if keyA == keyB { #expect(a.tokenize(text).tokens == b.tokenize(text).tokens, "\(a.locale) \(b.locale): \(text)") }
                }
            }
        }
        // Only what the text gives a chance to matter tells them apart.
        func same(_ a: Normalizer, _ b: Normalizer, _ text: String) -> Bool {
            let traits = Normalizer.TextTraits(text)
            return a.tokenizationKey(for: traits) == b.tokenizationKey(for: traits)
        }
        #expect(same(english, french, "send more bananas to Bobo"))
        #expect(!same(english, french, "ajoute l'article"))
        #expect(same(english, turkish, "elmalar ve armutlar"))
        #expect(!same(english, turkish, "IRMAK"))
        #expect(same(english, chinese, "send more bananas to Bobo"))
        #expect(!same(english, chinese, "發消息給Bobo"))
        #expect(!english.tokenize("IRMAK").tokens.elementsEqual(turkish.tokenize("IRMAK").tokens))
    }

    @Test func sharedNormalizersAreOnePerLocaleAndRules() {
        let rules = TokenRules(elisions: ["l'"])
        #expect(Normalizer.shared(locale: "fr", rules: rules) === Normalizer.shared(locale: "fr", rules: rules))
        #expect(Normalizer.shared(locale: "fr", rules: rules) !== Normalizer.shared(locale: "fr"))
        #expect(Normalizer.shared(locale: "it", rules: rules) !== Normalizer.shared(locale: "fr", rules: rules))
    }
}

/// ICU's tables as a later process is given them: what is written installs, and a record that
/// is damaged, cut short or made by another ICU is refused whole.
@Suite struct ICUTablesTests {
    private func written() -> [UInt8] {
        // Made now if no test made them yet: the Latin keys, and a transform's single units.
        _ = LatinKeys.plain.keys(Array("réservé".utf16)[...])
        _ = SharedTransliterators.transliterator("Traditional-Simplified")?.singleUnitMappings()
        let writer = BinaryWriter()
        ICUTables.write(to: writer)
        return writer.bytes
    }

    @Test func writtenTablesInstallAndDescribeTheSameTransform() throws {
        let bytes = written()
        try bytes.withUnsafeBytes { try ICUTables.install(from: BinaryReader($0)) }
        let tables = try #require(ICUTables.transform("Traditional-Simplified"))
        #expect(tables.singleUnits?[0x767C] == 0x53D1)
        // A transliterator made from the tables alone answers as the opened one does.
        let lazy = Transliterator(id: "Traditional-Simplified", tables: tables)
        let opened = try #require(Transliterator(id: "Traditional-Simplified"))
        let text = Array("發個訊息給媽媽".utf16)
        #expect(lazy.mayChange(text[...]) == opened.mayChange(text[...]))
        #expect(lazy.apply(text) == opened.apply(text))
        #expect(lazy.singleUnitMappings() == opened.singleUnitMappings())
    }

    @Test func damagedTablesAreRefused() throws {
        let bytes = written()
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
            #expect(throws: BinaryReader.Damaged.self) {
                try bytes.prefix(length).withUnsafeBytes { try ICUTables.install(from: BinaryReader($0)) }
            }
        }
        #expect(throws: BinaryReader.Damaged.self) {
            try (bytes + [0]).withUnsafeBytes { try ICUTables.install(from: BinaryReader($0)) }
        }
        let other = BinaryWriter()
        other.write("0.1")
        other.varint(0)
        other.varint(0)
        #expect(throws: BinaryReader.Damaged.self) { try other.bytes.withUnsafeBytes { try ICUTables.install(from: BinaryReader($0)) } }
    }

    @Test func latinTablesOutOfOrderAreRefused() throws {
        let writer = BinaryWriter()
        writer.writePlain([UInt16(0x61)])
        writer.writePlain([Int32](repeating: 0, count: 10))
        writer.writePlain([UInt16]())
        writer.writePlain([Int32]())
        try writer.bytes.withUnsafeBytes { raw in
            #expect(throws: BinaryReader.Damaged.self) { try LatinKeys(from: BinaryReader(raw)) }
        }
    }
}

/// Turns text into tokens with matching keys, for one locale.
///
/// Pipeline per token: ICU word segmentation of the original text (spaces are not word
/// boundaries in Chinese or Japanese), then NFKC, locale-aware case folding (Turkish and
/// Azerbaijani fold I to dotless ı), apostrophe unification; the loose key drops diacritics and
/// apostrophes and reduces Latin letters to ASCII with ICU's Latin-ASCII transliterator.
///
/// Thread-safe: ICU handles are serialised internally.
public final class Normalizer: Sendable {
    public let locale: String
    /// How this language splits words further than ICU does (a grammar's `tokens:` key).
    public let rules: TokenRules
    private let turkic: Bool
    /// `rules.elisions` as keys (case-folded, apostrophes unified).
    private let elisionKeys: Set<String>
    private let segmenter: WordSegmenter?
    /// `rules.transform`, opened, and what it makes of single characters (most of what it does:
    /// Traditional-Simplified maps one character to one), so that a run of Han characters
    /// needs no ICU call.
    private let transform: Transliterator?
    /// ICU's Any-Latin, opened when a word of another script than Latin or Han first comes.
    private static let romanizer = SharedTransliterators.transliterator("Any-Latin")
    private let transformedUnits: [UInt16: UInt16]
    /// `rules.suffixes` as keys, and the longest one's length in code units.
    private let suffixKeys: Set<String>
    private let longestSuffix: Int
    /// The suffixes' loose keys, for a first look at a word's loose key.
    private let suffixLooseKeys: Set<String>
    private let longestLooseSuffix: Int
    /// The last letters of the suffixes' loose keys.
    private let suffixLastScalars: Set<Unicode.Scalar>

    /// What of a normalizer can change a text's tokens: two normalizers whose keys for a text
    /// are equal cut it into the same tokens with the same keys (`tokenizationKey(for:)`).
    public struct TokenizationKey: Hashable, Sendable {
        var wordBreakRules: String
        var turkic: Bool
        var elisions: [String]
        var splitAtApostrophe: Bool
        var transform: String?
    }

    /// The locale of the word break rules ICU uses here ("root" for the rules most languages
    /// share); nil when ICU cannot say.
    private let wordBreakRules: String?

    /// What of a text can make normalizers cut it differently (`tokenizationKey(for:)`),
    /// found in one pass over the text for all of them.
    public struct TextTraits: Sendable {
        /// The text's UTF-16 code units.
        let utf16: [UInt16]
        /// A capital I, dotted or not (or a combining dot above, which may make one): the only
        /// letters Turkic case folding changes.
        let capitalI: Bool
        /// An apostrophe of any kind, where elisions and apostrophe splitting apply.
        let apostrophe: Bool

        public init(_ text: String) {
            utf16 = Normalizer.utf16(of: text)
            var capitalI = false, apostrophe = false
            for unit in utf16 {
                if unit == 0x49 || unit == 0x130 || unit == 0x307 { capitalI = true }
                if Normalizer.isApostrophe(unit) { apostrophe = true }
            }
            (self.capitalI, self.apostrophe) = (capitalI, apostrophe)
        }
    }

    /// This normalizer's `TokenizationKey` for a text with `traits`: only what the text gives a
    /// chance to matter. So an English line and a French line without an apostrophe are cut
    /// alike. Nil when ICU cannot say which word break rules it uses.
    public func tokenizationKey(for traits: TextTraits) -> TokenizationKey? {
        guard let wordBreakRules else { return nil }
        var key = TokenizationKey(wordBreakRules: wordBreakRules, turkic: false, elisions: [], splitAtApostrophe: false, transform: nil)
        key.turkic = turkic && traits.capitalI
        if rules.splitsApostrophes && traits.apostrophe { (key.elisions, key.splitAtApostrophe) = (rules.elisions, rules.splitAtApostrophe) }
        if let transform, transform.mayChange(traits.utf16[...]) { key.transform = rules.transform }
        return key
    }

    /// The normalizer for `locale` and `rules`, made once per process and shared: every part
    /// that reads a language's text (grammar, entities, dialogue) cuts it alike, and making
    /// one opens ICU's transforms and segmenter (tens of millions of instructions for Chinese).
    public static func shared(locale: String, rules: TokenRules = TokenRules()) -> Normalizer {
        let key = SharedKey(locale: locale, rules: rules)
        if let known = sharedLock.withLock({ sharedNormalizers[key] }) { return known }
        let made = Normalizer(locale: locale, rules: rules)
        return sharedLock.withLock {
            if let known = sharedNormalizers[key] { return known }
            sharedNormalizers[key] = made
            return made
        }
    }

    private struct SharedKey: Hashable {
        var locale: String
        var rules: TokenRules
    }

    private static let sharedLock = Lock()
    nonisolated(unsafe) private static var sharedNormalizers: [SharedKey: Normalizer] = [:]

    public init(locale: String, rules: TokenRules = TokenRules()) {
        self.locale = locale
        self.rules = rules
        // Languages whose capital I lowers to dotless ı (Turkish, Azerbaijani), as ICU knows them.
        self.turkic = ICUText.lowercase([0x49], locale: locale.replacingOccurrences(of: "-", with: "_")) == [0x131]
        self.segmenter = WordSegmenter(locale: locale.replacingOccurrences(of: "-", with: "_"))
        self.wordBreakRules = segmenter?.rulesLocale.map { $0.isEmpty ? "root" : $0 }
        self.transform = rules.transform.flatMap { SharedTransliterators.transliterator($0) }
        self.transformedUnits = transform?.singleUnitMappings() ?? [:]
        let turkic = self.turkic
        self.elisionKeys = Set(rules.elisions.map { String(utf16Units: Normalizer.folded(Array($0.utf16), turkic: turkic)) })
        self.suffixKeys = Set(rules.suffixes.map { String(utf16Units: Normalizer.folded(Array($0.utf16), turkic: turkic)) })
        self.longestSuffix = rules.suffixes.map(\.utf16.count).max() ?? 0
        let looseSuffixes = suffixKeys.map { key in
            let folded = Array(key.utf16)
            return String(utf16Units: (turkic ? LatinKeys.turkic : LatinKeys.plain).keys(folded[...])?.loose ?? folded)
        }
        self.suffixLooseKeys = Set(looseSuffixes)
        self.longestLooseSuffix = looseSuffixes.map(\.unicodeScalars.count).max() ?? 0
        self.suffixLastScalars = Set(looseSuffixes.compactMap(\.unicodeScalars.last))
    }

    /// Builds the process-wide tables every normalizer shares (the Latin letters' keys, made by
    /// ICU's transliterators, whose registry ICU builds on first use). Loading calls this on
    /// another thread while it reads files, so that no locale waits for the tables later.
    public static func prepareSharedTables() {
        _ = LatinKeys.plain
        _ = hanStrings
    }

    /// Whether `unit` is a unified Han ideograph of the Basic Multilingual Plane (narrower than
    /// `Token.isHan`: Latin-ASCII makes "0" of the ideographic zero "〇").
    static func isHanIdeograph(_ unit: UInt16) -> Bool { (0x3400...0x4DBF).contains(unit) || (0x4E00...0x9FFF).contains(unit) }

    /// The unified Han ideographs of the Basic Multilingual Plane (U+3400...U+9FFF: extension A
    /// and the main block; "" for the few code points between them that are not Han), each as a
    /// string: making a string costs more than the rest of a Han
    /// token, and Chinese text is a token per character.
    private static let firstHan = 0x3400
    private static let hanStrings: [String] = (UInt32(firstHan)...0x9FFF).map { value in
        guard value <= 0xFFFF, isHanIdeograph(UInt16(value)), let scalar = Unicode.Scalar(value) else { return "" }
        return String(scalar)
    }

    /// Whether ICU knows the transform `id` ("Traditional-Simplified", "Any-Latin"), for a
    /// grammar's `tokens.transform`.
    public static func isTransform(_ id: String) -> Bool { SharedTransliterators.transliterator(id) != nil }

    /// The language subtag of a locale id: "zh-Hans" → "zh", "en_US" → "en".
    public static func language(of locale: String) -> String {
        let cut = locale.firstIndex { $0 == "-" || $0 == "_" } ?? locale.endIndex
        return locale[..<cut].lowercased()
    }

    /// Splits `text` into word, number, punctuation and symbol tokens; whitespace is dropped.
    public func tokenize(_ text: String) -> TokenizedText {
        let utf16 = Normalizer.utf16(of: text)
        let plain = Normalizer.plainSegments(utf16)
        // NB: `plainSegments` already failed when ICU's segments are asked for.
        let segments = plain ?? hanSegments(utf16) ?? icuSegments(utf16)
        var tokens: [Token] = []
        // A token a segment, but for a run of Han characters (one each) and the pieces of a
        // word split at apostrophes: growing the array cost an allocation or more a line.
        var capacity = segments.count
        for segment in segments where segment.kind == .ideographic { capacity += segment.range.count - 1 }
        if rules.splitsApostrophes { capacity += segments.count / 2 }
        tokens.reserveCapacity(capacity)
        // Whether two marks touch somewhere (they may draw an emoticon), and where the last
        // mark ended (a word between two marks starts there).
        var marksTouch = false
        var lastMarkEnd = -1
        for segment in segments {
            let units = utf16[segment.range]
            let kind: Token.Kind
            switch segment.kind {
            case .number: kind = .number
            case .ideographic:
                appendCharacters(units, range: segment.range, to: &tokens)
                continue
            case .letters, .kana: kind = .word
            case .other:
                if units.allSatisfy(Normalizer.isSpace) { continue }
                // Plain segments have no symbols (`plainSegments` takes none).
                kind = plain == nil && Normalizer.isSymbol(units) ? .symbol : .punctuation
                if lastMarkEnd == segment.range.lowerBound { marksTouch = true }
                lastMarkEnd = segment.range.upperBound
            }
            if kind == .word, rules.splitsApostrophes, units.contains(where: Normalizer.isApostrophe) {
                appendSplittingApostrophes(units, range: segment.range, to: &tokens)
            } else {
                tokens.append(token(units, range: segment.range, kind: kind))
            }
        }
        if marksTouch { Normalizer.markEmoticons(&tokens, in: utf16) }
        return TokenizedText(text: text, utf16: utf16, tokens: tokens)
    }

    /// Whether a mark is a symbol (`ICUText.hasSymbol`); one ASCII character (most marks: the
    /// commas and full stops of text with accented letters) is looked up in what ICU said of each.
    static func isSymbol(_ units: ArraySlice<UInt16>) -> Bool {
        if units.count == 1, let unit = units.first, unit < 0x80 { return asciiSymbols & (1 << UInt128(unit)) != 0 }
        return ICUText.hasSymbol(units)
    }

    /// The ASCII symbols, one bit each, as ICU classes them ("$", "+", "<", "^", "|", ...).
    private static let asciiSymbols: UInt128 = (0..<UInt16(0x80)).reduce(0) { mask, unit in
        ICUText.hasSymbol([unit][...]) ? mask | (1 << UInt128(unit)) : mask
    }

    /// Makes symbols of the marks that draw an emoticon: a run of two or more marks touching
    /// each other and no word (spaces or the text's ends around it) that is no sentence
    /// punctuation (":)", ":-(", "-_-", not "...", "?!" or "--"; see `ICUText.isEmoticon`).
    /// Marks written against a word stay punctuation ("hi:)" keeps them as free text's
    /// trailing punctuation does).
    static func markEmoticons(_ tokens: inout [Token], in utf16: [UInt16]) {
        func touch(_ a: Int, _ b: Int) -> Bool { tokens[a].range.upperBound == tokens[b].range.lowerBound }
        var start = 0
        while start < tokens.count {
            var end = start + 1
            guard tokens[start].isPunctuation else {
                start = end
                continue
            }
            while end < tokens.count, tokens[end].isPunctuation, touch(end - 1, end) { end += 1 }
            defer { start = end }
            guard end - start >= 2, start == 0 || !touch(start - 1, start), end == tokens.count || !touch(end - 1, end),
                ICUText.isEmoticon(utf16[tokens[start].range.lowerBound..<tokens[end - 1].range.upperBound])
            else { continue }
            for index in start..<end { tokens[index].kind = .symbol }
        }
    }

    /// Whether the language has suffixes a name may carry without an apostrophe (`rules.suffixes`).
    public var splitsSuffixes: Bool { !suffixKeys.isEmpty }

    /// `text` with each word that ends a name and carries a suffix cut in two, as an apostrophe
    /// would cut it ("Boboya" → "Bobo" "ya", like "Bobo'ya"). `isName` tells whether loose keys
    /// are a name or its first words (the words before the cut word, if the name has several,
    /// must be the name's: "Jungle Grillde", not "is done" for "To Do"); `isWord` whether a loose key is a
    /// word of the language. The longest suffix that leaves a name wins; a word that is a name
    /// or a word of the language itself is left whole ("liste" is not "List" + "e").
    ///
    /// `endsName` is a quick first test: whether a loose key is the last word of some name or of
    /// some name's first words (most words are not, and need no other look).
    public func splittingSuffixes(
        _ text: TokenizedText, endsName: (String) -> Bool, isName: ([String]) -> Bool,
        isWord: (String) -> Bool
    ) -> TokenizedText {
        guard !suffixKeys.isEmpty else { return text }
        var tokens: [Token] = []
        var changed = false
        for token in text.tokens {
            // NB: the cheap tests first: a word of one letter, or whose last letter ends no
            // suffix (a Han character, most words), is never cut.
            if token.kind == .word, mayEndInSuffix(token.looseKey), !isWord(token.looseKey),
                !endsName(token.looseKey) || !isName([token.looseKey]),
                let pieces = suffixCut(token, in: text.utf16, after: tokens, endsName: endsName, isName: isName)
            {
                tokens += pieces
                changed = true
            } else {
                tokens.append(token)
            }
        }
        return changed ? TokenizedText(text: text.text, utf16: text.utf16, tokens: tokens) : text
    }

    /// Whether `key` has more than one letter and ends in a letter some suffix ends in.
    private func mayEndInSuffix(_ key: String) -> Bool {
        let scalars = key.unicodeScalars
        guard let last = scalars.last, suffixLastScalars.contains(last), scalars.index(after: scalars.startIndex) != scalars.endIndex
        else { return false }
        return true
    }

    /// Names of more words than this are not looked for before a cut word.
    static let longestNameBeforeSuffix = 6

    private func suffixCut(
        _ word: Token, in utf16: [UInt16], after previous: [Token], endsName: (String) -> Bool,
        isName: ([String]) -> Bool
    ) -> [Token]? {
        let range = word.range
        guard range.upperBound <= utf16.count else { return nil }
        // First on the loose key alone (no token made): most words end like a suffix, few
        // begin with a name.
        // NB: by scalar index from the end; each suffix and head is a slice made a string
        // (short ones are stored inline), not a string built a scalar at a time.
        let scalars = word.looseKey.unicodeScalars
        var cut = scalars.endIndex
        var mayCut = false
        for _ in 0..<longestLooseSuffix where cut > scalars.startIndex {
            cut = scalars.index(before: cut)
            guard cut > scalars.startIndex else { break }
            if suffixLooseKeys.contains(String(Substring(scalars[cut...]))), endsName(String(Substring(scalars[..<cut]))) {
                mayCut = true
                break
            }
        }
        guard mayCut else { return nil }
        let before = previous.suffix(Normalizer.longestNameBeforeSuffix).filter { !$0.isPunctuation }.map(\.looseKey)
        for length in stride(from: min(longestSuffix, range.count - 1), through: 1, by: -1) {
            let cut = range.upperBound - length
            // A surrogate pair stays whole.
            guard !UTF16.isTrailSurrogate(utf16[cut]) else { continue }
            let tail = token(utf16[cut..<range.upperBound], range: cut..<range.upperBound, kind: .word)
            guard suffixKeys.contains(tail.key) else { continue }
            let head = token(utf16[range.lowerBound..<cut], range: range.lowerBound..<cut, kind: .word)
            for count in 0...before.count where isName(before.suffix(count) + [head.looseKey]) { return [head, tail] }
        }
        return nil
    }

    /// A run of Han characters (ICU's ideographic words), one token per character: Chinese
    /// writes no spaces, so a name inside a run ("给Bobo发", "给小明发消息") is found whatever
    /// words ICU's dictionary sees there, and templates are cut the same way.
    private func appendCharacters(_ units: ArraySlice<UInt16>, range: Range<Int>, to tokens: inout [Token]) {
        // The transform runs once over the whole run; where it keeps the run's length (one
        // character for one, as Traditional-Simplified does), each token's keys come from its
        // transformed character, else from its own.
        var keySource: [UInt16]?
        if let transform, transform.mayChange(units) {
            // ICU itself only where a character maps to something else than one character.
            var byICU = false
            let mapped = units.map { unit -> UInt16 in
                if let known = transformedUnits[unit] { return known }
                if transform.mayChange(unit) { byICU = true }
                return unit
            }
            let transformed = byICU ? transform.apply(Array(units)) : mapped
            keySource = transformed.count == units.count ? transformed : nil
        }
        var start = units.startIndex
        while start < units.endIndex {
            var end = start + 1
            if UTF16.isLeadSurrogate(units[start]), end < units.endIndex, UTF16.isTrailSurrogate(units[end]) { end += 1 }
            // A combining mark or variation selector stays with its character.
            while end < units.endIndex, Normalizer.clings(units[end]) { end += 1 }
            let offset = range.lowerBound + (start - units.startIndex)
            let keys = keySource.map { $0[(start - units.startIndex)..<(end - units.startIndex)] }
            if let keys {
                var made = token(keys, range: offset..<(offset + end - start), kind: .word, transformed: true)
                // The typed text, where the transform changed the character.
                if !keys.elementsEqual(units[start..<end]) { made.text = String(utf16Units: units[start..<end]) }
                tokens.append(made)
            } else {
                tokens.append(token(units[start..<end], range: offset..<(offset + end - start), kind: .word))
            }
            start = end
        }
    }

    /// A word with apostrophes in it, split as the language's rules say: after an elided
    /// article or preposition ("l'application" → "l'" "application") and, where suffixes follow
    /// an apostrophe ("TasksNotes'ta", "Bobo'ya"), into the stem, the apostrophe and the suffix.
    private func appendSplittingApostrophes(_ units: ArraySlice<UInt16>, range: Range<Int>, to tokens: inout [Token]) {
        var start = units.startIndex
        func emit(_ end: Int, kind: Token.Kind) {
            guard end > start else { return }
            let offset = range.lowerBound + (start - units.startIndex)
            tokens.append(token(units[start..<end], range: offset..<(offset + end - start), kind: kind))
            start = end
        }
        var index = units.startIndex
        while index < units.endIndex {
            guard Normalizer.isApostrophe(units[index]), index > start, index + 1 < units.endIndex else {
                index += 1
                continue
            }
            let elided = String(utf16Units: foldedUnits(units[start...index]))
            if elisionKeys.contains(elided) {
                emit(index + 1, kind: .word)
            } else if rules.splitAtApostrophe {
                emit(index, kind: .word)
                emit(index + 1, kind: .punctuation)
            }
            index += 1
        }
        emit(units.endIndex, kind: .word)
    }

    /// Whether `unit` is an apostrophe, typed as any of its forms (', ’, ʼ…).
    package static func isApostrophe(_ unit: UInt16) -> Bool {
        unit == 0x27 || unifyApostrophe(unit) == 0x27
    }

    /// The UTF-16 code units of `text`. ASCII text (most utterances) is widened byte by byte;
    /// `Array(text.utf16)` transcodes through the generic view, several times slower.
    static func utf16(of text: String) -> [UInt16] {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> [UInt16]? in
            var isASCII = true
            for byte in bytes where byte >= 0x80 {
                isASCII = false
                break
            }
            guard isASCII else { return nil }
            return [UInt16](unsafeUninitializedCapacity: bytes.count) { units, count in
                for index in bytes.indices { units[index] = UInt16(bytes[index]) }
                count = bytes.count
            }
        }
        return (ascii ?? nil) ?? Array(text.utf16)
    }

    /// The loose keys of a phrase's word and number tokens, as the matcher compares them.
    public func looseKeys(_ phrase: String) -> [String] {
        tokenize(phrase).tokens.filter { !$0.isPunctuation }.map(\.looseKey)
    }

    /// The case-folded, NFKC key of a whole string (not tokenized).
    public func key(_ text: String) -> String {
        let units = Array(text.utf16)
        if let fast = asciiKey(units) { return fast }
        return String(utf16Units: foldedUnits(units))
    }

    /// `transformed`: `units` already went through `rules.transform`.
    private func token(_ units: ArraySlice<UInt16>, range: Range<Int>, kind: Token.Kind, transformed: Bool = false) -> Token {
        if let ascii = asciiToken(units, range: range, kind: kind) { return ascii }
        if !transformed, kind == .word, let transform, transform.mayChange(units) {
            var made = token(ArraySlice(transform.apply(Array(units))), range: range, kind: kind, transformed: true)
            made.text = String(utf16Units: units)
            return made
        }
        // A unified Han ideograph (the bulk of Chinese text, one token per character) is its own
        // key: it has no case, no decomposition under NFKC and no marks to strip.
        if units.count == 1, let unit = units.first, Normalizer.isHanIdeograph(unit) {
            let text = Normalizer.hanStrings[Int(unit) - Normalizer.firstHan]
            return Token(range: range, text: text, key: text, looseKey: text, kind: kind)
        }
        let folded: [UInt16], loose: [UInt16]
        if let latin = (turkic ? LatinKeys.turkic : LatinKeys.plain).keys(units) {
            folded = latin.key
            loose = latin.loose.contains(0x27) ? latin.loose.filter { $0 != 0x27 } : latin.loose
        } else {
            folded = foldedUnits(units)
            loose = looseKeyUnits(folded)
        }
        // Most words are their own key, and their own loose key: one string serves.
        let text = String(utf16Units: units)
        let key = folded.elementsEqual(units) ? text : String(utf16Units: folded)
        return Token(range: range, text: text, key: key, looseKey: loose.elementsEqual(folded) ? key : String(utf16Units: loose), kind: kind)
    }

    /// The whole token pipeline for plain ASCII, on bytes: lowercase, drop apostrophes for the
    /// loose key. Gives what ICU would, without its calls or UTF-16 decoding; each string is
    /// written in place (no intermediate arrays).
    private func asciiToken(_ units: ArraySlice<UInt16>, range: Range<Int>, kind: Token.Kind) -> Token? {
        var hasUpper = false, hasApostrophe = false
        for unit in units {
            if unit >= 0x80 { return nil }
            if unit >= 0x41 && unit <= 0x5A {
                if turkic && unit == 0x49 { return nil }
                hasUpper = true
            } else if unit == 0x27 {
                hasApostrophe = true
            }
        }
        func string(lowercased: Bool, dropApostrophes: Bool) -> String {
            String(unsafeUninitializedCapacity: units.count) { buffer in
                var count = 0
                for unit in units {
                    var byte = UInt8(truncatingIfNeeded: unit)
                    if dropApostrophes && byte == 0x27 { continue }
                    if lowercased && byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
                    buffer[count] = byte
                    count += 1
                }
                return count
            }
        }
        let text = string(lowercased: false, dropApostrophes: false)
        let key = hasUpper ? string(lowercased: true, dropApostrophes: false) : text
        let loose = hasApostrophe ? string(lowercased: true, dropApostrophes: true) : key
        return Token(range: range, text: text, key: key, looseKey: loose, kind: kind)
    }

    /// Lowercase ASCII without ICU, when that gives the same result as the full pipeline.
    private func asciiKey(_ units: [UInt16]) -> String? {
        guard units.allSatisfy({ $0 < 0x80 }) else { return nil }
        if turkic, units.contains(0x49) { return nil }
        let lowered = units.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
        return String(utf16Units: lowered)
    }

    private func foldedUnits(_ units: some Collection<UInt16>) -> [UInt16] {
        Normalizer.folded(units, turkic: turkic)
    }

    static func folded(_ units: some Collection<UInt16>, turkic: Bool) -> [UInt16] {
        let units = Array(units)
        let composed = ICUText.nfkc(units) ?? units
        let folded = ICUText.foldCase(composed, turkic: turkic) ?? composed
        return folded.map(Normalizer.unifyApostrophe)
    }

    /// What the loose key makes of Latin text (marks stripped, Latin-ASCII), apostrophes kept:
    /// `LatinKeys`' table, made with a Latin-ASCII transliterator of its own.
    static func latinLoose(_ units: [UInt16]) -> [UInt16] {
        let stripped = ICUText.stripMarks(units) ?? units
        return latinToASCII?.apply(stripped) ?? stripped
    }

    /// ICU's Latin-ASCII, shared by every normalizer: since `LatinKeys`, only words with
    /// letters beyond its tables need it (with `ICUTables` installed, only those open it).
    private static let latinToASCII = SharedTransliterators.transliterator("Latin-ASCII")

    /// The loose key of a word's key, by ICU (`LatinKeys` gives it for Latin words).
    func looseKeyUnits(_ folded: [UInt16]) -> [UInt16] {
        var units = ICUText.stripMarks(folded) ?? folded
        // Other scripts than Latin and Han are keyed in Latin letters (ICU's Any-Latin), so a
        // name matches whichever of the two it is typed in: "Борис" and "Boris", "Бобо" and
        // "Bobo". Han keeps its characters: one syllable's romanization stands for many. Only
        // letters count: a currency sign of a script ("৳", "៛") is no name to romanize.
        if units.contains(where: { $0 >= 0x80 }), ICUText.hasOtherScript(units), let romanizer = Normalizer.romanizer {
            units = ICUText.stripMarks(romanizer.apply(units)) ?? units
        }
        // NB: Latin-ASCII leaves Han as it is: a Chinese word does not open it.
        if units.contains(where: { $0 >= 0x80 && !Normalizer.isHanIdeograph($0) }), let latinToASCII = Normalizer.latinToASCII {
            units = latinToASCII.apply(units)
        }
        return units.contains(0x27) ? units.filter { $0 != 0x27 } : units
    }

    /// ’ ‘ ʼ ＇ and ` all become '.
    private static func unifyApostrophe(_ unit: UInt16) -> UInt16 {
        switch unit {
        case 0x2019, 0x2018, 0x02BC, 0xFF07, 0x60: return 0x27
        default: return unit
        }
    }

    private static func isSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || (0x09...0x0D).contains(unit) || unit == 0xA0 || unit == 0x3000 || (0x2000...0x200B).contains(unit)
    }

    /// Segments of plain Latin text, where ICU's word boundaries are known without asking it:
    /// runs of letters (ASCII and the Latin blocks U+00C0–U+024F and U+1E00–U+1EFF: "çalışma",
    /// "réserve") or of digits between spaces, an apostrophe between two letters inside the word
    /// ("don't", "Bobo'ya", as ICU's rules WB6 and WB7 join them), and the marks
    /// `, . ? ! ' ’ " : ; ( ) -` each on its own. Nil (ICU segments it) for anything else: other
    /// characters (combining marks among them), letters next to digits ("5k"), or `, . ' : ;`
    /// between two digits or a digit and a letter ("6:30", "1,000"), or `, . : ;` between two
    /// letters, which ICU may join into one word. Most utterances and nearly all names take
    /// this path.
    static func plainSegments(_ utf16: [UInt16]) -> [WordSegmenter.Segment]? {
        func isLetter(_ unit: UInt16) -> Bool {
            switch unit {
            case 0x61...0x7A, 0x41...0x5A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x1E00...0x1EFF: true
            default: false
            }
        }
        func isAlphanumeric(_ unit: UInt16) -> Bool { isLetter(unit) || (0x30...0x39).contains(unit) }
        var segments: [WordSegmenter.Segment] = []
        // Room for a typical utterance's tokens: growing from empty took five allocations.
        segments.reserveCapacity(min(utf16.count / 2 + 1, 32))
        var start = 0
        var letters = false, digits = false
        func endRun(at i: Int) -> Bool {
            if letters && digits { return false }
            if i > start { segments.append(.init(range: start..<i, kind: digits ? .number : .letters)) }
            letters = false
            digits = false
            return true
        }
        for (i, unit) in utf16.enumerated() {
            switch unit {
            case 0x30...0x39:
                digits = true
                continue
            case 0x20, 0x09:
                guard endRun(at: i) else { return nil }
            case 0x27, 0x2019, 0x2C, 0x2E, 0x3A, 0x3B:
                let between = i > 0 && i + 1 < utf16.count
                if between, unit == 0x27 || unit == 0x2019, isLetter(utf16[i - 1]), isLetter(utf16[i + 1]) {
                    continue
                }
                // Between two letters or digits ICU's rules may join: leave those to ICU.
                if between, isAlphanumeric(utf16[i - 1]), isAlphanumeric(utf16[i + 1]) { return nil }
                guard endRun(at: i) else { return nil }
                segments.append(.init(range: i..<(i + 1), kind: .other))
            case 0x3F, 0x21, 0x22, 0x28, 0x29, 0x2D:
                guard endRun(at: i) else { return nil }
                segments.append(.init(range: i..<(i + 1), kind: .other))
            default:
                guard isLetter(unit) else { return nil }
                letters = true
                continue
            }
            start = i + 1
        }
        guard endRun(at: utf16.count) else { return nil }
        return segments
    }

    /// Segments of anything but a run of Han characters: plain Latin without ICU, else ICU's.
    private func otherSegments(_ utf16: [UInt16]) -> [WordSegmenter.Segment] {
        Normalizer.plainSegments(utf16) ?? icuSegments(utf16)
    }

    /// ICU's word segments (or, without a segmenter for the locale, the fallback's).
    private func icuSegments(_ utf16: [UInt16]) -> [WordSegmenter.Segment] {
        segmenter?.segments(utf16) ?? fallbackSegments(utf16)
    }

    /// Segments of text with Han characters in it: each run of them is one ideographic segment
    /// (cut into characters by `appendCharacters`), the text between them is segmented on its
    /// own. Nil for text without Han.
    ///
    /// NB: the same segments ICU gives, without its dictionary: a Han character is a word boundary
    /// on both sides in Unicode's word rules (only combining marks cling to it), and the run is
    /// cut into characters whatever words ICU's dictionary would find in it.
    private func hanSegments(_ utf16: [UInt16]) -> [WordSegmenter.Segment]? {
        func hanLength(at index: Int) -> Int {
            let unit = utf16[index]
            if UTF16.isLeadSurrogate(unit), index + 1 < utf16.count, UTF16.isTrailSurrogate(utf16[index + 1]) {
                let scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(utf16[index + 1]) - 0xDC00)
                return Token.isHan(scalar) ? 2 : 0
            }
            return Token.isHan(UInt32(unit)) ? 1 : 0
        }
        guard utf16.indices.contains(where: { hanLength(at: $0) > 0 }) else { return nil }
        var segments: [WordSegmenter.Segment] = []
        segments.reserveCapacity(16)
        var index = 0, otherStart = 0
        func flushOther(upTo end: Int) {
            guard end > otherStart else { return }
            for segment in otherSegments(Array(utf16[otherStart..<end])) {
                segments.append(.init(range: (segment.range.lowerBound + otherStart)..<(segment.range.upperBound + otherStart), kind: segment.kind))
            }
        }
        while index < utf16.count {
            var end = index
            while end < utf16.count {
                let length = hanLength(at: end)
                if length > 0 {
                    end += length
                } else if end > index, Normalizer.clings(utf16[end]) {
                    end += 1
                } else {
                    break
                }
            }
            if end == index {
                index += 1
                continue
            }
            flushOther(upTo: index)
            segments.append(.init(range: index..<end, kind: .ideographic))
            index = end
            otherStart = end
        }
        flushOther(upTo: utf16.count)
        return segments
    }

    /// A combining mark or variation selector: it stays with the character before it.
    static func clings(_ unit: UInt16) -> Bool {
        (0xFE00...0xFE0F).contains(unit) || (0x0300...0x036F).contains(unit)
    }

    /// Used only if ICU cannot open a word break iterator: splits on spaces.
    private func fallbackSegments(_ utf16: [UInt16]) -> [WordSegmenter.Segment] {
        var segments: [WordSegmenter.Segment] = []
        var start: Int?
        for (i, unit) in utf16.enumerated() {
            if Normalizer.isSpace(unit) {
                if let s = start { segments.append(.init(range: s..<i, kind: .letters)) }
                start = nil
            } else if start == nil {
                start = i
            }
        }
        if let s = start { segments.append(.init(range: s..<utf16.count, kind: .letters)) }
        return segments
    }
}

/// One word, number or punctuation mark of an utterance or a template literal.
///
/// Offsets are sacred: `range` is in UTF-16 code units of the ORIGINAL text, before any
/// normalization, so a slot's `spoken` value is always cut from what the user typed.
public struct Token: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case word
        case number
        /// Punctuation: ignored by the matcher except as list separators.
        case punctuation
        /// Emoji, emoticons (":)", "-_-") and other symbols ("+", "♥"): passed over like
        /// punctuation, but part of free text where they stand: a wildcard takes them in.
        case symbol
    }

    /// UTF-16 offsets into the original text.
    public var range: Range<Int>
    /// The original text of the token.
    public var text: String
    /// NFKC, locale-aware case folding, apostrophes unified ("Don’t" → "don't").
    public var key: String
    /// `key` without diacritics or apostrophes, Latin letters reduced to ASCII ("Café" → "cafe").
    /// Literals, list values and vocabulary phrases are compared on this key.
    public var looseKey: String
    public var kind: Kind

    public init(range: Range<Int>, text: String, key: String, looseKey: String, kind: Kind) {
        self.range = range
        self.text = text
        self.key = key
        self.looseKey = looseKey
        self.kind = kind
    }

    /// A sounds-like key of `looseKey` (see `SoundsLike`), for pronunciation hints.
    ///
    /// NB: computed when asked: the matcher writes every token's key straight into its own
    /// byte buffer (`SoundsLike.write`) and never needs the string.
    public var soundKey: String { SoundsLike.key(looseKey) }

    /// Whether the token is no word or number: punctuation or a symbol.
    public var isPunctuation: Bool { kind == .punctuation || kind == .symbol }

    /// Whether the token is an emoji, an emoticon or another symbol.
    public var isSymbol: Bool { kind == .symbol }

    /// Whether the token is one Han character (Chinese is cut into characters).
    public var isHanCharacter: Bool {
        var scalars = looseKey.unicodeScalars.makeIterator()
        guard let scalar = scalars.next(), scalars.next() == nil else { return false }
        return Token.isHan(scalar.value)
    }

    /// Whether `scalar` is a Han ideograph (the unified ideographs and their extensions, the
    /// compatibility ideographs, 々 and 〇).
    public static func isHan(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x3005, 0x3007, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return true
        default: return false
        }
    }
}

/// A tokenized text: the original string, its UTF-16 view and its tokens.
public struct TokenizedText: Sendable {
    public let text: String
    public let utf16: [UInt16]
    public let tokens: [Token]

    public init(text: String, utf16: [UInt16], tokens: [Token]) {
        self.text = text
        self.utf16 = utf16
        self.tokens = tokens
    }

    /// The original text between two UTF-16 offsets.
    public func slice(_ range: Range<Int>) -> String {
        let lower = max(0, min(range.lowerBound, utf16.count))
        let upper = max(lower, min(range.upperBound, utf16.count))
        let units = utf16[lower..<upper]
        return String(utf16Units: units)
    }

    /// The original text from the start of token `first` to the end of token `last` (inclusive).
    public func slice(tokens first: Int, through last: Int) -> String {
        slice(tokens[first].range.lowerBound..<tokens[last].range.upperBound)
    }
}

/// How a language cuts words further than ICU's word breaks, from its grammar's `tokens:` key.
/// Utterances, templates, vocabulary and entity words of the language are all cut alike.
public struct TokenRules: Sendable, Hashable {
    /// Elided words ending in an apostrophe, split off the word they lean on: French "l'",
    /// "qu'", Italian "all'", "dell'" ("l'application" → "l'" "application").
    public var elisions: [String]
    /// Split every word at an apostrophe into stem, apostrophe and suffix: Turkish suffixes on
    /// names ("TasksNotes'ta" → "TasksNotes" "'" "ta").
    public var splitAtApostrophe: Bool
    /// An ICU transform applied to every word before its keys are made (the typed text is
    /// kept): Chinese "Traditional-Simplified", so "發消息" matches templates written "发消息".
    public var transform: String?
    /// Suffixes a name may carry with no apostrophe before it: Turkish "Boboya", "TasksNotesta"
    /// are split as "Bobo'ya" and "TasksNotes'ta" are, but only after a name the grammar knows
    /// (an app's, a vocabulary term's last word), so "masada" stays one word.
    public var suffixes: [String]

    public init(elisions: [String] = [], splitAtApostrophe: Bool = false, transform: String? = nil, suffixes: [String] = []) {
        self.elisions = elisions
        self.splitAtApostrophe = splitAtApostrophe
        self.transform = transform
        self.suffixes = suffixes
    }

    /// Whether a word with an apostrophe in it may be split at all.
    public var splitsApostrophes: Bool { splitAtApostrophe || !elisions.isEmpty }

    /// Both rule sets together (a language's files may each add some).
    public func merged(with other: TokenRules) -> TokenRules {
        TokenRules(
            elisions: elisions + other.elisions.filter { !elisions.contains($0) },
            splitAtApostrophe: splitAtApostrophe || other.splitAtApostrophe, transform: transform ?? other.transform,
            suffixes: suffixes + other.suffixes.filter { !suffixes.contains($0) })
    }
}

import IntentParseNormalization

/// Phrases of one or more tokens mapped to values, looked up at a token position.
///
/// Keys are the tokens' loose keys, so case, accents and apostrophes do not matter. Two ways to
/// compare the rest:
/// - `.exact`: punctuation counts, and so does whether tokens were written together, so "CA$"
///   (one written word) and "a $" (an article, then a dollar sign) stay apart;
/// - `.words`: only word and number tokens count, so "twenty-first" = "twenty first".
struct PhraseTable<Value: Sendable>: Sendable {
    enum Spacing: Sendable { case exact, words }

    let spacing: Spacing
    private var entries: [String: Value] = [:]
    /// The most tokens any phrase has (punctuation included in `.exact` tables).
    private var maxTokens = 0
    /// Every phrase's first token key: most positions start no phrase, and this says so
    /// without building a key per length.
    private var firstKeys: Set<String> = []

    init(spacing: Spacing = .words) { self.spacing = spacing }

    var isEmpty: Bool { entries.isEmpty }

    /// The loose key of every phrase's first token.
    var startKeys: Set<String> { firstKeys }

    /// Adds a phrase; the first value given for a phrase wins.
    mutating func add(_ phrase: String, _ value: Value, normalizer: Normalizer) {
        let tokens = normalizer.tokenize(phrase).tokens.filter { spacing == .exact || !$0.isPunctuation }
        guard !tokens.isEmpty else { return }
        let key = PhraseTable.key(tokens[...], spacing: spacing)
        if entries[key] == nil { entries[key] = value }
        maxTokens = max(maxTokens, tokens.count)
        firstKeys.insert(tokens[0].looseKey)
    }

    mutating func add(_ phrases: [String], _ value: Value, normalizer: Normalizer) {
        for phrase in phrases { add(phrase, value, normalizer: normalizer) }
    }

    /// Every phrase starting at token `start`, longest first; `end` is a token index (exclusive).
    func matches(_ tokens: [Token], from start: Int) -> [(end: Int, value: Value)] {
        guard start < tokens.count, firstKeys.contains(tokens[start].looseKey) else { return [] }
        if spacing == .words, tokens[start].isPunctuation { return [] }
        var ends: [Int] = []
        var end = start
        var counted = 0
        while end < tokens.count, counted < maxTokens {
            end += 1
            if spacing == .words, tokens[end - 1].isPunctuation { continue }
            counted += 1
            ends.append(end)
        }
        return ends.reversed().compactMap { end in
            entries[PhraseTable.key(tokens[start..<end], spacing: spacing)].map { (end, $0) }
        }
    }

    /// The longest phrase at `start`, if any.
    func longest(_ tokens: [Token], from start: Int) -> (end: Int, value: Value)? {
        matches(tokens, from: start).first
    }

    /// The value of a whole phrase (not of a prefix of it), if the table has it.
    func value(of phrase: String, normalizer: Normalizer) -> Value? {
        let tokens = normalizer.tokenize(phrase).tokens
        return matches(tokens, from: 0).first { $0.end == tokens.count }?.value
    }

    private static func key(_ tokens: ArraySlice<Token>, spacing: Spacing) -> String {
        var key = ""
        var previousEnd: Int?
        for token in tokens where spacing == .exact || !token.isPunctuation {
            if let previousEnd, spacing == .words || token.range.lowerBound > previousEnd { key += " " }
            key += token.looseKey
            previousEnd = token.range.upperBound
        }
        return key
    }
}

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
    /// The same phrases byte by byte (plain keys only, see `ByteTrie`), so that a lookup builds no strings
    /// and hashes none: each node where a key ends holds an index into `values`, and the nodes
    /// where a first token key ends are marked. `entries` answers whatever the trie cannot.
    private var trie = ByteTrie()
    private var values: [Value] = []
    /// `value(of:)` by phrase: suffixes glued to digits ("pm" in "8pm") are asked for again
    /// and again, and each answer costs a tokenization. A new phrase starts a new memo.
    private var wholes = Memo<String, Value?>()

    init(spacing: Spacing = .words) { self.spacing = spacing }

    var isEmpty: Bool { entries.isEmpty }

    /// The loose key of every phrase's first token.
    var startKeys: Set<String> { firstKeys }

    /// Adds a phrase; the first value given for a phrase wins.
    mutating func add(_ phrase: String, _ value: Value, normalizer: Normalizer) {
        wholes = Memo()
        let tokens = normalizer.tokenize(phrase).tokens.filter { spacing == .exact || !$0.isPunctuation }
        guard !tokens.isEmpty else { return }
        let key = PhraseTable.key(tokens[...], spacing: spacing)
        if entries[key] == nil {
            entries[key] = value
            if let node = trie.insert(key), trie.values[Int(node)] < 0 {
                trie.setValue(values.count, at: node)
                values.append(value)
            }
        }
        maxTokens = max(maxTokens, tokens.count)
        firstKeys.insert(tokens[0].looseKey)
        if let node = trie.insert(tokens[0].looseKey) { trie.mark(node) }
    }

    mutating func add(_ phrases: [String], _ value: Value, normalizer: Normalizer) {
        for phrase in phrases { add(phrase, value, normalizer: normalizer) }
    }

    /// Every phrase starting at token `start`, longest first; `end` is a token index (exclusive).
    func matches(_ tokens: [Token], from start: Int) -> [(end: Int, value: Value)] {
        guard start < tokens.count else { return [] }
        var result: [(end: Int, value: Value)] = []
        let answered = withUnsafeTemporaryAllocation(of: (end: Int, value: Int).self, capacity: max(maxTokens, 1)) { found -> Bool in
            var count = 0
            // NB: one hit per token counted, and at most `maxTokens` tokens are counted.
            guard
                walk(
                    tokens, from: start,
                    { end, value in
                        found.initializeElement(at: count, to: (end, value))
                        count += 1
                    })
            else { return false }
            for index in stride(from: count - 1, through: 0, by: -1) { result.append((found[index].end, values[found[index].value])) }
            return true
        }
        return answered ? result : stringMatches(tokens, from: start)
    }

    /// The longest phrase at `start`, if any.
    func longest(_ tokens: [Token], from start: Int) -> (end: Int, value: Value)? {
        guard start < tokens.count else { return nil }
        var longest: (end: Int, value: Int)?
        if walk(tokens, from: start, { longest = ($0, $1) }) { return longest.map { ($0.end, values[$0.value]) } }
        return stringMatches(tokens, from: start).first
    }

    /// The value of a whole phrase (not of a prefix of it), if the table has it.
    ///
    /// NB: answers are kept by phrase, so `normalizer` must be the one the phrases were added
    /// with, as it is at every call.
    func value(of phrase: String, normalizer: Normalizer) -> Value? {
        if let known = wholes.answer(phrase) { return known }
        let tokens = normalizer.tokenize(phrase).tokens
        let value = matches(tokens, from: 0).first { $0.end == tokens.count }?.value
        wholes.keep(value, for: phrase)
        return value
    }

    /// Follows the tokens from `start` (a valid index) through the trie, reporting each phrase
    /// found, shortest first, as its end and the index of its value. Returns false, having maybe
    /// reported some, when only `stringMatches` can answer: some key on the way is not plain.
    ///
    /// NB: this must find exactly what `stringMatches` would: the same first-key check, the
    /// same tokens counted, the same separators. A walk that dies on plain text is a miss for
    /// every longer phrase too, unless text that is not plain follows and a key is not plain
    /// (then a string comparison, which composes characters, could still match).
    private func walk(_ tokens: [Token], from start: Int, _ hit: (_ end: Int, _ value: Int) -> Void) -> Bool {
        if trie.mayEqualPlain { return false }
        // NB: tokens are read field by field: a `Token` copied out holds four strings, each
        // retained and released.
        if spacing == .words, tokens[start].isPunctuation { return true }
        var node: ByteTrie.Node
        switch trie.follow(tokens[start].looseKey, from: ByteTrie.root) {
        case .node(let next) where trie.marks[Int(next)]: node = next
        case .node, .dead: return true
        case .notPlain: return false
        }
        if trie.values[Int(node)] >= 0 { hit(start + 1, Int(trie.values[Int(node)])) }
        var previousEnd = tokens[start].range.upperBound
        var end = start + 1
        var counted = 1
        while end < tokens.count, counted < maxTokens {
            let index = end
            end += 1
            if spacing == .words, tokens[index].isPunctuation { continue }
            counted += 1
            var step = ByteTrie.Step.dead
            if spacing == .words || tokens[index].range.lowerBound > previousEnd {
                if let spaced = trie.child(node, 0x20) { step = trie.follow(tokens[index].looseKey, from: spaced) }
            } else {
                step = trie.follow(tokens[index].looseKey, from: node)
            }
            previousEnd = tokens[index].range.upperBound
            switch step {
            case .node(let next):
                node = next
                if trie.values[Int(next)] >= 0 { hit(end, Int(trie.values[Int(next)])) }
            case .dead:
                return trie.hasOnlyPlainKeys || restIsPlain(tokens, from: end - 1, counted: counted - 1)
            case .notPlain:
                return false
            }
        }
        return true
    }

    /// Whether the keys of the tokens `stringMatches` would still count, from `index` on
    /// (`counted` counted before it), are all plain (see `ByteTrie`).
    private func restIsPlain(_ tokens: [Token], from index: Int, counted: Int) -> Bool {
        var (index, counted) = (index, counted)
        // NB: tokens are read in place (a token copied out holds four strings).
        while index < tokens.count, counted < maxTokens {
            index += 1
            if spacing == .words, tokens[index - 1].isPunctuation { continue }
            counted += 1
            if !ByteTrie.isPlain(tokens[index - 1].looseKey) { return false }
        }
        return true
    }

    /// `matches` by building each candidate's key and looking it up: right for any text, and
    /// what the trie's answers are tested against.
    func stringMatches(_ tokens: [Token], from start: Int) -> [(end: Int, value: Value)] {
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

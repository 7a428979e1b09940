import IntentParseNormalization

/// A character trie over run-together phrase keys, while it is built: frozen into
/// `FrozenPhrases`, the one structure that looks phrases up, at compile time (`ExampleTemplates`)
/// and run time alike.
///
/// A phrase is indexed by the concatenation of its tokens' keys ("List-o-Mat" → "listomat"), and
/// an utterance is walked from a start token by feeding each following token's key; a phrase
/// matches only where the walk ends exactly at a token boundary. So "List-o-Mat", "ListOMat" and
/// "list o mat" all find the same phrase, without ever matching half a word.
struct PhraseTrie: Sendable {
    private struct Node: Sendable {
        var children: [(byte: UInt8, node: Int32)] = []
        var values: [Int32] = []
    }

    private var nodes: [Node] = [Node()]

    var isEmpty: Bool { nodes.count == 1 }

    /// Adds `value` under the concatenated key.
    mutating func insert(_ key: String, value: Int32) {
        var current = 0
        for byte in key.utf8 {
            if let next = nodes[current].children.first(where: { $0.byte == byte })?.node {
                current = Int(next)
            } else {
                nodes.append(Node())
                let index = Int32(nodes.count - 1)
                nodes[current].children.append((byte, index))
                current = Int(index)
            }
        }
        if !nodes[current].values.contains(value) { nodes[current].values.append(value) }
    }

    struct Sizes { var nodes = 0, children = 0, values = 0 }

    /// What `freeze` writes.
    var sizes: Sizes {
        var sizes = Sizes(nodes: nodes.count)
        for node in nodes {
            sizes.children += node.children.count
            sizes.values += node.values.count
        }
        return sizes
    }

    /// Appends this trie to `flat` (children sorted by byte) and returns its root there.
    func freeze(into flat: inout FrozenPhrases.FlatTrie) -> Int32 {
        let base = Int32(flat.nodeCount)
        for node in nodes {
            // Most nodes of a large vocabulary have one child: sorting is for the others.
            flat.append(
                children: node.children.count > 1 ? node.children.sorted(by: { $0.byte < $1.byte }) : node.children,
                offset: base, values: node.values)
        }
        return base
    }
}

/// The phrases of one slot source (a list, a vocabulary type, the app names) while they are
/// gathered, with an exact trie
/// and, for names, a sounds-like trie and a trie of parts of vocabulary terms (their first or
/// last words: "Bobo" of "Bobo the Great"). Values are indexes into `entries`.
struct PhraseSet: Sendable {
    typealias Entry = PhraseEntry

    var exact = PhraseTrie()
    var sound = PhraseTrie()
    /// The first words and the last words of vocabulary terms of several words, as the
    /// dialogue's resolver takes them for a partial match (`VocabularyResolver.contains`).
    var partial = PhraseTrie()
    var entries: [Entry] = []
    /// Where each entry sits in `entries` (adding stays O(1) per phrase with 100,000 terms).
    private var entryIndex: [Entry: Int32] = [:]
    /// Whether sounds-like matching is on (names, not closed enumerations).
    var usesSound = false
    /// The list whose `values` the `.listValue` entries index, if any.
    var list: Int32?
    /// Every phrase's loose keys, and those of its first words, joined by `nameSeparator`,
    /// when collected (names, for `Normalizer.splittingSuffixes`).
    var names: Set<String>?
    static let nameSeparator = "\u{1}"

    /// The shortest run-together sound key indexed; shorter ones alike too much.
    static let minimumSoundKey = 4

    /// `partsUnless`: also index the phrase's first words and its last words (`partial`), but
    /// not those that start or end with a word for which it is true (the language's own words:
    /// "the" of "the Jungle Book" names nothing, nor do "Bobo the" and "the Great").
    mutating func add(
        _ phrase: String, entry: Entry, normalizer: Normalizer, soundOnly: Bool = false,
        partsUnless isLanguageWord: ((String) -> Bool)? = nil
    ) {
        let tokens = normalizer.tokenize(phrase).tokens.filter { !$0.isPunctuation }
        guard !tokens.isEmpty else { return }
        let value: Int32
        if let existing = entryIndex[entry] {
            value = existing
        } else {
            entries.append(entry)
            value = Int32(entries.count - 1)
            entryIndex[entry] = value
        }
        if !soundOnly { exact.insert(tokens.map(\.looseKey).joined(), value: value) }
        if names != nil {
            // The name and its first words: a contact is often called by its first name ("Bobo" of "Bobo the Great").
            var words = ""
            for (index, token) in tokens.enumerated() {
                words += index == 0 ? token.looseKey : PhraseSet.nameSeparator + token.looseKey
                names?.insert(words)
            }
        }
        if usesSound {
            let key = SoundsLike.joining(tokens.map(\.soundKey))
            if key.count >= PhraseSet.minimumSoundKey { sound.insert(key, value: value) }
        }
        if let isLanguageWord, tokens.count > 1 {
            let keys = tokens.map(\.looseKey)
            for count in 1..<keys.count {
                for part in [keys.prefix(count), keys.suffix(count)]
                where !isLanguageWord(part[part.startIndex]) && !isLanguageWord(part[part.endIndex - 1]) {
                    partial.insert(part.joined(), value: value)
                }
            }
        }
    }
}

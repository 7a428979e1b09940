import IntentParseNormalization

/// A trie over the bytes of ASCII strings, for looking loose keys up without hashing whole
/// strings: one multiply and a probe or two per byte, and most lookups stop at the first byte.
///
/// NB: `String` equality is Unicode canonical equivalence; byte equality is not. The two agree
/// when both sides are ASCII, so the trie holds ASCII keys only, and its owners fall back to
/// comparing `String`s whenever the text looked up is not ASCII (`Step.nonASCII`). Keys that are
/// not ASCII are left to that fallback; one that could equal ASCII text all the same (the Kelvin
/// sign U+212A is "K") makes `mayEqualASCII` true, and its owner then always compares strings.
struct ByteTrie: Sendable {
    typealias Node = Int32

    /// What following a string's bytes gave.
    enum Step {
        /// The node the last byte led to.
        case node(Node)
        /// No key of the trie starts this way (and the text was ASCII).
        case dead
        /// The text was not ASCII: ask the strings.
        case nonASCII
    }

    static let root: Node = 0

    /// Per node: the index of the value of the key ending there, or -1.
    private(set) var values: [Int32] = [-1]
    /// Per node: whether the caller marked it (a phrase's first word ends there, say).
    private(set) var marks: [Bool] = [false]
    /// Whether every key added, ASCII or not, was ASCII. Then a walk that dies on ASCII bytes
    /// is a miss whatever follows; otherwise the rest of the text must be checked for non-ASCII.
    private(set) var hasOnlyASCIIKeys = true
    /// Whether some key given was not ASCII yet may be canonically equivalent to ASCII text.
    private(set) var mayEqualASCII = false

    /// The first bytes of the keys, as a bitmap kept in the struct itself: most lookups end at
    /// the first byte, and this says so without touching `edges`.
    private var rootBytes: (low: UInt64, high: UInt64) = (0, 0)
    /// Edges, open addressing with linear probing: `(parent << 8 | byte) << 32 | child`.
    private var edges = [UInt64](repeating: ByteTrie.empty, count: 16)
    private var edgeCount = 0
    /// 64 minus log2 of `edges.count`: a multiplicative hash keeps the top bits.
    private var shift: UInt64 = 60
    private static let empty = UInt64.max
    /// Node numbers must fit in 24 bits to share an edge key with a byte.
    private static let maxNodes = 1 << 24

    /// The child of `node` by `byte`, if there is one.
    @inline(__always)
    func child(_ node: Node, _ byte: UInt8) -> Node? {
        let key = UInt64(UInt32(bitPattern: node)) << 8 | UInt64(byte)
        let mask = edges.count - 1
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while true {
            let entry = edges[slot]
            if entry == ByteTrie.empty { return nil }
            if entry >> 32 == key { return Node(truncatingIfNeeded: entry & 0xFFFF_FFFF) }
            slot = (slot + 1) & mask
        }
    }

    /// Follows the bytes of `text` from `node`.
    func follow(_ text: String, from node: Node) -> Step {
        var node = node
        var bytes = text.utf8.makeIterator()
        while let byte = bytes.next() {
            guard byte < 0x80 else { return .nonASCII }
            // NB: no edge leads back to the root, so only the first byte can be looked up there.
            guard node != ByteTrie.root || isRootByte(byte), let next = child(node, byte) else {
                if !hasOnlyASCIIKeys {
                    while let rest = bytes.next() {
                        if rest >= 0x80 { return .nonASCII }
                    }
                }
                return .dead
            }
            node = next
        }
        return .node(node)
    }

    /// Adds `key` and returns the node it ends at; nil when it is not ASCII (the flags say
    /// whether the caller must then compare strings) or the trie is full.
    mutating func insert(_ key: String) -> Node? {
        guard key.utf8.allSatisfy({ $0 < 0x80 }) else {
            hasOnlyASCIIKeys = false
            if ByteTrie.mayEqualASCII(key) { mayEqualASCII = true }
            return nil
        }
        var node = ByteTrie.root
        for byte in key.utf8 {
            if let next = child(node, byte) {
                node = next
                continue
            }
            guard values.count < ByteTrie.maxNodes else {
                // NB: never with real data (16 million nodes); strings still answer correctly.
                mayEqualASCII = true
                return nil
            }
            let next = Node(values.count)
            values.append(-1)
            marks.append(false)
            addEdge(UInt64(UInt32(bitPattern: node)) << 8 | UInt64(byte), to: next)
            if node == ByteTrie.root {
                if byte < 64 { rootBytes.low |= 1 << UInt64(byte) } else { rootBytes.high |= 1 << UInt64(byte - 64) }
            }
            node = next
        }
        return node
    }

    @inline(__always)
    private func isRootByte(_ byte: UInt8) -> Bool {
        byte < 64 ? rootBytes.low & (1 << UInt64(byte)) != 0 : rootBytes.high & (1 << UInt64(byte - 64)) != 0
    }

    mutating func setValue(_ index: Int, at node: Node) {
        if values[Int(node)] < 0 { values[Int(node)] = Int32(index) }
    }

    mutating func mark(_ node: Node) { marks[Int(node)] = true }

    private mutating func addEdge(_ key: UInt64, to child: Node) {
        if (edgeCount + 1) * 2 > edges.count { grow() }
        let mask = edges.count - 1
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while edges[slot] != ByteTrie.empty { slot = (slot + 1) & mask }
        edges[slot] = key << 32 | UInt64(UInt32(bitPattern: child))
        edgeCount += 1
    }

    private mutating func grow() {
        let old = edges
        edges = [UInt64](repeating: ByteTrie.empty, count: old.count * 2)
        shift -= 1
        edgeCount = 0
        for entry in old where entry != ByteTrie.empty {
            addEdge(entry >> 32, to: Node(truncatingIfNeeded: entry & 0xFFFF_FFFF))
        }
    }

    /// Whether a string that is not ASCII could still equal (canonically) an ASCII one: only
    /// when some scalar of it decomposes to an ASCII character, as U+212A KELVIN SIGN does to "K".
    /// Such a scalar is a singleton decomposition, and singletons are all full composition
    /// exclusions, so only those few are compared with each ASCII character.
    static func mayEqualASCII(_ key: String) -> Bool {
        key.unicodeScalars.contains { scalar in
            !scalar.isASCII && scalar.properties.isFullCompositionExclusion
                && (0..<0x80).contains { String(scalar) == String(Unicode.Scalar(UInt8($0))) }
        }
    }
}

/// A set of strings (loose keys, currency codes), asked with a `ByteTrie` when it can answer
/// exactly, else with the `Set`.
struct StringSet: Sendable {
    let keys: Set<String>
    private var trie = ByteTrie()

    init(_ keys: Set<String>) {
        self.keys = keys
        for key in keys {
            if let node = trie.insert(key) { trie.mark(node) }
        }
    }

    func contains(_ key: String) -> Bool {
        if !trie.mayEqualASCII {
            switch trie.follow(key, from: ByteTrie.root) {
            case .node(let node): return trie.marks[Int(node)]
            case .dead: return false
            case .nonASCII: break
            }
        }
        return keys.contains(key)
    }
}

/// Strings (loose keys) mapped to small sets of flags, asked with a `ByteTrie` when it can
/// answer exactly, else with the dictionary; a string not in the map has no flags.
struct StringFlags: Sendable {
    let flags: [String: UInt32]
    private var trie = ByteTrie()

    init(_ flags: [String: UInt32]) {
        self.flags = flags
        for (key, value) in flags {
            if let node = trie.insert(key) { trie.setValue(Int(value), at: node) }
        }
    }

    func flags(of key: String) -> UInt32 {
        if !trie.mayEqualASCII {
            switch trie.follow(key, from: ByteTrie.root) {
            case .node(let node): return UInt32(truncatingIfNeeded: max(trie.values[Int(node)], 0))
            case .dead: return 0
            case .nonASCII: break
            }
        }
        return flags[key] ?? 0
    }
}

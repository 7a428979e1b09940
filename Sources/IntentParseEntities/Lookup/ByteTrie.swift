import IntentParseNormalization

/// A trie over the bytes of plain strings (ASCII, and the common Han ideographs of Chinese), for
/// looking loose keys up without hashing whole strings: one multiply and a probe or two per
/// byte, and most lookups stop at the first byte.
///
/// NB: `String` equality is Unicode canonical equivalence; byte equality is not. The two agree
/// when both sides are plain: ASCII characters and the unified ideographs U+3400–U+4DBF and
/// U+4E00–U+9FFF have no decomposition and none composes with another, so a string of them is
/// its own normal form, and so is any concatenation of such strings. The trie holds plain keys only, and
/// its owners fall back to comparing `String`s whenever the text looked up is not plain
/// (`Step.notPlain`). Keys that are not plain are left to that fallback; one that could equal
/// plain text all the same (the Kelvin sign U+212A is "K", the compatibility ideograph U+F900 is
/// U+8C48) makes `mayEqualPlain` true, and its owner then always compares strings.
struct ByteTrie: Sendable {
    typealias Node = Int32

    /// What following a string's bytes gave.
    enum Step {
        /// The node the last byte led to.
        case node(Node)
        /// No key of the trie starts this way (and the text was plain).
        case dead
        /// The text was not plain: ask the strings.
        case notPlain
    }

    static let root: Node = 0

    /// Per node: the index of the value of the key ending there, or -1.
    private(set) var values: [Int32] = [-1]
    /// Per node: whether the caller marked it (a phrase's first word ends there, say).
    private(set) var marks: [Bool] = [false]
    /// Whether every key added, plain or not, was plain. Then a walk that dies on plain text is
    /// a miss whatever follows; otherwise the rest of the text must be checked.
    private(set) var hasOnlyPlainKeys = true
    /// Whether some key given was not plain yet may be canonically equivalent to plain text.
    private(set) var mayEqualPlain = false

    /// The first bytes of the keys, as a bitmap kept in the struct itself: most lookups end at
    /// the first byte, and this says so without touching `edges`.
    private var rootBytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
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
        if let step = text.utf8.withContiguousStorageIfAvailable({ follow($0, from: node) }) { return step }
        var copy = text
        return copy.withUTF8 { follow($0, from: node) }
    }

    private func follow(_ bytes: UnsafeBufferPointer<UInt8>, from node: Node) -> Step {
        var node = node
        var index = 0
        while index < bytes.count {
            // A whole character is checked before any of its bytes is followed: a walk that dies
            // inside a character that is not plain must not be called a miss.
            let width = ByteTrie.plainWidth(bytes, at: index)
            guard width > 0 else { return .notPlain }
            for offset in index..<(index + width) {
                let byte = bytes[offset]
                // NB: no edge leads back to the root, so only the first byte can be looked up there.
                guard node != ByteTrie.root || isRootByte(byte), let next = child(node, byte) else {
                    if !hasOnlyPlainKeys && !ByteTrie.isPlain(bytes, from: index + width) { return .notPlain }
                    return .dead
                }
                node = next
            }
            index += width
        }
        return .node(node)
    }

    /// The length in bytes of the plain character at `index` of valid UTF-8, or 0 when the
    /// character there is not plain.
    @inline(__always)
    private static func plainWidth(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        // The plain ideographs are all three bytes long, with lead bytes E3 to E9.
        guard lead >= 0xE3, lead <= 0xE9, index + 2 < bytes.count else { return 0 }
        let scalar = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        return isPlain(scalar) ? 3 : 0
    }

    /// Whether the characters of valid UTF-8 from `index` on are all plain.
    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Bool {
        var index = index
        while index < bytes.count {
            let width = plainWidth(bytes, at: index)
            guard width > 0 else { return false }
            index += width
        }
        return true
    }

    /// Whether a scalar is plain: ASCII, or a unified Han ideograph of the Basic Multilingual Plane.
    static func isPlain(_ scalar: UInt32) -> Bool {
        scalar < 0x80 || (0x3400...0x4DBF).contains(scalar) || (0x4E00...0x9FFF).contains(scalar)
    }

    /// Whether every character of `text` is plain.
    static func isPlain(_ text: String) -> Bool { text.unicodeScalars.allSatisfy { isPlain($0.value) } }

    /// Adds `key` and returns the node it ends at; nil when it is not plain (the flags say
    /// whether the caller must then compare strings) or the trie is full.
    mutating func insert(_ key: String) -> Node? {
        guard ByteTrie.isPlain(key) else {
            hasOnlyPlainKeys = false
            if ByteTrie.mayEqualPlain(key) { mayEqualPlain = true }
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
                mayEqualPlain = true
                return nil
            }
            let next = Node(values.count)
            values.append(-1)
            marks.append(false)
            addEdge(UInt64(UInt32(bitPattern: node)) << 8 | UInt64(byte), to: next)
            if node == ByteTrie.root {
                switch byte >> 6 {
                case 0: rootBytes.0 |= 1 << UInt64(byte & 63)
                case 1: rootBytes.1 |= 1 << UInt64(byte & 63)
                case 2: rootBytes.2 |= 1 << UInt64(byte & 63)
                default: rootBytes.3 |= 1 << UInt64(byte & 63)
                }
            }
            node = next
        }
        return node
    }

    @inline(__always)
    private func isRootByte(_ byte: UInt8) -> Bool {
        let word: UInt64
        switch byte >> 6 {
        case 0: word = rootBytes.0
        case 1: word = rootBytes.1
        case 2: word = rootBytes.2
        default: word = rootBytes.3
        }
        return word & (1 << UInt64(byte & 63)) != 0
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

    /// Whether a string that is not plain could still equal (canonically) a plain one: only
    /// when some scalar of it decomposes to a plain character, as U+212A KELVIN SIGN does to "K"
    /// and the CJK compatibility ideographs do to unified ones. (No canonical decomposition of
    /// two or more characters is all plain: the second is a combining mark or a Hangul jamo.)
    /// Such a scalar is a singleton decomposition, and singletons are all full composition
    /// exclusions, so only those few are compared with each ASCII character; a compatibility
    /// ideograph is taken to equal some ideograph without asking which.
    static func mayEqualPlain(_ key: String) -> Bool {
        key.unicodeScalars.contains { scalar in
            guard !isPlain(scalar.value), scalar.properties.isFullCompositionExclusion else { return false }
            return ByteTrie.isCompatibilityIdeograph(scalar.value)
                || (0..<0x80).contains { String(scalar) == String(Unicode.Scalar(UInt8($0))) }
        }
    }

    /// The blocks of CJK compatibility ideographs (most of which decompose to a unified one).
    private static func isCompatibilityIdeograph(_ scalar: UInt32) -> Bool {
        (0xF900...0xFAFF).contains(scalar) || (0x2F800...0x2FA1F).contains(scalar)
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
        if !trie.mayEqualPlain {
            switch trie.follow(key, from: ByteTrie.root) {
            case .node(let node): return trie.marks[Int(node)]
            case .dead: return false
            case .notPlain: break
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
        if !trie.mayEqualPlain {
            switch trie.follow(key, from: ByteTrie.root) {
            case .node(let node): return UInt32(truncatingIfNeeded: max(trie.values[Int(node)], 0))
            case .dead: return 0
            case .notPlain: break
            }
        }
        return flags[key] ?? 0
    }
}

import IntentParseBase
import IntentParseNormalization

/// Every phrase set's tries and the skip words, frozen after compilation into flat memory
/// that never moves, and walked over an utterance's key bytes (`TokenKeys`).
///
/// NB: the matcher walks these at most positions of every utterance. Walking the nested
/// `PhraseTrie` arrays retained and released at each node, and reading a `PhraseSet` out of
/// the grammar copied it; a walk here touches plain pointers only, and a hit names its values
/// by their place in the frozen memory, so nothing is copied until a capture is interpreted.
struct FrozenPhrases: Sendable {
    private let storage: Storage

    /// No phrases at all.
    init() { self.init(sets: [], skipWords: PhraseTrie()) }

    init(sets: [PhraseSet], skipWords: PhraseTrie) {
        // Sized first and written in place: with 100,000 contacts the tries have millions of
        // nodes, and growing arrays, then copying them into fixed memory, cost a third of a second.
        var tries: [PhraseTrie] = [skipWords]
        for set in sets { tries += [set.exact, set.sound, set.partial] }
        var flat = FlatTrie(sizes: tries.map(\.sizes))
        let skipRoot = skipWords.isEmpty ? FrozenPhrases.none : skipWords.freeze(into: &flat)
        var exactRoots: [Int32] = [], soundRoots: [Int32] = [], partialRoots: [Int32] = []
        for set in sets {
            exactRoots.append(set.exact.isEmpty ? FrozenPhrases.none : set.exact.freeze(into: &flat))
            soundRoots.append(set.usesSound && !set.sound.isEmpty ? set.sound.freeze(into: &flat) : FrozenPhrases.none)
            partialRoots.append(set.partial.isEmpty ? FrozenPhrases.none : set.partial.freeze(into: &flat))
        }
        storage = Storage(flat: flat, exactRoots: exactRoots, soundRoots: soundRoots, partialRoots: partialRoots, skipRoot: skipRoot)
    }

    /// The tries of `write(to:)`'s bytes (the compiled-grammar cache).
    ///
    /// NB: everything is read before any memory is allocated: a throw after the allocation
    /// would leave memory that nothing owns.
    init(from reader: BinaryReader) throws {
        let nodes = try reader.plain(Node.self), childBytes = try reader.plain(UInt8.self)
        let childTargets = try reader.plain(Int32.self), values = try reader.plain(Int32.self)
        let exactRoots = try reader.plain(Int32.self), soundRoots = try reader.plain(Int32.self), partialRoots = try reader.plain(Int32.self)
        let skipRoot = try reader.int32()
        guard childBytes.count == childTargets.count, soundRoots.count == exactRoots.count, partialRoots.count == exactRoots.count else {
            throw reader.damaged("inconsistent phrase tries")
        }
        var flat = FlatTrie(sizes: [PhraseTrie.Sizes(nodes: nodes.count, children: childBytes.count, values: values.count)])
        _ = flat.nodes.initialize(from: nodes)
        _ = flat.childBytes.initialize(from: childBytes)
        _ = flat.childTargets.initialize(from: childTargets)
        _ = flat.values.initialize(from: values)
        flat.counts = (nodes.count, childBytes.count, values.count)
        storage = Storage(flat: flat, exactRoots: exactRoots, soundRoots: soundRoots, partialRoots: partialRoots, skipRoot: skipRoot)
    }

    func write(to writer: BinaryWriter) {
        let view = storage.view, counts = storage.counts
        writer.writePlain(UnsafeBufferPointer(start: view.nodes, count: counts.nodes))
        writer.writePlain(UnsafeBufferPointer(start: view.childBytes, count: counts.children))
        writer.writePlain(UnsafeBufferPointer(start: view.childTargets, count: counts.children))
        writer.writePlain(UnsafeBufferPointer(start: view.values, count: counts.values))
        writer.writePlain(UnsafeBufferPointer(start: view.exactRoots, count: counts.sets))
        writer.writePlain(UnsafeBufferPointer(start: view.soundRoots, count: counts.sets))
        writer.writePlain(UnsafeBufferPointer(start: view.partialRoots, count: counts.sets))
        writer.write(view.skipRoot)
    }

    /// The root of an empty trie.
    static let none: Int32 = -1

    var view: View { storage.view }

    /// The phrases of set `set` starting at token `start` of the text `keys` holds, as the
    /// matcher finds them: (token after the phrase, values, how it matched). For compiling
    /// and tests; matching walks `view` with the utterance's keys and keeps its hits.
    func matches(set: Int32, keys: TokenKeys, from start: Int) -> [(end: Int, values: [Int32], match: PhraseHit.Match)] {
        var hits: [PhraseHit] = []
        return withExtendedLifetime(keys) {
            let view = storage.view
            view.appendMatches(set: set, keys: keys.view, from: start, to: &hits)
            return hits.map { (Int($0.end), view.values($0.valueStart, $0.valueCount), $0.match) }
        }
    }

    /// How many phrase sets there are.
    var setCount: Int { storage.counts.sets }

    /// A node: its children are `childBytes/childTargets[childStart..<childStart + childCount]`,
    /// sorted by byte; its values are `values[valueStart..<valueStart + valueCount]`.
    struct Node {
        var childStart: Int32
        var childCount: Int32
        var valueStart: Int32
        var valueCount: Int32
    }

    /// The frozen tries while they are written: memory sized for every trie, filled in order.
    struct FlatTrie {
        let nodes: UnsafeMutableBufferPointer<Node>
        let childBytes: UnsafeMutableBufferPointer<UInt8>
        let childTargets: UnsafeMutableBufferPointer<Int32>
        let values: UnsafeMutableBufferPointer<Int32>
        private(set) var nodeCount = 0, childCount = 0, valueCount = 0

        /// How much of the memory is written.
        var counts: (nodes: Int, children: Int, values: Int) {
            get { (nodeCount, childCount, valueCount) }
            set { (nodeCount, childCount, valueCount) = newValue }
        }

        /// Room for tries of these sizes (at least one element of each, so every base exists).
        init(sizes: [PhraseTrie.Sizes]) {
            nodes = .allocate(capacity: max(1, sizes.reduce(0) { $0 + $1.nodes }))
            childBytes = .allocate(capacity: max(1, sizes.reduce(0) { $0 + $1.children }))
            childTargets = .allocate(capacity: childBytes.count)
            values = .allocate(capacity: max(1, sizes.reduce(0) { $0 + $1.values }))
        }

        /// Appends a node with its children (sorted by byte, targets already offset) and values.
        mutating func append(children: [(byte: UInt8, node: Int32)], offset: Int32, values nodeValues: [Int32]) {
            precondition(
                nodeCount < nodes.count && childCount + children.count <= childBytes.count
                    && valueCount + nodeValues.count <= values.count, "trie sizes were counted before writing")
            nodes[nodeCount] = Node(
                childStart: Int32(childCount), childCount: Int32(children.count),
                valueStart: Int32(valueCount), valueCount: Int32(nodeValues.count))
            nodeCount += 1
            for child in children {
                childBytes[childCount] = child.byte
                childTargets[childCount] = offset + child.node
                childCount += 1
            }
            for value in nodeValues {
                values[valueCount] = value
                valueCount += 1
            }
        }
    }

    /// Plain pointers into the frozen memory, valid while the compiled grammar lives.
    struct View {
        let nodes: UnsafePointer<Node>
        let childBytes: UnsafePointer<UInt8>
        let childTargets: UnsafePointer<Int32>
        let values: UnsafePointer<Int32>
        /// Per phrase set, the root of its exact, its sounds-like and its partial trie (or `none`).
        let exactRoots: UnsafePointer<Int32>
        let soundRoots: UnsafePointer<Int32>
        let partialRoots: UnsafePointer<Int32>
        let skipRoot: Int32

        /// The values `start..<start + count`, as an array.
        func values(_ start: Int32, _ count: Int32) -> [Int32] {
            Array(UnsafeBufferPointer(start: values + Int(start), count: Int(count)))
        }

        /// Appends the phrases of set `set` starting at token `start`: the exact ones, shortest
        /// first, then the sounds-like ones that end where no exact one does, then the parts of
        /// terms that end where neither does.
        func appendMatches(set: Int32, keys: TokenKeys.View, from start: Int, to hits: inout [PhraseHit]) {
            let first = hits.count
            let exact = exactRoots[Int(set)]
            if exact != FrozenPhrases.none {
                walk(exact, keys, from: start, sound: false) { end, node in
                    hits.append(PhraseHit(end: Int32(end), valueStart: node.valueStart, valueCount: node.valueCount, match: .exact))
                }
            }
            let sound = soundRoots[Int(set)]
            if sound != FrozenPhrases.none {
                let exactEnd = hits.count
                walk(sound, keys, from: start, sound: true) { end, node in
                    for index in first..<exactEnd where hits[index].end == Int32(end) { return }
                    hits.append(PhraseHit(end: Int32(end), valueStart: node.valueStart, valueCount: node.valueCount, match: .sound))
                }
            }
            let partial = partialRoots[Int(set)]
            guard partial != FrozenPhrases.none else { return }
            let wholeEnd = hits.count
            walk(partial, keys, from: start, sound: false) { end, node in
                for index in first..<wholeEnd where hits[index].end == Int32(end) { return }
                hits.append(PhraseHit(end: Int32(end), valueStart: node.valueStart, valueCount: node.valueCount, match: .partial))
            }
        }

        /// Whether a phrase of set `set` may start at token `start` (a word): the token's key
        /// leads somewhere in one of the set's tries, as it must for `appendMatches` to find
        /// anything there. A necessary test, not a sufficient one, and it makes no hits.
        func mayStart(set: Int32, keys: TokenKeys.View, at start: Int) -> Bool {
            let exact = exactRoots[Int(set)], sound = soundRoots[Int(set)], partial = partialRoots[Int(set)]
            return (exact != FrozenPhrases.none && leads(exact, keys.loose(start)))
                || (sound != FrozenPhrases.none && leads(sound, keys.sound(start)))
                || (partial != FrozenPhrases.none && leads(partial, keys.loose(start)))
        }

        /// Whether `bytes` are a path from `root`.
        private func leads(_ root: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var current = root
            for byte in bytes {
                guard let next = child(current, byte) else { return false }
                current = next
            }
            return true
        }

        /// Appends the end of every skip phrase starting at token `start`.
        func appendSkipEnds(_ keys: TokenKeys.View, from start: Int, to ends: inout [Int32]) {
            guard skipRoot != FrozenPhrases.none else { return }
            walk(skipRoot, keys, from: start, sound: false) { end, _ in ends.append(Int32(end)) }
        }

        /// Walks the trie at `root` with the run-together keys of the tokens from `start` on
        /// (punctuation skipped), calling `visit` with (token after the phrase, node) wherever a
        /// phrase ends at a token boundary. Sounds-like keys collapse a letter repeated across a
        /// boundary ("Anna Ames" ~ "annames"), as `SoundsLike.joining` does when indexing.
        @inline(__always)
        private func walk(_ root: Int32, _ keys: TokenKeys.View, from start: Int, sound: Bool, _ visit: (Int, Node) -> Void) {
            guard start < keys.count, !keys.isPunctuation[start] else { return }
            var current = root
            var lastByte: Int = -1
            var index = start
            while index < keys.count {
                let token = index
                index += 1
                if keys.isPunctuation[token] { continue }
                let bytes = sound ? keys.sound(token) : keys.loose(token)
                var first = true
                for byte in bytes {
                    defer { first = false; lastByte = Int(byte) }
                    if first, sound, Int(byte) == lastByte { continue }
                    guard let next = child(current, byte) else { return }
                    current = next
                }
                let node = nodes[Int(current)]
                if node.valueCount > 0 { visit(index, node) }
                if node.childCount == 0 { return }
            }
        }

        @inline(__always)
        private func child(_ node: Int32, _ byte: UInt8) -> Int32? {
            let start = Int(nodes[Int(node)].childStart)
            let count = Int(nodes[Int(node)].childCount)
            if count <= 8 {
                for index in start..<start + count where childBytes[index] == byte { return childTargets[index] }
                return nil
            }
            var low = start, high = start + count
            while low < high {
                let middle = (low + high) / 2
                if childBytes[middle] < byte { low = middle + 1 } else { high = middle }
            }
            return low < start + count && childBytes[low] == byte ? childTargets[low] : nil
        }
    }

    /// Immutable memory that never moves, owned by the compiled grammar: what `view` points to.
    private final class Storage: @unchecked Sendable {
        let view: View
        /// How many nodes, children and values the memory holds, and how many phrase sets.
        let counts: (nodes: Int, children: Int, values: Int, sets: Int)

        /// Takes ownership of `flat`'s memory.
        init(flat: FlatTrie, exactRoots: [Int32], soundRoots: [Int32], partialRoots: [Int32], skipRoot: Int32) {
            counts = (flat.counts.nodes, flat.counts.children, flat.counts.values, exactRoots.count)
            view = View(
                nodes: UnsafePointer(flat.nodes.baseAddress!), childBytes: UnsafePointer(flat.childBytes.baseAddress!),
                childTargets: UnsafePointer(flat.childTargets.baseAddress!), values: UnsafePointer(flat.values.baseAddress!),
                exactRoots: UnsafePointer(UnsafeMutableBufferPointer.copy(exactRoots).baseAddress!),
                soundRoots: UnsafePointer(UnsafeMutableBufferPointer.copy(soundRoots).baseAddress!),
                partialRoots: UnsafePointer(UnsafeMutableBufferPointer.copy(partialRoots).baseAddress!),
                skipRoot: skipRoot)
        }

        deinit {
            UnsafeMutablePointer(mutating: view.nodes).deallocate()
            UnsafeMutablePointer(mutating: view.childBytes).deallocate()
            UnsafeMutablePointer(mutating: view.childTargets).deallocate()
            UnsafeMutablePointer(mutating: view.values).deallocate()
            UnsafeMutablePointer(mutating: view.exactRoots).deallocate()
            UnsafeMutablePointer(mutating: view.soundRoots).deallocate()
            UnsafeMutablePointer(mutating: view.partialRoots).deallocate()
        }
    }
}

extension UnsafeMutableBufferPointer {
    /// A copy in fresh memory of at least one element, so the base address exists (used for
    /// trivial element types only: an uninitialized spare needs no deinitialization).
    static func copy(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: Swift.max(1, array.count))
        _ = buffer.initialize(from: array)
        return buffer
    }
}

/// For the phrase sets that templates require (`CompiledGrammar.phraseSetKey`), which interned
/// keys may start one of their phrases (`FrozenPhrases.View.mayStart`), worked out once: most
/// words of an utterance are the grammar's own, and a bit answers for them without a walk.
struct PhraseStartKeys: Sendable {
    /// Per phrase set, where its bits start in `bits` (one per key below `keyCount`), or -1.
    private var offsets: [Int32] = []
    private var bits: [UInt64] = []
    private var keyCount = 0

    init() {}

    /// The bits of `sets` for every key of `keys`.
    init(sets: [Int32], setCount: Int, keys: KeyTable, phrases: FrozenPhrases) {
        keyCount = keys.count
        offsets = [Int32](repeating: -1, count: setCount)
        let tokenKeys = TokenKeys()
        tokenKeys.fill(keys.keys.map { Token(range: 0..<0, text: $0, key: $0, looseKey: $0, kind: .word) })
        let view = tokenKeys.view, tries = phrases.view
        let words = (keyCount + 63) / 64
        for set in sets {
            offsets[Int(set)] = Int32(bits.count)
            var setBits = [UInt64](repeating: 0, count: words)
            for key in 0..<keyCount where tries.mayStart(set: set, keys: view, at: key) { setBits[key >> 6] |= 1 << UInt64(key & 63) }
            bits += setBits
        }
    }

    /// The bits of `write(to:)`'s bytes (the compiled-grammar cache).
    init(from reader: BinaryReader) throws {
        offsets = try reader.plain()
        bits = try reader.plain()
        keyCount = try reader.int()
        let words = (keyCount + 63) / 64
        guard keyCount >= 0, offsets.allSatisfy({ $0 == -1 || ($0 >= 0 && Int($0) + words <= bits.count) }) else {
            throw reader.damaged("inconsistent phrase start bits")
        }
    }

    func write(to writer: BinaryWriter) {
        writer.writePlain(offsets)
        writer.writePlain(bits)
        writer.write(keyCount)
    }

    /// Whether a phrase of `set` may start at a token whose key is `key`; nil when unknown (a
    /// key not interned, or a set not worked out): the token's bytes must say.
    @inline(__always)
    func mayStart(set: Int32, key: Int32) -> Bool? {
        let offset = offsets.isEmpty ? -1 : Int(offsets[Int(set)])
        guard offset >= 0, key >= 0, Int(key) < keyCount else { return nil }
        return bits[offset + Int(key) >> 6] & (1 << UInt64(key & 63)) != 0
    }
}

/// An utterance's token keys as bytes, for walking `FrozenPhrases`: per token its loose key
/// and its sounds-like key, and whether it is punctuation.
///
/// NB: raw memory owned by the match scratch and reused from one utterance to the next.
final class TokenKeys {
    private var bytes: UnsafeMutablePointer<UInt8>
    private var byteCapacity = 256
    /// Token t's loose key is `bytes[offsets[2t]..<offsets[2t + 1]]`, its sound key runs on to
    /// `offsets[2t + 2]`.
    private var offsets: UnsafeMutablePointer<Int32>
    private var punctuation: UnsafeMutablePointer<Bool>
    private var tokenCapacity = 64
    private(set) var count = 0

    init() {
        bytes = .allocate(capacity: byteCapacity)
        offsets = .allocate(capacity: 2 * tokenCapacity + 1)
        punctuation = .allocate(capacity: tokenCapacity)
    }

    deinit {
        bytes.deallocate()
        offsets.deallocate()
        punctuation.deallocate()
    }

    /// Replaces the keys with those of `tokens`.
    func fill(_ tokens: [Token]) {
        if tokens.count > tokenCapacity {
            tokenCapacity = Swift.max(tokens.count, tokenCapacity * 2)
            offsets.deallocate()
            punctuation.deallocate()
            offsets = .allocate(capacity: 2 * tokenCapacity + 1)
            punctuation = .allocate(capacity: tokenCapacity)
        }
        count = tokens.count
        var used = 0
        offsets[0] = 0
        // NB: by index, so that no token is copied (its strings retained and released); the
        // sound key is written from the loose key's bytes, never made a string.
        for index in tokens.indices {
            punctuation[index] = tokens[index].isPunctuation
            append(tokens[index].looseKey, &used)
            offsets[2 * index + 1] = Int32(used)
            let looseStart = Int(offsets[2 * index]), looseCount = used - looseStart
            reserve(used + 2 * looseCount, keeping: used)
            let loose = UnsafeBufferPointer(start: bytes + looseStart, count: looseCount)
            if let written = SoundsLike.write(loose, to: bytes + used) {
                used += written
            } else {
                (bytes + used).update(from: bytes + looseStart, count: looseCount)
                used += looseCount
            }
            offsets[2 * index + 2] = Int32(used)
        }
    }

    /// Room for `needed` bytes, the first `used` kept.
    private func reserve(_ needed: Int, keeping used: Int) {
        guard needed > byteCapacity else { return }
        byteCapacity = Swift.max(needed, byteCapacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: byteCapacity)
        grown.update(from: bytes, count: used)
        bytes.deallocate()
        bytes = grown
    }

    private func append(_ key: String, _ used: inout Int) {
        if key.utf8.withContiguousStorageIfAvailable({ append($0, &used) }) == nil {
            var copy = key
            copy.withUTF8 { append($0, &used) }
        }
    }

    private func append(_ utf8: UnsafeBufferPointer<UInt8>, _ used: inout Int) {
        reserve(used + utf8.count, keeping: used)
        if let base = utf8.baseAddress { (bytes + used).update(from: base, count: utf8.count) }
        used += utf8.count
    }

    var view: View { View(bytes: bytes, offsets: offsets, isPunctuation: punctuation, count: count) }

    /// Plain pointers into the keys, valid until the next `fill`.
    struct View {
        let bytes: UnsafePointer<UInt8>
        let offsets: UnsafePointer<Int32>
        let isPunctuation: UnsafePointer<Bool>
        let count: Int

        init(bytes: UnsafeMutablePointer<UInt8>, offsets: UnsafeMutablePointer<Int32>, isPunctuation: UnsafeMutablePointer<Bool>, count: Int) {
            self.bytes = UnsafePointer(bytes)
            self.offsets = UnsafePointer(offsets)
            self.isPunctuation = UnsafePointer(isPunctuation)
            self.count = count
        }

        @inline(__always) func loose(_ token: Int) -> UnsafeBufferPointer<UInt8> { span(2 * token) }
        @inline(__always) func sound(_ token: Int) -> UnsafeBufferPointer<UInt8> { span(2 * token + 1) }

        @inline(__always) private func span(_ slot: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: bytes + Int(offsets[slot]), count: Int(offsets[slot + 1] - offsets[slot]))
        }
    }
}

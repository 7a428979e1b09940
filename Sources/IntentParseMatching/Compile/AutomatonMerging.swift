/// Left factoring on the compiled graph: nodes that are reached alike become one.
///
/// Alternatives that start alike ("(<from> <to>|<from>)", "({place} <loc> çekilen|{place} <abl>)",
/// "[<some>] {name} …|[<some>] {kind} …") compile to copies of the same words, phrases and
/// wildcard loops, and a run would follow every copy, each holding the same thread. Two nodes
/// whose incoming edges are the same (same kinds, from the same nodes) and that drop skip words
/// alike hold the same thread at every position, so one node with all their outgoing edges does
/// their work. A loop (a multi-valued slot's items) is merged whole with a loop compiled alike.
///
/// NB: one pass in topological order over the graph's strongly connected components (Tarjan),
/// so a node's sources are settled before it; signatures are hashed and compared as flat Int32
/// runs, so the pass costs a few instructions per edge.
extension AutomatonDraft {
    /// The draft without its pass-through nodes (see `FrozenAutomaton.passThroughTargets`):
    /// edges into one go straight on to where it leads. `roots` are kept whatever they are.
    /// Returns the draft and each node's number in it (-1 if dropped).
    func bypassingPassThroughNodes(roots: [Int32]) -> (draft: AutomatonDraft, numbers: [Int32]) {
        let count = allowsSkip.count
        let forward = FrozenAutomaton.passThroughTargets(self)
        var isKept = (0..<count).map { forward[$0] == Int32($0) }
        for root in roots where root >= 0 && Int(root) < count { isKept[Int(root)] = true }
        var numbers = [Int32](repeating: -1, count: count)
        var compact = AutomatonDraft()
        for node in 0..<count where isKept[node] { numbers[node] = compact.newNode(allowsSkip: allowsSkip[node]) }
        for (from, edge) in edges where isKept[Int(from)] {
            compact.add(Edge(kind: edge.kind, target: numbers[Int(forward[Int(edge.target)])]), from: numbers[Int(from)])
        }
        return (compact, numbers)
    }

    /// The merged draft, and each node's number in it.
    func mergingEquivalentNodes() -> (draft: AutomatonDraft, numbers: [Int32]) {
        let count = allowsSkip.count
        guard count > 0 else { return (self, []) }
        let targets = edges.map(\.edge.target)
        let incoming = EdgeRows(keys: targets, count: count)
        let outgoing = EdgeRows(keys: edges.map(\.from), count: count)
        let order = TopologicalComponents(targets: targets, count: count, outgoing: outgoing)

        var representative = Array(0..<Int32(count))
        var place = [Int32](repeating: 0, count: count)
        var table = SignatureTable(expected: order.count)
        var entries: [SignatureEntry] = []
        for component in 0..<order.count {
            let members = order.range(component)
            for position in members { place[order.node(at: position)] = Int32(position - members.lowerBound) }
            entries.removeAll(keepingCapacity: true)
            var entered = false
            for position in members {
                let node = order.node(at: position)
                for row in incoming.range(of: node) {
                    let (from, edge) = edges[incoming.edge(at: row)]
                    let source = Int(from)
                    let inside = order.component(of: source) == component
                    entered = entered || !inside
                    entries.append(
                        SignatureEntry(
                            inside: inside, from: inside ? place[source] : representative[source],
                            to: place[node], kind: edge.kind.code))
                }
            }
            // Nothing enters a template's start: starts are never merged.
            guard entered else { continue }
            if entries.count > 1 { entries.sort() }
            table.start(UInt64(members.count))
            for position in members { table.add(allowsSkip[order.node(at: position)] ? 1 : 0) }
            for entry in entries { entry.add(to: &table) }
            if let twin = table.find() {
                let twinStart = order.range(twin).lowerBound
                for position in members {
                    representative[order.node(at: position)] = Int32(order.node(at: twinStart + position - members.lowerBound))
                }
            } else {
                table.insert(owner: component)
            }
        }
        guard representative.indices.contains(where: { representative[$0] != Int32($0) }) else {
            return (self, Array(0..<Int32(count)))
        }
        return rebuilt(representative: representative)
    }

    /// The draft with every node replaced by its representative; edges that now coincide
    /// (two merged nodes' like edges to one node) are kept once.
    private func rebuilt(representative: [Int32]) -> (draft: AutomatonDraft, numbers: [Int32]) {
        let count = allowsSkip.count
        var merged = AutomatonDraft()
        var numbers = [Int32](repeating: -1, count: count)
        var shared = [Bool](repeating: false, count: count)
        for node in 0..<count where representative[node] == Int32(node) {
            numbers[node] = merged.newNode(allowsSkip: allowsSkip[node])
        }
        for node in 0..<count where representative[node] != Int32(node) {
            numbers[node] = numbers[Int(representative[node])]
            shared[Int(representative[node])] = true
        }
        // Edges grouped by their new source, in edge order (as `FrozenAutomaton.freeze` reads them).
        let bySource = EdgeRows(keys: edges.map { numbers[Int($0.from)] }, count: merged.allowsSkip.count)
        var kept: [Edge] = []
        // The last source an edge was kept from into each node: only then can an edge coincide.
        var lastSource = [Int32](repeating: -1, count: merged.allowsSkip.count)
        for source in 0..<merged.allowsSkip.count {
            kept.removeAll(keepingCapacity: true)
            for row in bySource.range(of: source) {
                let (from, edge) = edges[bySource.edge(at: row)]
                let moved = Edge(kind: edge.kind, target: numbers[Int(edge.target)])
                let target = Int(moved.target)
                // Only an edge from or to a merged node can coincide with another.
                if lastSource[target] == Int32(source),
                    shared[Int(representative[Int(from)])] || shared[Int(representative[Int(edge.target)])],
                    kept.contains(where: { $0.target == moved.target && $0.kind == moved.kind })
                {
                    continue
                }
                lastSource[target] = Int32(source)
                kept.append(moved)
                merged.add(moved, from: Int32(source))
            }
        }
        return (merged, numbers)
    }
}

/// Edge indexes grouped by node (compressed rows), in edge order.
private struct EdgeRows {
    private var first: [Int]
    private var indexes: [Int]

    /// Edge `i` is grouped under node `keys[i]`.
    init(keys: [Int32], count: Int) {
        var first = [Int](repeating: 0, count: count + 1)
        var indexes = [Int](repeating: 0, count: keys.count)
        first.withUnsafeMutableBufferPointer { first in
            for key in keys { first[Int(key) + 1] += 1 }
            for index in 0..<count { first[index + 1] += first[index] }
            var filled = Array(first)
            indexes.withUnsafeMutableBufferPointer { indexes in
                for (index, key) in keys.enumerated() {
                    indexes[filled[Int(key)]] = index
                    filled[Int(key)] += 1
                }
            }
        }
        self.first = first
        self.indexes = indexes
    }

    /// Where `node`'s edges are among all of them, for `edge(at:)`.
    func range(of node: Int) -> Range<Int> { first[node]..<first[node + 1] }
    func edge(at position: Int) -> Int { indexes[position] }
}

/// The graph's strongly connected components (self-loops aside) in topological order: every
/// edge between two components goes to a later one. Members are listed in creation order.
private struct TopologicalComponents {
    private var nodes: [Int] = []
    private var firsts: [Int] = [0]
    private var componentOf: [Int32]

    var count: Int { firsts.count - 1 }

    /// Where a component's members are, for `node(at:)`.
    func range(_ component: Int) -> Range<Int> { firsts[component]..<firsts[component + 1] }
    func node(at position: Int) -> Int { nodes[position] }
    func component(of node: Int) -> Int { Int(componentOf[node]) }

    /// Tarjan's algorithm, iterative: it finds components sinks first, so they are numbered
    /// from the end.
    init(targets: [Int32], count: Int, outgoing: EdgeRows) {
        // Components as found, one after another: component k is `found[ends[k]..<ends[k + 1]]`.
        var found: [Int] = []
        var ends: [Int] = [0]
        found.reserveCapacity(count)
        let index = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
        let low = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
        let onStack = UnsafeMutableBufferPointer<Bool>.allocate(capacity: count)
        let stack = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
        let calls = UnsafeMutableBufferPointer<(node: Int, next: Int)>.allocate(capacity: count)
        defer {
            index.deallocate()
            low.deallocate()
            onStack.deallocate()
            stack.deallocate()
            calls.deallocate()
        }
        index.initialize(repeating: -1)
        onStack.initialize(repeating: false)
        var stackCount = 0, callCount = 0
        var nextIndex: Int32 = 0
        targets.withUnsafeBufferPointer { targets in
            for root in 0..<count where index[root] < 0 {
                var entering = root
                while true {
                    if entering >= 0 {
                        index[entering] = nextIndex
                        low[entering] = nextIndex
                        nextIndex += 1
                        stack[stackCount] = entering
                        stackCount += 1
                        onStack[entering] = true
                        calls[callCount] = (entering, outgoing.range(of: entering).lowerBound)
                        callCount += 1
                        entering = -1
                    }
                    guard callCount > 0 else { break }
                    let (node, next) = calls[callCount - 1]
                    if next < outgoing.range(of: node).upperBound {
                        calls[callCount - 1].next += 1
                        let target = Int(targets[outgoing.edge(at: next)])
                        if target == node { continue }
                        if index[target] < 0 {
                            entering = target
                        } else if onStack[target] {
                            low[node] = min(low[node], index[target])
                        }
                        continue
                    }
                    callCount -= 1
                    if callCount > 0 {
                        let parent = calls[callCount - 1].node
                        low[parent] = min(low[parent], low[node])
                    }
                    guard low[node] == index[node] else { continue }
                    while stackCount > 0 {
                        stackCount -= 1
                        let member = stack[stackCount]
                        onStack[member] = false
                        found.append(member)
                        if member == node { break }
                    }
                    ends.append(found.count)
                }
            }
        }
        componentOf = [Int32](repeating: 0, count: count)
        nodes.reserveCapacity(count)
        for component in stride(from: ends.count - 2, through: 0, by: -1) {
            let start = nodes.count
            nodes += found[ends[component]..<ends[component + 1]]
            if nodes.count - start > 1 { nodes[start...].sort() }
            for node in nodes[start...] { componentOf[node] = Int32(firsts.count - 1) }
            firsts.append(nodes.count)
        }
    }
}

/// One edge into a component: from outside (by the source's representative) or from inside
/// (by the source's place in the component), to a member (by its place).
private struct SignatureEntry: Comparable {
    var inside: Bool
    var from: Int32
    var to: Int32
    var kind: (Int32, Int32, Int32, Int32)

    static func < (a: SignatureEntry, b: SignatureEntry) -> Bool {
        if a.inside != b.inside { return !a.inside }
        if a.from != b.from { return a.from < b.from }
        if a.to != b.to { return a.to < b.to }
        return a.kind < b.kind
    }

    static func == (a: SignatureEntry, b: SignatureEntry) -> Bool {
        a.inside == b.inside && a.from == b.from && a.to == b.to && a.kind == b.kind
    }

    /// The entry as three numbers.
    func add(to table: inout SignatureTable) {
        table.add(UInt64(inside ? 1 : 0) | UInt64(UInt32(bitPattern: to)) << 1 | UInt64(UInt32(bitPattern: kind.0)) << 33)
        table.add(UInt64(UInt32(bitPattern: from)) | UInt64(UInt32(bitPattern: kind.1)) << 32)
        table.add(UInt64(UInt32(bitPattern: kind.2)) | UInt64(UInt32(bitPattern: kind.3)) << 32)
    }
}

/// Signatures seen so far (flat runs of numbers), each with the component that had it first.
///
/// NB: open addressing on a multiplicative hash: Swift's hashing of arrays of enums cost more
/// than the rest of the compile put together.
private struct SignatureTable {
    /// Stored signatures one after another, then the one being built (from `data[pending]`).
    private var data: [UInt64] = []
    private var starts: [Int] = [0]
    private var hashes: [Int] = []
    private var owners: [Int] = []
    private var slots: [Int32]
    private var pending = 0
    private var hash: UInt64 = 0

    init(expected: Int) {
        var size = 16
        while size < expected * 2 { size *= 2 }
        slots = [Int32](repeating: -1, count: size)
    }

    /// Starts building a signature (forgetting one built and not inserted).
    mutating func start(_ value: UInt64) {
        data.removeLast(data.count - pending)
        hash = 0x9E37_79B9_7F4A_7C15
        add(value)
    }

    mutating func add(_ value: UInt64) {
        data.append(value)
        hash = (hash ^ value) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 29
    }

    private var finalHash: Int { Int(truncatingIfNeeded: hash ^ (hash >> 31)) }

    /// The owner of a stored signature equal to the one built.
    func find() -> Int? {
        let mask = slots.count - 1
        let length = data.count - pending
        var slot = finalHash & mask
        while slots[slot] >= 0 {
            let stored = Int(slots[slot])
            let start = starts[stored]
            if starts[stored + 1] - start == length, hashes[stored] == finalHash {
                var equal = true
                for offset in 0..<length where data[start + offset] != data[pending + offset] {
                    equal = false
                    break
                }
                if equal { return owners[stored] }
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Stores the signature built.
    mutating func insert(owner: Int) {
        owners.append(owner)
        hashes.append(finalHash)
        pending = data.count
        starts.append(pending)
        if owners.count * 2 > slots.count {
            slots = [Int32](repeating: -1, count: slots.count * 2)
            for stored in owners.indices { place(stored) }
        } else {
            place(owners.count - 1)
        }
    }

    private mutating func place(_ stored: Int) {
        let mask = slots.count - 1
        var slot = hashes[stored] & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(stored)
    }
}

extension Edge.Kind {
    /// The kind as four numbers (a tag and its values), for signatures.
    fileprivate var code: (Int32, Int32, Int32, Int32) {
        switch self {
        case .epsilon: return (0, 0, 0, 0)
        case .word(let key): return (1, key, 0, 0)
        case .phrases(let set, let slot): return (2, set, slot, 0)
        case .entity(let entity, let slot, let list): return (3, entity, slot, list)
        case .wildcardOpen(let slot, let order): return (4, slot, order, 0)
        case .wildcardToken: return (5, 0, 0, 0)
        case .wildcardFirstToken(let excluded): return (6, excluded, 0, 0)
        case .wildcardClose: return (7, 0, 0, 0)
        case .accept(let id): return (8, id, 0, 0)
        case .ifAppNamed: return (9, 0, 0, 0)
        }
    }
}

import IntentParseEntities

/// The compiled matcher's graph: one small automaton per template (Thompson construction), plus
/// the shared app-prefix and app-suffix automata, all in one node array.
///
/// Edges either consume tokens (a literal word, a phrase of a slot list, an entity, one wildcard
/// word) or not (epsilon, opening/closing a wildcard capture, accepting). Every cycle consumes a
/// token, so the simulation in `Simulation` is polynomial: O(tokens × live nodes × phrase length).
struct Edge: Sendable {
    enum Kind: Sendable {
        case epsilon
        /// A literal token, by interned loose key.
        case word(Int32)
        /// A phrase from `phraseSets[set]`, captured as `slot`.
        case phrases(set: Int32, slot: Int32)
        /// A built-in entity reading, captured as `slot`; `list` filters ranges.
        case entity(entity: Int32, slot: Int32, list: Int32)
        /// Starts a wildcard capture; `order` is the slot's position in its template, so that of
        /// two equal parses the one whose earlier wildcard is shorter wins (as hassil does).
        case wildcardOpen(slot: Int32, order: Int32)
        /// One word of an open wildcard.
        case wildcardToken
        /// The first word of an open wildcard, which may not be one of `excluded` (an index into
        /// the compiled grammar's excluded word sets).
        case wildcardFirstToken(excluded: Int32)
        case wildcardClose
        /// A whole automaton matched: a template index, or `Automaton.prefixAccept` / `suffixAccept`.
        case accept(Int32)
    }

    var kind: Kind
    var target: Int32

    var consumes: Bool {
        switch kind {
        case .word, .phrases, .entity, .wildcardToken, .wildcardFirstToken: return true
        case .epsilon, .wildcardOpen, .wildcardClose, .accept: return false
        }
    }
}

/// The automaton while it is compiled: nodes as they are created and edges as a flat list,
/// so that building 60,000 nodes allocates a few arrays, not one per node.
struct AutomatonDraft: Sendable {
    /// False inside a slot: skip words there belong to the slot's value.
    var allowsSkip: [Bool] = []
    var edges: [(from: Int32, edge: Edge)] = []

    mutating func newNode(allowsSkip: Bool) -> Int32 {
        self.allowsSkip.append(allowsSkip)
        return Int32(self.allowsSkip.count - 1)
    }

    mutating func add(_ edge: Edge, from: Int32) { edges.append((from, edge)) }
}

enum Automaton {
    static let prefixAccept: Int32 = -1
    static let suffixAccept: Int32 = -2
}

/// The automaton after compilation, flattened for the hot loop: every node's edges are one
/// contiguous run of `edges` (non-consuming edges first), and everything the simulation asks
/// of a node is in one 16-byte record, so visiting a node costs one cache line, not four.
struct FrozenAutomaton: Sendable {
    private let storage: Storage

    init() { storage = Storage(nodes: [], edges: [], edgeWords: []) }

    /// Freezes `draft`: groups its edges by node (a counting sort), non-consuming edges first,
    /// keeping each node's edges in the order they were added. Edges into a pass-through node
    /// go straight on to where it leads (`passThroughTargets`), and the pass-through nodes,
    /// which no edge reaches then, are dropped unless they are among `roots` (where runs
    /// start). Returns the automaton and each draft node's number in it (-1 if dropped).
    ///
    /// NB: dropping them is for the cache: a run visits a few dozen nodes scattered over tens
    /// of thousands, and most of its time goes in waiting for their records.
    static func freeze(_ draft: AutomatonDraft, roots: [Int32]) -> (automaton: FrozenAutomaton, numbers: [Int32]) {
        let draftCount = draft.allowsSkip.count
        let forward = FrozenAutomaton.passThroughTargets(draft)
        var isRoot = [Bool](repeating: false, count: draftCount)
        for root in roots where root >= 0 && Int(root) < draftCount { isRoot[Int(root)] = true }
        var numbers = [Int32](repeating: -1, count: draftCount)
        var count = 0
        for node in 0..<draftCount where forward[node] == Int32(node) || isRoot[node] {
            numbers[node] = Int32(count)
            count += 1
        }
        var quiet = [Int32](repeating: 0, count: count)
        var consuming = [Int32](repeating: 0, count: count)
        var allowsSkip = [Bool](repeating: true, count: count)
        for node in 0..<draftCount where numbers[node] >= 0 { allowsSkip[Int(numbers[node])] = draft.allowsSkip[node] }
        var kept: [(from: Int32, edge: Edge)] = []
        kept.reserveCapacity(draft.edges.count)
        for (from, original) in draft.edges where numbers[Int(from)] >= 0 {
            var edge = original
            edge.target = numbers[Int(forward[Int(edge.target)])]
            kept.append((numbers[Int(from)], edge))
            if edge.consumes { consuming[Int(numbers[Int(from)])] += 1 } else { quiet[Int(numbers[Int(from)])] += 1 }
        }
        var nodes: [Node] = []
        nodes.reserveCapacity(count)
        var end: Int32 = 0
        for node in 0..<count {
            let start = end
            end += quiet[node] + consuming[node]
            nodes.append(Node(edgeStart: start, consumingStart: start + quiet[node], edgeEnd: end,
                              gate: FrozenAutomaton.ungated, allowsSkip: allowsSkip[node]))
        }
        var nextQuiet = nodes.map(\.edgeStart), nextConsuming = nodes.map(\.consumingStart)
        let placeholder = Edge(kind: .epsilon, target: 0)
        var edges = [Edge](repeating: placeholder, count: kept.count)
        for (from, edge) in kept {
            let node = Int(from)
            if edge.consumes {
                edges[Int(nextConsuming[node])] = edge
                nextConsuming[node] += 1
            } else {
                edges[Int(nextQuiet[node])] = edge
                nextQuiet[node] += 1
            }
        }
        // A node whose only edge consumes one literal word is gated by that word's key.
        for node in 0..<count where quiet[node] == 0 && consuming[node] == 1 {
            if case .word(let key) = edges[Int(nodes[node].consumingStart)].kind {
                nodes[node] = Node(edgeStart: nodes[node].edgeStart, consumingStart: nodes[node].consumingStart,
                                   edgeEnd: nodes[node].edgeEnd, gate: key, allowsSkip: allowsSkip[node])
            }
        }
        let edgeWords = edges.map { edge -> Int32 in
            if case .word(let key) = edge.kind { return key }
            return FrozenAutomaton.notAWord
        }
        return (FrozenAutomaton(storage: Storage(nodes: nodes, edges: edges, edgeWords: edgeWords)), numbers)
    }

    private init(storage: Storage) { self.storage = storage }

    /// Per node, the node an edge into it may lead to instead: itself, or, for a node whose
    /// one edge is an empty one (the end of an alternative or of an optional part, which
    /// Thompson's construction joins to what follows), where that chain of such nodes ends.
    ///
    /// NB: a thread at a pass-through node can do nothing its successor cannot (it has no
    /// other edge, and punctuation passes anywhere), except drop skip words where the successor
    /// may not: such a node is kept. Bypassing it saves a chart entry and an expansion every
    /// time a thread ends an alternative or an optional part, which is most of them.
    static func passThroughTargets(_ draft: AutomatonDraft) -> [Int32] {
        let count = draft.allowsSkip.count
        var edgeCount = [Int32](repeating: 0, count: count)
        var only = [Int32](repeating: -1, count: count)
        for (from, edge) in draft.edges {
            edgeCount[Int(from)] += 1
            if case .epsilon = edge.kind { only[Int(from)] = edge.target }
        }
        var forward = Array(0..<Int32(count))
        for node in 0..<count {
            var target = Int32(node), steps = 0
            // A chain is followed while each link passes through; the step bound guards a cycle.
            while steps < count, edgeCount[Int(target)] == 1, only[Int(target)] >= 0,
                  !draft.allowsSkip[Int(target)] || draft.allowsSkip[Int(only[Int(target)])] {
                target = only[Int(target)]
                steps += 1
            }
            forward[node] = target
        }
        return forward
    }

    /// The gate of a node that does more than consume one literal word.
    static let ungated: Int32 = -2
    /// The word of an edge that is not a literal word.
    static let notAWord: Int32 = -2

    /// What the simulation needs of one node.
    struct Node {
        /// The node's edges are `edges[edgeStart..<edgeEnd]`, the consuming ones from `consumingStart`.
        let edgeStart: Int32
        let consumingStart: Int32
        let edgeEnd: Int32
        /// The gate (see `View.gate`) times two, plus one when skip words may be dropped here.
        private let gateAndSkip: Int32

        init(edgeStart: Int32, consumingStart: Int32, edgeEnd: Int32, gate: Int32, allowsSkip: Bool) {
            self.edgeStart = edgeStart
            self.consumingStart = consumingStart
            self.edgeEnd = edgeEnd
            gateAndSkip = gate &* 2 &+ (allowsSkip ? 1 : 0)
        }

        /// The key of the one literal word the node can consume when that is all it can do (no
        /// other edge), else `ungated`: a thread there is dead unless that word comes next.
        @inline(__always) var gate: Int32 { gateAndSkip >> 1 }
        /// False inside a slot: skip words there belong to the slot's value.
        @inline(__always) var allowsSkip: Bool { gateAndSkip & 1 != 0 }
    }

    var nodeCount: Int { storage.nodeCount }

    /// Whether every path from `start` to an accept takes a phrase of phrase set `set`.
    func requiresPhrase(of set: Int32, from start: Int32) -> Bool {
        let view = storage.view
        var seen: Set<Int32> = [start], pending = [start]
        while let node = pending.popLast() {
            for e in view.quietEdges(node).lowerBound..<view.consumingEdges(node).upperBound {
                switch view.edges[e].kind {
                case .accept: return false
                case .phrases(let phrases, _) where phrases == set: continue
                default:
                    if seen.insert(view.edges[e].target).inserted { pending.append(view.edges[e].target) }
                }
            }
        }
        return true
    }

    /// The literal words that every path from `start` consumes first, or nil when some path
    /// consumes something else first (a phrase, an entity, a wildcard word) or none at all.
    func firstWords(from start: Int32) -> Set<Int32>? {
        let view = storage.view
        var words = Set<Int32>()
        var seen: Set<Int32> = [start], pending = [start]
        while let node = pending.popLast() {
            for e in view.quietEdges(node) {
                if case .accept = view.edges[e].kind { return nil }
                if seen.insert(view.edges[e].target).inserted { pending.append(view.edges[e].target) }
            }
            for e in view.consumingEdges(node) {
                guard case .word(let key) = view.edges[e].kind else { return nil }
                words.insert(key)
            }
        }
        return words
    }

    /// Plain pointers into the automaton, valid while this automaton (its compiled grammar) lives.
    var view: View { storage.view }

    /// A trivial value: reading through it never touches a reference count.
    struct View {
        let nodes: UnsafePointer<Node>
        let edges: UnsafePointer<Edge>
        /// Per edge, the key of its literal word, or `notAWord`: scanning a node's many word
        /// edges for the one that matches reads these four bytes per edge, not the edges.
        let edgeWords: UnsafePointer<Int32>

        /// Indexes of `node`'s non-consuming edges.
        @inline(__always) func quietEdges(_ node: Int32) -> Range<Int> {
            Int(nodes[Int(node)].edgeStart)..<Int(nodes[Int(node)].consumingStart)
        }
        /// Indexes of `node`'s consuming edges.
        @inline(__always) func consumingEdges(_ node: Int32) -> Range<Int> {
            Int(nodes[Int(node)].consumingStart)..<Int(nodes[Int(node)].edgeEnd)
        }
    }

    /// Immutable memory that never moves, owned by the automaton.
    private final class Storage: @unchecked Sendable {
        let nodes: UnsafeMutableBufferPointer<Node>
        let edges: UnsafeMutableBufferPointer<Edge>
        let edgeWords: UnsafeMutableBufferPointer<Int32>
        let nodeCount: Int

        init(nodes: [Node], edges: [Edge], edgeWords: [Int32]) {
            nodeCount = nodes.count
            self.nodes = .copy(nodes)
            self.edges = .copy(edges)
            self.edgeWords = .copy(edgeWords)
        }

        deinit {
            nodes.deallocate()
            edges.deallocate()
            edgeWords.deallocate()
        }

        var view: View {
            View(nodes: UnsafePointer(nodes.baseAddress!), edges: UnsafePointer(edges.baseAddress!),
                 edgeWords: UnsafePointer(edgeWords.baseAddress!))
        }
    }
}

/// Interned loose keys of template literals. Utterance tokens unknown here map to `none`.
struct KeyTable: Sendable {
    static let none: Int32 = -1
    private(set) var ids: [String: Int32] = [:]
    private(set) var keys: [String] = []

    mutating func intern(_ key: String) -> Int32 {
        if let id = ids[key] { return id }
        keys.append(key)
        let id = Int32(keys.count - 1)
        ids[key] = id
        return id
    }

    func id(_ key: String) -> Int32 { ids[key] ?? KeyTable.none }

    var count: Int { keys.count }
}

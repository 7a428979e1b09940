import Foundation
import IntentParseBase
import IntentParseEntities

/// The automaton after compilation, flattened for the hot loop into one array of 8-byte cells:
/// each node is a two-cell header followed by its edges, one cell each (non-consuming edges
/// first). A node's number is the index of its header.
///
/// NB: laid out for the cache. A run visits a few dozen nodes scattered over tens of thousands,
/// and its time goes mostly in waiting for memory: a node's header and edges usually share one
/// cache line. A literal-word edge (most of them) or an empty one is whole in its cell; any
/// other edge's cell points into `others`, where the edge is kept in full.
struct FrozenAutomaton: Sendable {
    private let storage: Storage

    init() { storage = Storage(cells: [], others: [], nodeCount: 0) }

    /// The automaton of `write(to:)`'s bytes (the compiled-grammar cache).
    init(from reader: BinaryReader) throws {
        let cells = try reader.plain(Cell.self), others = try reader.plain(Edge.self)
        storage = Storage(cells: cells, others: others, nodeCount: try reader.int())
    }

    func write(to writer: BinaryWriter) {
        writer.writePlain(UnsafeBufferPointer(storage.cells))
        writer.writePlain(UnsafeBufferPointer(storage.others))
        writer.write(storage.nodeCount)
    }

    /// One cell: a header's (non-consuming edge count, consuming edge count) or (gate and skip,
    /// sorted literal-word edges or 0), or an edge's (word, target).
    struct Cell {
        var a: Int32
        var b: Int32
    }

    /// An edge cell's word for an empty edge; words below it point into `others`.
    static let epsilonWord: Int32 = -1

    /// Freezes `draft`: each node's edges follow its header, non-consuming edges first, in the
    /// order they were added (but for the literal-word edges of a node with many, sorted by
    /// word). Edges into a pass-through node go straight on to where it leads
    /// (`passThroughTargets`), and the pass-through nodes, which no edge reaches then, are
    /// dropped unless they are among `roots` (where runs start). Returns the automaton and each
    /// draft node's number in it (-1 if dropped).
    static func freeze(_ draft: AutomatonDraft, roots: [Int32]) -> (automaton: FrozenAutomaton, numbers: [Int32]) {
        let (compact, compacted) = draft.bypassingPassThroughNodes(roots: roots)
        let count = compact.allowsSkip.count
        var quiet = [Int32](repeating: 0, count: count)
        var consuming = [Int32](repeating: 0, count: count)
        for (from, edge) in compact.edges {
            if edge.consumes { consuming[Int(from)] += 1 } else { quiet[Int(from)] += 1 }
        }
        var numbers = [Int32](repeating: -1, count: count)
        var cellCount = 0
        for node in 0..<count {
            numbers[node] = Int32(cellCount)
            cellCount += 2 + Int(quiet[node]) + Int(consuming[node])
        }
        var cells = [Cell](repeating: Cell(a: 0, b: 0), count: cellCount)
        // Where each node's next non-consuming and consuming edge goes.
        var nextQuiet = [Int32](repeating: 0, count: count)
        var nextConsuming = [Int32](repeating: 0, count: count)
        for node in 0..<count {
            let header = Int(numbers[node])
            cells[header] = Cell(a: quiet[node], b: consuming[node])
            cells[header + 1] = Cell(a: FrozenAutomaton.gateAndSkip(FrozenAutomaton.ungated, compact.allowsSkip[node]), b: 0)
            nextQuiet[node] = Int32(header + 2)
            nextConsuming[node] = Int32(header + 2) + quiet[node]
        }
        var others: [Edge] = []
        for (from, edge) in compact.edges {
            let target = numbers[Int(edge.target)]
            let cell: Cell
            switch edge.kind {
            case .word(let key): cell = Cell(a: key, b: target)
            case .epsilon: cell = Cell(a: FrozenAutomaton.epsilonWord, b: target)
            default:
                others.append(Edge(kind: edge.kind, target: target))
                cell = Cell(a: FrozenAutomaton.epsilonWord - Int32(others.count), b: target)
            }
            if edge.consumes {
                cells[Int(nextConsuming[Int(from)])] = cell
                nextConsuming[Int(from)] += 1
            } else {
                cells[Int(nextQuiet[Int(from)])] = cell
                nextQuiet[Int(from)] += 1
            }
        }
        // A node with many consuming edges has its literal-word edges first, sorted by word (in
        // the order added among edges of one word), and their count in its header, so that a
        // thread there finds the edges of the word next by binary search
        // (`View.literalEdges(_:word:)`): a list spelled into words ("{name}<suffix>": every
        // name with every suffix) makes nodes of thousands of edges.
        for node in 0..<count where consuming[node] >= FrozenAutomaton.indexedEdges {
            let header = Int(numbers[node])
            let first = header + 2 + Int(quiet[node])
            let edges = Array(cells[first..<(first + Int(consuming[node]))])
            let words = edges.enumerated().filter { $0.element.a >= 0 }.sorted { ($0.element.a, $0.offset) < ($1.element.a, $1.offset) }
            let rest = edges.filter { $0.a < 0 }
            cells.replaceSubrange(first..<(first + edges.count), with: words.map(\.element) + rest)
            cells[header + 1].b = Int32(words.count)
        }
        // A node whose only edge consumes one literal word is gated by that word's key; one whose
        // edges all consume a literal word, a phrase or an entity reading is gated by its edges.
        for node in 0..<count where quiet[node] == 0 && consuming[node] > 0 {
            let header = Int(numbers[node])
            let edges = (header + 2)..<(header + 2 + Int(consuming[node]))
            if edges.count == 1, cells[edges.lowerBound].a >= 0 {
                cells[header + 1].a = FrozenAutomaton.gateAndSkip(cells[edges.lowerBound].a, compact.allowsSkip[node])
                continue
            }
            let gatedByEdges = edges.allSatisfy { e in
                let word = cells[e].a
                if word >= 0 { return true }
                switch others[Int(FrozenAutomaton.epsilonWord - word - 1)].kind {
                case .phrases, .entity: return true
                default: return false
                }
            }
            if gatedByEdges { cells[header + 1].a = FrozenAutomaton.gateAndSkip(FrozenAutomaton.gatedByEdges, compact.allowsSkip[node]) }
        }
        let automaton = FrozenAutomaton(storage: Storage(cells: cells, others: others, nodeCount: count))
        return (automaton, compacted.map { $0 >= 0 ? numbers[Int($0)] : -1 })
    }

    private init(storage: Storage) { self.storage = storage }

    /// A header's gate (see `View.gate`) times two, plus one when skip words may be dropped.
    private static func gateAndSkip(_ gate: Int32, _ allowsSkip: Bool) -> Int32 {
        gate &* 2 &+ (allowsSkip ? 1 : 0)
    }

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
                !draft.allowsSkip[Int(target)] || draft.allowsSkip[Int(only[Int(target)])]
            {
                target = only[Int(target)]
                steps += 1
            }
            forward[node] = target
        }
        return forward
    }

    /// The least number of consuming edges for which a node's literal-word edges are sorted.
    static let indexedEdges: Int32 = 8

    /// The gate of a node that does more than consume one literal word.
    static let ungated: Int32 = -2
    /// The gate of a node that can only consume, each edge a literal word, a phrase of a set
    /// or an entity reading: a thread there is dead unless one of them starts next.
    static let gatedByEdges: Int32 = -3

    var nodeCount: Int { storage.nodeCount }

    /// Whether every path from `start` to an accept takes a phrase of phrase set `set`.
    func requiresPhrase(of set: Int32, from start: Int32) -> Bool {
        let view = storage.view
        var seen: Set<Int32> = [start], pending = [start]
        while let node = pending.popLast() {
            for e in view.quietEdges(node).lowerBound..<view.consumingEdges(node).upperBound {
                switch view.edge(e).kind {
                case .accept: return false
                case .phrases(let phrases, _) where phrases == set: continue
                default:
                    if seen.insert(view.target(e)).inserted { pending.append(view.target(e)) }
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
                if case .accept = view.edge(e).kind { return nil }
                if seen.insert(view.target(e)).inserted { pending.append(view.target(e)) }
            }
            for e in view.consumingEdges(node) {
                guard view.word(e) >= 0 else { return nil }
                words.insert(view.word(e))
            }
        }
        return words
    }

    /// Plain pointers into the automaton, valid while this automaton (its compiled grammar) lives.
    var view: View { storage.view }

    /// A trivial value: reading through it never touches a reference count.
    struct View {
        let cells: UnsafePointer<Cell>
        let others: UnsafePointer<Edge>

        /// Indexes of `node`'s non-consuming edges.
        @inline(__always) func quietEdges(_ node: Int32) -> Range<Int> {
            let first = Int(node) + 2
            return first..<(first + Int(cells[Int(node)].a))
        }
        /// Indexes of `node`'s consuming edges.
        @inline(__always) func consumingEdges(_ node: Int32) -> Range<Int> {
            let first = Int(node) + 2 + Int(cells[Int(node)].a)
            return first..<(first + Int(cells[Int(node)].b))
        }
        /// `node`'s consuming edges as (literal-word edges that consume `word`, every edge
        /// that is not a literal word or may be one, to look at in turn): for a node with many
        /// edges, the edges of `word` by binary search and its other edges; else nothing, and
        /// all its consuming edges.
        @inline(__always) func literalEdges(_ node: Int32, word: Int32) -> (matching: Range<Int>, rest: Range<Int>) {
            let edges = consumingEdges(node)
            let sorted = Int(cells[Int(node) + 1].b)
            guard sorted > 0 else { return (edges.lowerBound..<edges.lowerBound, edges) }
            let words = edges.lowerBound..<(edges.lowerBound + sorted)
            var low = words.lowerBound, high = words.upperBound
            while low < high {
                let middle = (low + high) / 2
                if cells[middle].a < word { low = middle + 1 } else { high = middle }
            }
            var end = low
            while end < words.upperBound, cells[end].a == word { end += 1 }
            return (low..<end, words.upperBound..<edges.upperBound)
        }
        /// The key of the one literal word the node can consume when that is all it can do (no
        /// other edge): a thread there is dead unless that word comes next; `gatedByEdges`, or
        /// `ungated`.
        @inline(__always) func gate(_ node: Int32) -> Int32 { cells[Int(node) + 1].a >> 1 }
        /// False inside a slot: skip words there belong to the slot's value.
        @inline(__always) func allowsSkip(_ node: Int32) -> Bool { cells[Int(node) + 1].a & 1 != 0 }
        /// Edge `e`'s literal word (a key, >= 0), `epsilonWord`, or less for any other edge.
        @inline(__always) func word(_ e: Int) -> Int32 { cells[e].a }
        @inline(__always) func target(_ e: Int) -> Int32 { cells[e].b }
        /// An edge that is neither a literal word nor empty, by its cell's word.
        @inline(__always) func other(_ word: Int32) -> Edge { others[Int(FrozenAutomaton.epsilonWord - word - 1)] }

        /// Edge `e` in full.
        func edge(_ e: Int) -> Edge {
            let word = cells[e].a
            if word >= 0 { return Edge(kind: .word(word), target: cells[e].b) }
            if word == FrozenAutomaton.epsilonWord { return Edge(kind: .epsilon, target: cells[e].b) }
            return other(word)
        }
    }

    /// Immutable memory that never moves, owned by the automaton.
    private final class Storage: @unchecked Sendable {
        let cells: UnsafeMutableBufferPointer<Cell>
        let others: UnsafeMutableBufferPointer<Edge>
        let nodeCount: Int

        init(cells: [Cell], others: [Edge], nodeCount: Int) {
            self.nodeCount = nodeCount
            self.cells = .copy(cells)
            self.others = .copy(others)
        }

        deinit {
            cells.deallocate()
            others.deallocate()
        }

        var view: View { View(cells: UnsafePointer(cells.baseAddress!), others: UnsafePointer(others.baseAddress!)) }
    }
}

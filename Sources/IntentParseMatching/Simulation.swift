import IntentParseEntities
import IntentParseNormalization

/// Runs compiled automata over one utterance's tokens: a chart of positions, each holding the
/// best thread per automaton node (dynamic programming, like a Pike VM with weights).
///
/// Cost: O(positions × live nodes × edges), with phrase and entity lookups cached per position,
/// so no template and no input can make it backtrack exponentially. Threads are plain values;
/// captures live in an arena owned by the simulation, shared by all runs over the utterance.
struct Simulation {
    struct Accept {
        var id: Int32
        var end: Int
        var thread: Thread
    }

    let grammar: CompiledGrammar
    let text: TokenizedText
    let keyIDs: [Int32]
    private let isPunctuation: [Bool]
    private let skipEnds: [[Int]]
    private let wordCounts: [Int]
    private var arena: [PackedCapture] = []
    private var matchValues: [[Int32]] = []
    private var entityValues: [EntityValue] = []
    private var spareChart: [Frontier] = []
    private let entityContext: EntityContext
    /// Phrase matches per (set, position), filled on first use.
    private var phraseCache: [[(end: Int, values: Int32, isSound: Bool)]?]
    private var entityCache: [[EntityMatch]?]

    init(grammar: CompiledGrammar, text: TokenizedText, entityContext: EntityContext) {
        self.grammar = grammar
        self.text = text
        self.entityContext = entityContext
        keyIDs = text.tokens.map { grammar.keys.id($0.looseKey) }
        isPunctuation = text.tokens.map(\.isPunctuation)
        skipEnds = text.tokens.indices.map { start in
            grammar.skipWords.matches(in: text.tokens, from: start, key: \.looseKey).map(\.end)
        }
        var counts = [0]
        for token in text.tokens { counts.append(counts[counts.count - 1] + (token.isPunctuation ? 0 : 1)) }
        wordCounts = counts
        phraseCache = Array(repeating: nil, count: grammar.phraseSets.count * (text.tokens.count + 1))
        entityCache = Array(repeating: nil, count: grammar.entities.count * (text.tokens.count + 1))
    }

    /// Number of words (non-punctuation tokens) in `start..<end`.
    func words(_ start: Int, _ end: Int) -> Int { wordCounts[end] - wordCounts[start] }

    /// Runs from the seeds up to position `limit`, returning every accept reached.
    mutating func run(seeds: [(position: Int, node: Int32, thread: Thread)], limit: Int) -> [Accept] {
        // One chart per utterance, emptied between runs, so its arrays are allocated once.
        var chart = spareChart
        spareChart = []
        if chart.count < limit + 1 { chart = [Frontier](repeating: Frontier(), count: limit + 1) }
        for seed in seeds where seed.position <= limit {
            chart[seed.position].relax(seed.node, seed.thread)
        }
        var accepts: [Accept] = []
        for position in 0...limit {
            closure(&chart[position], at: position, accepts: &accepts)
            guard position < limit else { break }
            advance(&chart, from: position, limit: limit)
        }
        for index in chart.indices { chart[index].removeAll() }
        spareChart = chart
        return accepts
    }

    // MARK: captures

    private mutating func capture(_ thread: Thread, _ packed: PackedCapture) -> Thread {
        var packed = packed
        packed.parent = thread.captures
        arena.append(packed)
        var next = thread
        next.captures = Int32(arena.count - 1)
        return next
    }

    /// A thread's captures, oldest first, with phrase values materialized.
    func captures(of thread: Thread) -> [Capture] {
        var result: [Capture] = []
        var index = thread.captures
        while index >= 0 {
            let packed = arena[Int(index)]
            let source: CaptureSource
            switch packed.kind {
            case .wildcard: source = .wildcard
            case .phrase, .soundPhrase: source = .phrase(set: packed.set, values: matchValues[Int(packed.values)], isSound: packed.kind == .soundPhrase)
            case .entity: source = .entity(entityValues[Int(packed.values)])
            }
            result.append(Capture(slot: packed.slot, start: packed.start, end: packed.end, source: source))
            index = packed.parent
        }
        return result.reversed()
    }

    /// `first` followed by `second` (a suffix run after a template's accept).
    mutating func joined(_ first: Thread, _ second: Thread) -> Thread {
        var chain: [PackedCapture] = []
        var index = second.captures
        while index >= 0 {
            chain.append(arena[Int(index)])
            index = arena[Int(index)].parent
        }
        var result = first
        for packed in chain.reversed() { result = capture(result, packed) }
        result.weight += second.weight
        result.evidence.literal += second.evidence.literal
        result.evidence.named += second.evidence.named
        result.evidence.soundsLike += second.evidence.soundsLike
        result.evidence.wildcard += second.evidence.wildcard
        result.evidence.skipped += second.evidence.skipped
        return result
    }

    // MARK: the chart

    /// Follows non-consuming edges at one position until nothing improves.
    private mutating func closure(_ frontier: inout Frontier, at position: Int, accepts: inout [Accept]) {
        var next = 0
        var again: [Int] = []
        while next < frontier.count {
            next += 1
            expand(&frontier, next - 1, at: position, accepts: &accepts, expandedBefore: next, again: &again)
            while let index = again.popLast() {
                expand(&frontier, index, at: position, accepts: &accepts, expandedBefore: next, again: &again)
            }
        }
    }

    /// Follows the non-consuming edges of the thread at `index`. A node already expanded (its
    /// index is below `expandedBefore`) whose thread improves is queued in `again`, to be
    /// expanded once more; later nodes are expanded in turn anyway.
    private mutating func expand(_ frontier: inout Frontier, _ index: Int, at position: Int, accepts: inout [Accept],
                                 expandedBefore: Int, again: inout [Int]) {
        let node = frontier.nodes[index]
        let thread = frontier.thread(at: index)
        let first = Int(grammar.automaton.edgeStart[Int(node)]), end = Int(grammar.automaton.consumingStart[Int(node)])
        for e in first..<end {
            let edge = grammar.automaton.edges[e]
            guard let followed = follow(edge, thread, at: position) else {
                if case .accept(let id) = edge.kind { accepts.append(Accept(id: id, end: position, thread: thread)) }
                continue
            }
            if frontier.relax(edge.target, followed), let reached = frontier.index(of: edge.target), reached < expandedBefore {
                again.append(reached)
            }
        }
    }

    /// The thread after a non-consuming edge (nil for accepts).
    private mutating func follow(_ edge: Edge, _ thread: Thread, at position: Int) -> Thread? {
        switch edge.kind {
        case .epsilon: return thread
        case .wildcardOpen(let slot, let order):
            var next = thread
            next.pendingStart = Int32(position)
            next.pendingSlot = slot
            next.pendingOrder = order
            next.weight += Weights.wildcardOpen
            return next
        case .wildcardClose:
            let start = firstWord(from: Int(thread.pendingStart))
            var next = capture(thread, PackedCapture(slot: thread.pendingSlot, start: Int32(start), end: Int32(lastWordEnd(before: position)), kind: .wildcard))
            next.pendingStart = -1
            next.pendingSlot = -1
            return next
        case .accept, .word, .phrases, .entity, .wildcardToken, .wildcardFirstToken: return nil
        }
    }

    /// Follows consuming edges, skip words and free punctuation from one position.
    private mutating func advance(_ chart: inout [Frontier], from position: Int, limit: Int) {
        let frontier = chart[position]
        let punctuation = isPunctuation[position]
        for index in 0..<frontier.count {
            let node = frontier.nodes[index]
            let thread = frontier.thread(at: index)
            if punctuation {
                chart[position + 1].relax(node, thread)
            } else if grammar.automaton.allowsSkip[Int(node)] {
                for end in skipEnds[position] where end <= limit {
                    var skipped = thread
                    skipped.weight += Weights.skipped * Double(words(position, end))
                    skipped.evidence.skipped += words(position, end)
                    chart[end].relax(node, skipped)
                }
            }
            let first = Int(grammar.automaton.consumingStart[Int(node)]), end = Int(grammar.automaton.edgeStart[Int(node) + 1])
            for e in first..<end {
                consume(grammar.automaton.edges[e], thread, from: position, limit: limit, chart: &chart)
            }
        }
    }

    private mutating func consume(_ edge: Edge, _ thread: Thread, from position: Int, limit: Int, chart: inout [Frontier]) {
        switch edge.kind {
        case .word(let key):
            guard keyIDs[position] == key else { return }
            var next = thread
            if isPunctuation[position] {
                next.weight += Weights.punctuation
            } else {
                next.weight += Weights.literal
                next.evidence.literal += 1
            }
            chart[position + 1].relax(edge.target, next)
        case .wildcardToken, .wildcardFirstToken:
            guard !isPunctuation[position] else { return }
            if case .wildcardFirstToken(let excluded) = edge.kind, grammar.excludedFirstWords[Int(excluded)].contains(keyIDs[position]) { return }
            var next = thread
            next.weight += Weights.wildcard + Weights.wildcardOrder * Double(thread.pendingOrder)
            next.evidence.wildcard += 1
            chart[position + 1].relax(edge.target, next)
        case .phrases(let set, let slot):
            for match in phrases(set, at: position) where match.end <= limit {
                let count = words(position, match.end)
                var next = capture(thread, PackedCapture(slot: slot, start: Int32(position), end: Int32(match.end),
                                                        kind: match.isSound ? .soundPhrase : .phrase, set: set, values: match.values))
                next.weight += (match.isSound ? Weights.soundsLike : Weights.named) * Double(count)
                if match.isSound { next.evidence.soundsLike += count } else { next.evidence.named += count }
                chart[match.end].relax(edge.target, next)
            }
        case .entity(let entity, let slot, let list):
            for match in entities(entity, at: position) where match.end <= limit && inRange(match.value, list: list) {
                entityValues.append(match.value)
                let count = words(position, match.end)
                var next = capture(thread, PackedCapture(slot: slot, start: Int32(position), end: Int32(match.end), kind: .entity, set: entity,
                                                        values: Int32(entityValues.count - 1)))
                next.weight += Weights.entity * Double(count)
                next.evidence.named += count
                chart[match.end].relax(edge.target, next)
            }
        case .epsilon, .wildcardOpen, .wildcardClose, .accept: return
        }
    }

    private mutating func phrases(_ set: Int32, at position: Int) -> [(end: Int, values: Int32, isSound: Bool)] {
        let key = Int(set) * (text.tokens.count + 1) + position
        if let cached = phraseCache[key] { return cached }
        let found = grammar.phraseSets[Int(set)].matches(in: text.tokens, from: position).map { match -> (end: Int, values: Int32, isSound: Bool) in
            matchValues.append(match.values)
            return (match.end, Int32(matchValues.count - 1), match.isSound)
        }
        phraseCache[key] = found
        return found
    }

    private mutating func entities(_ entity: Int32, at position: Int) -> [EntityMatch] {
        let key = Int(entity) * (text.tokens.count + 1) + position
        if let cached = entityCache[key] { return cached }
        let found = grammar.entities[Int(entity)].matches(in: text, from: position, context: entityContext)
        entityCache[key] = found
        return found
    }

    private func inRange(_ value: EntityValue, list: Int32) -> Bool {
        guard let range = grammar.lists[Int(list)].range else { return true }
        guard let n = value.integer else { return false }
        return n >= range.from && n <= range.to && (n - range.from) % range.step == 0
    }

    /// The first word at or after `position` (a wildcard's start skips leading punctuation).
    private func firstWord(from position: Int) -> Int {
        var start = position
        while start < isPunctuation.count, isPunctuation[start] { start += 1 }
        return start
    }

    /// The end (exclusive token index) of the last word before `position`, so a wildcard's
    /// capture never ends on punctuation it skipped.
    private func lastWordEnd(before position: Int) -> Int {
        var end = position
        while end > 0, isPunctuation[end - 1] { end -= 1 }
        return end
    }
}

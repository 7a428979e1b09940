import IntentParseEntities
import IntentParseNormalization

/// Runs compiled automata over one utterance's tokens: a chart of positions, each holding the
/// best thread per automaton node (dynamic programming, like a Pike VM with weights).
///
/// Cost: O(positions × live nodes × edges), with phrase and entity lookups cached per position,
/// so no template and no input can make it backtrack exponentially.
struct Simulation {
    struct Accept {
        var id: Int32
        var end: Int
        var thread: Thread
    }

    private struct Frontier {
        var order: [Int32] = []
        var threads: [Int32: Thread] = [:]
    }

    let grammar: CompiledGrammar
    let text: TokenizedText
    let keyIDs: [Int32]
    private var phraseCache: [Int: [(end: Int, values: [Int32], isSound: Bool)]] = [:]
    private var entityCache: [Int: [EntityMatch]] = [:]
    private let skipEnds: [[Int]]
    private let wordCounts: [Int]

    init(grammar: CompiledGrammar, text: TokenizedText) {
        self.grammar = grammar
        self.text = text
        keyIDs = text.tokens.map { grammar.keys.id($0.looseKey) }
        skipEnds = text.tokens.indices.map { start in
            grammar.skipWords.matches(in: text.tokens, from: start, key: \.looseKey).map(\.end)
        }
        var counts = [0]
        for token in text.tokens { counts.append(counts[counts.count - 1] + (token.isPunctuation ? 0 : 1)) }
        wordCounts = counts
    }

    /// Number of words (non-punctuation tokens) in `start..<end`.
    func words(_ start: Int, _ end: Int) -> Int { wordCounts[end] - wordCounts[start] }

    /// Runs from the seeds up to position `limit`, returning every accept reached.
    mutating func run(seeds: [(position: Int, node: Int32, thread: Thread)], limit: Int) -> [Accept] {
        var chart = [Frontier](repeating: Frontier(), count: limit + 1)
        for seed in seeds where seed.position <= limit {
            Simulation.relax(&chart[seed.position], seed.node, seed.thread)
        }
        var accepts: [Accept] = []
        for position in 0...limit {
            closure(&chart[position], at: position, accepts: &accepts)
            guard position < limit else { break }
            advance(&chart, from: position, limit: limit)
        }
        return accepts
    }

    @discardableResult
    private static func relax(_ frontier: inout Frontier, _ node: Int32, _ thread: Thread) -> Bool {
        if let existing = frontier.threads[node] {
            guard thread.weight > existing.weight else { return false }
        } else {
            frontier.order.append(node)
        }
        frontier.threads[node] = thread
        return true
    }

    /// Follows non-consuming edges at one position until nothing improves.
    private func closure(_ frontier: inout Frontier, at position: Int, accepts: inout [Accept]) {
        var work = frontier.order
        var i = 0
        while i < work.count {
            let node = work[i]
            i += 1
            guard let thread = frontier.threads[node] else { continue }
            for edge in grammar.nodes[Int(node)].edges where !edge.consumes {
                guard let next = follow(edge, thread, at: position) else {
                    if case .accept(let id) = edge.kind { accepts.append(Accept(id: id, end: position, thread: thread)) }
                    continue
                }
                if Simulation.relax(&frontier, edge.target, next) { work.append(edge.target) }
            }
        }
    }

    /// The thread after a non-consuming edge (nil for accepts).
    private func follow(_ edge: Edge, _ thread: Thread, at position: Int) -> Thread? {
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
            var next = thread.adding(Capture(slot: thread.pendingSlot, start: Int32(start), end: Int32(lastWordEnd(before: position)), source: .wildcard))
            next.pendingStart = -1
            next.pendingSlot = -1
            return next
        case .accept: return nil
        case .word, .phrases, .entity, .wildcardToken: return nil
        }
    }

    /// Follows consuming edges, skip words and free punctuation from one position.
    private mutating func advance(_ chart: inout [Frontier], from position: Int, limit: Int) {
        let frontier = chart[position]
        let token = text.tokens[position]
        for node in frontier.order {
            guard let thread = frontier.threads[node] else { continue }
            if token.isPunctuation {
                Simulation.relax(&chart[position + 1], node, thread)
            } else if grammar.nodes[Int(node)].allowsSkip {
                for end in skipEnds[position] where end <= limit {
                    var skipped = thread
                    skipped.weight += Weights.skipped * Double(words(position, end))
                    skipped.evidence.skipped += words(position, end)
                    Simulation.relax(&chart[end], node, skipped)
                }
            }
            for edge in grammar.nodes[Int(node)].edges where edge.consumes {
                consume(edge, thread, from: position, limit: limit, chart: &chart)
            }
        }
    }

    private mutating func consume(_ edge: Edge, _ thread: Thread, from position: Int, limit: Int, chart: inout [Frontier]) {
        switch edge.kind {
        case .word(let key):
            guard keyIDs[position] == key else { return }
            var next = thread
            if text.tokens[position].isPunctuation {
                next.weight += Weights.punctuation
            } else {
                next.weight += Weights.literal
                next.evidence.literal += 1
            }
            Simulation.relax(&chart[position + 1], edge.target, next)
        case .wildcardToken:
            guard !text.tokens[position].isPunctuation else { return }
            var next = thread
            next.weight += Weights.wildcard + Weights.wildcardOrder * Double(thread.pendingOrder)
            next.evidence.wildcard += 1
            Simulation.relax(&chart[position + 1], edge.target, next)
        case .phrases(let set, let slot):
            for match in phrases(set, at: position) where match.end <= limit {
                let count = words(position, match.end)
                var next = thread.adding(Capture(slot: slot, start: Int32(position), end: Int32(match.end), source: .phrase(set: set, values: match.values, isSound: match.isSound)))
                next.weight += (match.isSound ? Weights.soundsLike : Weights.named) * Double(count)
                if match.isSound { next.evidence.soundsLike += count } else { next.evidence.named += count }
                Simulation.relax(&chart[match.end], edge.target, next)
            }
        case .entity(let entity, let slot, let list):
            for match in entities(entity, at: position) where match.end <= limit && inRange(match.value, list: list) {
                let count = words(position, match.end)
                var next = thread.adding(Capture(slot: slot, start: Int32(position), end: Int32(match.end), source: .entity(match.value)))
                next.weight += Weights.entity * Double(count)
                next.evidence.named += count
                Simulation.relax(&chart[match.end], edge.target, next)
            }
        case .epsilon, .wildcardOpen, .wildcardClose, .accept: return
        }
    }

    private mutating func phrases(_ set: Int32, at position: Int) -> [(end: Int, values: [Int32], isSound: Bool)] {
        let key = Int(set) * (text.tokens.count + 1) + position
        if let cached = phraseCache[key] { return cached }
        let found = grammar.phraseSets[Int(set)].matches(in: text.tokens, from: position)
        phraseCache[key] = found
        return found
    }

    private mutating func entities(_ entity: Int32, at position: Int) -> [EntityMatch] {
        let key = Int(entity) * (text.tokens.count + 1) + position
        if let cached = entityCache[key] { return cached }
        let found = grammar.entities[Int(entity)].matches(in: text, from: position)
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
        while start < text.tokens.count, text.tokens[start].isPunctuation { start += 1 }
        return start
    }

    /// The end (exclusive token index) of the last word before `position`, so a wildcard's
    /// capture never ends on punctuation it skipped.
    private func lastWordEnd(before position: Int) -> Int {
        var end = position
        while end > 0, text.tokens[end - 1].isPunctuation { end -= 1 }
        return end
    }
}

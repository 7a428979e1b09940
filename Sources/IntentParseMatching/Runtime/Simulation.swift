import Foundation
import IntentParseEntities
import IntentParseNormalization

/// Runs compiled automata over one utterance's tokens: a chart of positions, each holding the
/// best thread per automaton node (dynamic programming, like a Pike VM with weights).
///
/// Cost: O(positions × live nodes × edges), with phrase and entity lookups cached per position,
/// so no template and no input can make it backtrack exponentially. Threads are plain values;
/// captures live in an arena in the scratch memory, shared by all runs over the utterance.
///
/// NB: all per-utterance memory is a `MatchScratch` taken from a pool and given back, so a
/// match allocates almost nothing once the pool is warm; the automaton is read through plain
/// pointers (`FrozenAutomaton.View`), so the hot loop touches no reference count.
struct Simulation {
    struct Accept {
        var id: Int32
        var end: Int
        var thread: Thread
    }

    /// Where a run starts: a node of an automaton at a position, with the thread it carries.
    typealias Seed = (position: Int, node: Int32, thread: Thread)

    let grammar: CompiledGrammar
    let text: TokenizedText
    private let automaton: FrozenAutomaton.View
    private let phraseTries: FrozenPhrases.View
    /// The utterance's token keys as bytes, for the phrase tries.
    private let tokenKeys: TokenKeys.View
    private let entityContext: EntityContext
    private let tokenCount: Int
    /// Memo slots per position: one per phrase set, then one per entity parser.
    private let memoStride: Int
    private(set) var scratch: MatchScratch
    private var chart: Chart
    /// The last position of the run in progress.
    private var limitOfRun = 0

    /// A simulation over `text`, whose memory is `scratch` (taken from the pool), prepared for
    /// `text` in place and swapped in (`scratch` is left empty).
    ///
    /// NB: swapped, because every way of passing the scratch in by value (preparing it in
    /// here in a local, or moving it in prepared) made the compiler copy it (twenty arrays'
    /// references) or the whole simulation.
    /// `corrections`: tokens read as another key (a word typed one edit from a template's).
    init(
        grammar: CompiledGrammar, text: TokenizedText, entityContext: EntityContext, corrections: [(token: Int, key: Int32)] = [],
        scratch: inout MatchScratch
    ) {
        scratch.prepare(grammar: grammar, text: text, corrections: corrections, entityContext: entityContext)
        self.scratch = MatchScratch()
        self.grammar = grammar
        self.text = text
        self.entityContext = entityContext
        automaton = grammar.automaton.view
        phraseTries = grammar.phrases.view
        tokenCount = text.tokens.count
        memoStride = scratch.memoStride
        tokenKeys = scratch.tokenKeysView
        chart = scratch.chart
        swap(&self.scratch, &scratch)
    }

    var keyIDs: [Int32] { _read { yield scratch.keyIDs } }

    /// The scratch memory, for the pool; the simulation is done with it.
    ///
    /// NB: swapped out for an empty one (which allocates nothing): reading `scratch` would copy
    /// its twenty arrays' references, and destroying the simulation release them again.
    mutating func takeScratch() -> MatchScratch {
        var taken = MatchScratch()
        swap(&taken, &scratch)
        return taken
    }

    /// Marks the utterance's interned keys present, for `isPresent` (keys are < `keyCount`),
    /// and gathers its Han character pairs that are index keys (`KeyPairs`).
    mutating func markPresentKeys(keyCount: Int) {
        if scratch.keyStamp.count < keyCount {
            scratch.keyStamp.append(contentsOf: repeatElement(0, count: keyCount - scratch.keyStamp.count))
        }
        for (position, key) in scratch.keyIDs.enumerated() where key >= 0 && Int(key) < keyCount {
            if scratch.keyStamp[Int(key)] != scratch.stamp {
                scratch.keyStamp[Int(key)] = scratch.stamp
                scratch.keyFirst[position] = true
            }
        }
        guard !grammar.tables.keyPairs.isEmpty else { return }
        for position in 0..<tokenCount where scratch.keyIDs[position] >= 0 && !scratch.isPunctuation[position] {
            markPairs(of: position, from: position + 1, depth: 0, keyCount: keyCount)
        }
    }

    /// Marks the pairs of the word at `first` with the next word from `position` on, and with
    /// the words after skip words there (a few in a row at most), as the automata can pass them.
    private mutating func markPairs(of first: Int, from position: Int, depth: Int, keyCount: Int) {
        var second = position
        while second < tokenCount, scratch.isPunctuation[second] { second += 1 }
        guard second < tokenCount else { return }
        let key = scratch.keyIDs[second]
        if key >= 0, let pair = grammar.tables.keyPairs.id(scratch.keyIDs[first], key), Int(pair) < keyCount,
            scratch.keyStamp[Int(pair)] != scratch.stamp
        {
            scratch.keyStamp[Int(pair)] = scratch.stamp
            scratch.pairKeys.append(pair)
        }
        guard depth < 3 else { return }
        for skip in Int(scratch.skipStart[second])..<Int(scratch.skipStart[second + 1]) {
            markPairs(of: first, from: Int(scratch.skipEnds[skip]), depth: depth + 1, keyCount: keyCount)
        }
    }

    /// Stamps the required clauses the utterance's keys satisfy (after `markPresentKeys`) in
    /// `clauseStamp`, and returns the stamp.
    mutating func markSatisfiedClauses(_ requirements: TemplateRequirements) -> UInt32 {
        if scratch.clauseStamp.count < requirements.clauseCount {
            scratch.clauseStamp.append(contentsOf: repeatElement(0, count: requirements.clauseCount - scratch.clauseStamp.count))
        }
        for (position, key) in scratch.keyIDs.enumerated() where key >= 0 && scratch.keyFirst[position] {
            requirements.mark(key, in: &scratch.clauseStamp, stamp: scratch.stamp)
        }
        for pair in scratch.pairKeys { requirements.mark(pair, in: &scratch.clauseStamp, stamp: scratch.stamp) }
        return scratch.stamp
    }

    /// Calls `body` with the utterance's keys, whether each is its key's first occurrence
    /// (after `markPresentKeys`), per required clause the stamp of the last utterance that
    /// satisfied it (after `markSatisfiedClauses`), and its Han character pairs' keys.
    func withCandidateKeys<R>(
        _ body: (
            UnsafeBufferPointer<Int32>, UnsafeBufferPointer<Bool>, UnsafeBufferPointer<UInt32>,
            UnsafeBufferPointer<Int32>
        ) -> R
    ) -> R {
        scratch.keyIDs.withUnsafeBufferPointer { keys in
            scratch.keyFirst.withUnsafeBufferPointer { first in
                scratch.clauseStamp.withUnsafeBufferPointer { stamps in
                    scratch.pairKeys.withUnsafeBufferPointer { body(keys, first, stamps, $0) }
                }
            }
        }
    }

    /// Whether an app's name (or a sounds-alike) starts at some word of the utterance, when a
    /// template requires one; the lookups are the memoized ones the automata use.
    var namesAnApp: Bool {
        mutating get {
            if let known = scratch.namesAnApp { return known }
            var found = false
            if grammar.appNamedKey != KeyTable.none {
                for position in 0..<tokenCount where !scratch.isPunctuation[position] && !phrases(grammar.appPhraseSet, at: position).isEmpty {
                    found = true
                    break
                }
            }
            scratch.namesAnApp = found
            return found
        }
    }

    /// Tokens from a position to an app's name that an app suffix may take ("on the MonkeyChat").
    static let appSuffixReach = 3

    /// Whether an app's name starts at `position` or a few tokens on (`appSuffixReach`), for
    /// the gate into an app suffix after free text; kept for the utterance on first use.
    private mutating func appNamed(near position: Int) -> Bool {
        guard namesAnApp else { return false }
        if scratch.nextAppStart.isEmpty {
            // Per position, the first position at or after it where an app's name starts.
            for start in 0..<tokenCount {
                let starts = !scratch.isPunctuation[start] && !phrases(grammar.appPhraseSet, at: start).isEmpty
                scratch.nextAppStart.append(Int32(starts ? start : tokenCount))
            }
            scratch.nextAppStart.append(Int32(tokenCount))
            for start in stride(from: tokenCount - 1, through: 0, by: -1) {
                scratch.nextAppStart[start] = min(scratch.nextAppStart[start], scratch.nextAppStart[start + 1])
            }
        }
        return Int(scratch.nextAppStart[position]) - position <= Simulation.appSuffixReach
    }

    /// Every app name (or sounds-alike) in the utterance, as the app edges of the automata take
    /// them: the app's index, its first token and the token past its last, how it matched.
    mutating func appNames() -> [(app: Int, tokens: Range<Int>, match: PhraseHit.Match)] {
        guard grammar.appNamedKey != KeyTable.none else { return [] }
        let set = grammar.appPhraseSet
        let entries = grammar.phraseValues[Int(set)].entries
        var found: [(app: Int, tokens: Range<Int>, match: PhraseHit.Match)] = []
        for position in 0..<tokenCount where !scratch.isPunctuation[position] {
            let hits = phrases(set, at: position)
            for hit in hits.lowerBound..<hits.upperBound {
                let match = scratch.phraseHits[hit]
                for value in phraseTries.values(match.valueStart, match.valueCount) {
                    if case .app(let index) = entries[Int(value)] { found.append((index, position..<Int(match.end), match.match)) }
                }
            }
        }
        return found
    }

    /// Whether a phrase of `set` (or a sounds-alike, or part of a term) starts at some word of
    /// the utterance, as a phrase edge of the set would take it; kept for the utterance.
    ///
    /// NB: most words start no phrase of the set, which `FrozenPhrases.View.mayStart` tells
    /// from the word's key alone (for the grammar's own words, `PhraseStartKeys` knows it
    /// already); only where one may are the phrases looked up (the memoized lookups the
    /// automata make).
    private mutating func namesPhrase(of set: Int32) -> Bool {
        let index = Int(set)
        if scratch.phraseSetStamp[index] == scratch.stamp { return scratch.phraseSetOccurs[index] }
        var found = false
        for position in 0..<tokenCount
        where !scratch.isPunctuation[position]
            && grammar.tables.phraseStartKeys.mayStart(set: set, key: scratch.keyIDs[position])
                ?? phraseTries.mayStart(set: set, keys: tokenKeys, at: position)
            && !phrases(set, at: position).isEmpty
        {
            found = true
            break
        }
        scratch.phraseSetStamp[index] = scratch.stamp
        scratch.phraseSetOccurs[index] = found
        return found
    }

    /// Whether required clause `clause` holds (after `markSatisfiedClauses`): a word of the
    /// utterance satisfies it, or a phrase of one of its sets occurs, which then stamps every
    /// clause that phrases of that set satisfy.
    mutating func holds(_ clause: Int32) -> Bool {
        if scratch.clauseStamp[Int(clause)] == scratch.stamp { return true }
        for index in grammar.tables.requirements.phraseSetIndexes(of: clause) {
            let set = grammar.tables.requirements.phraseSet(at: index)
            guard set == grammar.appPhraseSet ? namesAnApp : namesPhrase(of: set) else { continue }
            grammar.tables.requirements.mark(grammar.tables.phraseSetKeys[Int(set)], in: &scratch.clauseStamp, stamp: scratch.stamp)
            return true
        }
        return false
    }

    /// Whether a run whose automaton must consume one of `firstWords` first (nil: anything)
    /// can get anywhere from `position`: the first token that is not punctuation is one of
    /// them, or starts a skip phrase the run may drop. A run that cannot is not worth starting.
    func mayStart(at position: Int, firstWords: Set<Int32>?) -> Bool {
        guard let firstWords else { return true }
        var position = position
        while position < tokenCount, scratch.isPunctuation[position] { position += 1 }
        guard position < tokenCount else { return false }
        return firstWords.contains(scratch.keyIDs[position]) || scratch.skipStart[position] < scratch.skipStart[position + 1]
    }

    /// The scratch's run buffers, empty, their capacity kept from earlier utterances; the
    /// caller gives them back (`giveBack`) when its runs are done.
    mutating func borrowBuffers() -> RunBuffers {
        var buffers = RunBuffers()
        swap(&buffers, &scratch.buffers)
        buffers.empty()
        return buffers
    }

    /// Returns what `borrowBuffers` lent, for the next caller and the next utterance.
    mutating func giveBack(_ buffers: inout RunBuffers) { swap(&buffers, &scratch.buffers) }

    /// Whether token `position` is a punctuation mark.
    func isPunctuation(_ position: Int) -> Bool { scratch.isPunctuation[position] }

    /// Where the skip phrases ("please", "can you") that start at `position` end.
    func skipEnds(at position: Int) -> ArraySlice<Int32> {
        scratch.skipEnds[Int(scratch.skipStart[position])..<Int(scratch.skipStart[position + 1])]
    }

    /// Number of words (non-punctuation tokens) in `start..<end`.
    func words(_ start: Int, _ end: Int) -> Int { scratch.wordCounts[end] - scratch.wordCounts[start] }

    /// Runs from the seeds up to position `limit`, returning every accept reached.
    mutating func run(seeds: [Seed], limit: Int) -> [Accept] {
        var accepts: [Accept] = []
        run(seeds: seeds, limit: limit, into: &accepts)
        return accepts
    }

    /// `run(seeds:limit:)` into `accepts` (emptied first, its capacity kept): a caller that
    /// runs many times (from every position of a line) allocates one array for all its runs.
    mutating func run(seeds: [Seed], limit: Int, into accepts: inout [Accept]) {
        accepts.removeAll(keepingCapacity: true)
        var first = limit
        for seed in seeds where seed.position <= limit { first = min(first, seed.position) }
        chart.start(first: first, limit: limit)
        limitOfRun = limit
        for seed in seeds where seed.position <= limit { offer(seed.node, seed.thread, at: seed.position) }
        // Positions before the first seed hold nothing (a suffix run starts mid-utterance).
        for position in first...limit {
            closure(at: position, accepts: &accepts)
            guard position < limit else { break }
            advance(from: position, limit: limit)
            // Every edge leads forward: with no thread past here, the run is over.
            if chart.furthest <= position { break }
        }
    }

    /// How far the run just made got on the template's own words: the most words a thread
    /// matched by literals, list values, names or entities (free text not counted), and the
    /// furthest position where a thread had matched that many.
    func mostMatched(limit: Int) -> (words: Int, position: Int) {
        var best = (words: 0, position: 0)
        for position in 0...limit {
            var entry = chart.head(position)
            while entry >= 0 {
                let evidence = chart.thread(entry).evidence
                let words = evidence.literal + evidence.named + evidence.soundsLike
                if words >= best.words { best = (words, position) }
                entry = chart.next(entry)
            }
        }
        return best
    }

    // MARK: captures

    private mutating func capture(_ thread: Thread, _ packed: PackedCapture) -> Thread {
        var packed = packed
        packed.parent = thread.captures
        scratch.arena.append(packed)
        var next = thread
        next.captures = Int32(scratch.arena.count - 1)
        return next
    }

    /// A thread's captures, oldest first, with phrase values materialized.
    ///
    /// NB: the chain is counted first, so the array is allocated once and reversed in place.
    func captures(of thread: Thread) -> [Capture] {
        var count = 0
        var index = thread.captures
        while index >= 0 {
            count += 1
            index = scratch.arena[Int(index)].parent
        }
        var result: [Capture] = []
        result.reserveCapacity(count)
        index = thread.captures
        while index >= 0 {
            let packed = scratch.arena[Int(index)]
            let source: CaptureSource
            switch packed.kind {
            case .wildcard: source = .wildcard
            case .phrase, .soundPhrase, .partialPhrase:
                let hit = scratch.phraseHits[Int(packed.values)]
                source = .phrase(set: packed.set, values: phraseTries.values(hit.valueStart, hit.valueCount), match: hit.match)
            case .entity: source = .entity(scratch.entityHits[Int(packed.values)].value)
            }
            result.append(Capture(slot: packed.slot, start: packed.start, end: packed.end, source: source))
            index = packed.parent
        }
        result.reverse()
        return result
    }

    /// The length in UTF-16 units of the longest span of the text that `thread` captured for
    /// `slot` from a list or an entity (free text left out), or -1 when it captured none.
    ///
    /// NB: read off the capture arena, without materializing the thread's captures.
    func longestListCapture(of thread: Thread, slot: Int32) -> Int {
        var longest = -1
        var index = thread.captures
        while index >= 0 {
            let packed = scratch.arena[Int(index)]
            if packed.slot == slot, packed.kind != .wildcard, packed.end > packed.start {
                longest = max(longest, text.tokens[Int(packed.end) - 1].range.upperBound - text.tokens[Int(packed.start)].range.lowerBound)
            }
            index = packed.parent
        }
        return longest
    }

    /// `first` followed by `second` (a suffix run after a template's accept).
    mutating func joined(_ first: Thread, _ second: Thread) -> Thread {
        var chain: [PackedCapture] = []
        var index = second.captures
        while index >= 0 {
            chain.append(scratch.arena[Int(index)])
            index = scratch.arena[Int(index)].parent
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

    /// Whether a thread at `node` can still do anything at `position` of the current run: a
    /// node that can only consume (one literal word, or words, phrases and entity readings) is
    /// dead unless one of them starts there, or the next token is punctuation or a skip word
    /// the thread may pass over first.
    ///
    /// NB: exact pruning, not a heuristic: such a node has no other edge. Most nodes the
    /// closure reaches are the first words of alternatives the utterance does not say.
    @inline(__always)
    private mutating func viable(_ node: Int32, at position: Int) -> Bool {
        let gate = automaton.gate(node)
        if gate == FrozenAutomaton.ungated { return true }
        guard position < limitOfRun else { return false }
        if scratch.keyIDs[position] == gate || scratch.isPunctuation[position] { return true }
        if automaton.allowsSkip(node) && scratch.skipStart[position] < scratch.skipStart[position + 1] { return true }
        return gate == FrozenAutomaton.gatedByEdges && anyEdgeStarts(node, at: position)
    }

    /// Whether one of the consuming edges of a node `gatedByEdges` can be taken at `position`:
    /// its word is next, or a phrase of its set or a reading of its entity starts there. The
    /// lookups are the memoized ones `consume` makes.
    private mutating func anyEdgeStarts(_ node: Int32, at position: Int) -> Bool {
        let word = scratch.keyIDs[position]
        let (matching, rest) = automaton.literalEdges(node, word: word)
        guard matching.isEmpty else { return true }
        for e in rest {
            let edgeWord = automaton.word(e)
            if edgeWord >= 0 {
                if edgeWord == word { return true }
                continue
            }
            switch automaton.other(edgeWord).kind {
            case .phrases(let set, _): if !phrases(set, at: position).isEmpty { return true }
            case .entity(let entity, _, _): if !entities(entity, at: position).isEmpty { return true }
            default: return true
            }
        }
        return false
    }

    /// Relaxes `node`'s thread at `position` if the node is viable there.
    @inline(__always)
    private mutating func offer(_ node: Int32, _ thread: Thread, at position: Int) {
        if viable(node, at: position) { _ = chart.relax(node, thread, at: position) }
    }

    /// Follows non-consuming edges at one position until nothing improves. A node already
    /// expanded whose thread improves is queued in `again`, to be expanded once more; later
    /// nodes are expanded in turn anyway.
    ///
    /// NB: a position's entries are linked in increasing entry order, so "already expanded"
    /// is "an entry no later than the one being expanded".
    private mutating func closure(at position: Int, accepts: inout [Accept]) {
        var entry = chart.head(position)
        var again: [Int32] = []
        while entry >= 0 {
            expand(entry, at: position, accepts: &accepts, expanded: entry, again: &again)
            while let index = again.popLast() {
                expand(index, at: position, accepts: &accepts, expanded: entry, again: &again)
            }
            entry = chart.next(entry)
        }
    }

    /// Follows the non-consuming edges of chart entry `entry` (at `position`).
    private mutating func expand(_ entry: Int32, at position: Int, accepts: inout [Accept], expanded: Int32, again: inout [Int32]) {
        let node = chart.node(entry)
        let edges = automaton.quietEdges(node)
        // NB: most nodes only consume; their thread is not worth copying here.
        guard !edges.isEmpty else { return }
        let thread = chart.thread(entry)
        for e in edges {
            let word = automaton.word(e), target = automaton.target(e)
            let followed: Thread
            if word == FrozenAutomaton.epsilonWord {
                followed = thread
            } else {
                let edge = automaton.other(word)
                guard let next = follow(edge, thread, at: position) else {
                    if case .accept(let id) = edge.kind {
                        // Room for a run's accepts at once: growing from one cost an allocation each time.
                        if accepts.capacity == 0 { accepts.reserveCapacity(16) }
                        accepts.append(Accept(id: id, end: position, thread: thread))
                    }
                    continue
                }
                followed = next
            }
            if viable(target, at: position), let reached = chart.relax(target, followed, at: position), reached <= expanded {
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
            var next = capture(
                thread, PackedCapture(slot: thread.pendingSlot, start: Int32(start), end: Int32(lastWordEnd(before: position)), kind: .wildcard))
            next.pendingStart = -1
            next.pendingSlot = -1
            return next
        case .ifAppNamed: return appNamed(near: position) ? thread : nil
        case .accept, .word, .phrases, .entity, .wildcardToken, .wildcardFirstToken: return nil
        }
    }

    /// Follows consuming edges, skip words and free punctuation from one position. Every edge
    /// leads to a later position, so the frontier at `position` does not change meanwhile.
    private mutating func advance(from position: Int, limit: Int) {
        let punctuation = scratch.isPunctuation[position]
        let word = scratch.keyIDs[position]
        var entry = chart.head(position)
        while entry >= 0 {
            let node = chart.node(entry)
            let thread = chart.thread(entry)
            defer { entry = chart.next(entry) }
            if punctuation {
                offer(node, thread, at: position + 1)
            } else if automaton.allowsSkip(node) {
                for skip in Int(scratch.skipStart[position])..<Int(scratch.skipStart[position + 1]) {
                    let end = Int(scratch.skipEnds[skip])
                    guard end <= limit else { continue }
                    var skipped = thread
                    skipped.weight += Weights.skipped * Double(words(position, end))
                    skipped.evidence.skipped += words(position, end)
                    offer(node, skipped, at: end)
                }
            }
            // NB: most consuming edges are literal words that do not match; they are told
            // apart here, without a call that copies the thread.
            let (matching, rest) = automaton.literalEdges(node, word: word)
            for e in matching { consume(Edge(kind: .word(word), target: automaton.target(e)), thread, from: position, limit: limit) }
            for e in rest {
                let edgeWord = automaton.word(e)
                if edgeWord >= 0 {
                    if edgeWord == word { consume(Edge(kind: .word(edgeWord), target: automaton.target(e)), thread, from: position, limit: limit) }
                } else {
                    consume(automaton.other(edgeWord), thread, from: position, limit: limit)
                }
            }
        }
    }

    private mutating func consume(_ edge: Edge, _ thread: Thread, from position: Int, limit: Int) {
        switch edge.kind {
        case .word(let key):
            guard scratch.keyIDs[position] == key else { return }
            var next = thread
            if scratch.isPunctuation[position] {
                next.weight += Weights.punctuation
            } else {
                next.weight += scratch.isCorrected[position] ? Weights.corrected : Weights.literal
                next.evidence.literal += 1
            }
            offer(edge.target, next, at: position + 1)
        case .wildcardToken, .wildcardFirstToken:
            // Symbols (emoji, emoticons) are part of free text: a wildcard may take them in,
            // and may be made of them alone ("saying 🍌").
            let punctuation = scratch.isPunctuation[position]
            let symbol = punctuation && isSymbol(position)
            guard !punctuation || symbol else { return }
            if case .wildcardFirstToken(let excluded) = edge.kind, grammar.excludedFirstWords[Int(excluded)].contains(scratch.keyIDs[position]) {
                return
            }
            var next = thread
            if symbol {
                next.weight += Weights.symbol
            } else {
                next.weight += Weights.wildcard + Weights.wildcardOrder * Double(thread.pendingOrder)
                next.evidence.wildcard += 1
            }
            offer(edge.target, next, at: position + 1)
        case .phrases(let set, let slot):
            let hits = phrases(set, at: position)
            for hit in hits.lowerBound..<hits.upperBound {
                let match = scratch.phraseHits[hit]
                let end = Int(match.end)
                guard end <= limit else { continue }
                let count = words(position, end)
                var next = thread
                let kind: PackedCapture.Kind
                switch match.match {
                case .exact:
                    kind = .phrase
                    next.weight += Weights.named * Double(count)
                    next.evidence.named += count
                case .sound:
                    kind = .soundPhrase
                    next.weight += Weights.soundsLike * Double(count)
                    next.evidence.soundsLike += count
                case .partial:
                    kind = .partialPhrase
                    next.weight += Weights.partial * Double(count)
                    next.evidence.named += count
                }
                next = capture(next, PackedCapture(slot: slot, start: Int32(position), end: match.end, kind: kind, set: set, values: Int32(hit)))
                offer(edge.target, next, at: end)
            }
        case .entity(let entity, let slot, let list):
            let hits = entities(entity, at: position)
            guard !hits.isEmpty else { return }
            let range = grammar.lists[Int(list)].range, fractions = grammar.lists[Int(list)].fractions
            for hit in hits.lowerBound..<hits.upperBound {
                let end = scratch.entityHits[hit].end
                guard end <= limit, range.map({ Simulation.value(scratch.entityHits[hit].value, isIn: $0, fractions: fractions) }) ?? true
                else { continue }
                let count = words(position, end)
                var next = capture(
                    thread,
                    PackedCapture(
                        slot: slot, start: Int32(position), end: Int32(end), kind: .entity, set: entity,
                        values: Int32(hit)))
                next.weight += Weights.entity * Double(count)
                next.evidence.named += count
                offer(edge.target, next, at: end)
            }
        case .epsilon, .wildcardOpen, .wildcardClose, .ifAppNamed, .accept: return
        }
    }

    /// Indexes into `scratch.phraseHits` of the phrases of `set` starting at `position`.
    private mutating func phrases(_ set: Int32, at position: Int) -> Range<Int> {
        let slot = position * memoStride + Int(set)
        if let cached = scratch.memoized(slot) { return cached }
        let first = scratch.phraseHits.count
        phraseTries.appendMatches(set: set, keys: tokenKeys, from: position, to: &scratch.phraseHits)
        return scratch.memoize(slot, first..<scratch.phraseHits.count)
    }

    /// Indexes into `scratch.entityHits` of the readings of entity parser `entity` at `position`.
    private mutating func entities(_ entity: Int32, at position: Int) -> Range<Int> {
        let slot = position * memoStride + grammar.phraseValues.count + Int(entity)
        if let cached = scratch.memoized(slot) { return cached }
        let first = scratch.entityHits.count
        scratch.entityHits += grammar.entities[Int(entity)].matches(in: text, from: position, context: entityContext, memo: scratch.entityMemo)
        return scratch.memoize(slot, first..<scratch.entityHits.count)
    }

    /// Whether an entity's value is one of a list's `range`.
    private static func value(_ value: EntityValue, isIn range: (from: Int, to: Int, step: Int), fractions: Int) -> Bool {
        if let n = value.integer { return n >= range.from && n <= range.to && (n - range.from) % range.step == 0 }
        // A fraction (hassil's `fractions`): a whole number of halves or tenths, within the range.
        guard fractions > 1, case .number(let x) = value, x >= Double(range.from), x <= Double(range.to) else { return false }
        let parts = x * Double(fractions)
        return abs(parts - parts.rounded()) < 1e-9
    }

    /// The first word or symbol at or after `position` (a wildcard's start skips leading
    /// punctuation, not the emoji or emoticon it starts with).
    private func firstWord(from position: Int) -> Int {
        var start = position
        while start < tokenCount, scratch.isPunctuation[start], !isSymbol(start) { start += 1 }
        return start
    }

    /// The end (exclusive token index) of the last word or symbol before `position`, so a
    /// wildcard's capture never ends on punctuation it skipped, and keeps a trailing emoji.
    private func lastWordEnd(before position: Int) -> Int {
        var end = position
        while end > 0, scratch.isPunctuation[end - 1], !isSymbol(end - 1) { end -= 1 }
        return end
    }

    /// Whether the token at `position` is a symbol (see `Token.Kind.symbol`), asked only of
    /// punctuation: few tokens are, and a per-token array cost every utterance its filling.
    private func isSymbol(_ position: Int) -> Bool { text.tokens[position].isSymbol }
}

/// A phrase found at a position: where it ends, its values (`valueCount` of them from
/// `valueStart` in the frozen phrase tries) and how it matched.
struct PhraseHit {
    enum Match: UInt8, Sendable {
        /// The whole phrase, by its loose key.
        case exact
        /// The whole phrase, only by its sounds-like key.
        case sound
        /// Only the first or the last words of a vocabulary term ("Bobo" of "Bobo the Great"):
        /// the words name no term of their own, several terms may be meant.
        case partial
    }

    var end: Int32
    var valueStart: Int32
    var valueCount: Int32
    var match: Match
}

/// The memory one match needs, kept from one utterance to the next: the chart's frontiers,
/// the capture arena, per-token arrays, and phrase and entity lookups memoized per position.
///
/// NB: memo slots carry the stamp of the utterance that filled them, so starting an utterance
/// clears nothing: bumping the stamp forgets every slot at once.
struct MatchScratch {
    /// The chart's memory, made by the first simulation that uses this scratch.
    fileprivate var chartMemory: ChartMemory?
    /// The utterance's keys as bytes, made by the first simulation that uses this scratch.
    fileprivate var tokenKeys: TokenKeys?
    fileprivate var arena: [PackedCapture] = []
    fileprivate var phraseHits: [PhraseHit] = []
    fileprivate var entityHits: [EntityMatch] = []
    /// What entity parsers keep of the utterance between positions (its date pieces).
    fileprivate var entityMemo = MatchScratch.noMemo
    fileprivate var keyIDs: [Int32] = []
    /// Per token, whether its key is a correction (a word typed one edit from a template's).
    fileprivate var isCorrected: [Bool] = []
    fileprivate var isPunctuation: [Bool] = []
    /// Per interned key, the stamp of the last utterance it occurred in; per token, whether it
    /// is the first occurrence of its key.
    fileprivate var keyStamp: [UInt32] = []
    /// Per required clause (`TemplateRequirements`), the stamp of the last utterance it held in.
    fileprivate var clauseStamp: [UInt32] = []
    /// Whether the utterance names an app (computed on first use).
    fileprivate var namesAnApp: Bool?
    /// Per position, the first position at or after it where an app's name starts (empty
    /// until `Simulation.appNamed(near:)` asks).
    fileprivate var nextAppStart: [Int32] = []
    /// Per phrase set, the stamp of the last utterance asked whether a phrase of it occurs
    /// (`Simulation.namesPhrase(of:)`), and the answer.
    fileprivate var phraseSetStamp: [UInt32] = []
    fileprivate var phraseSetOccurs: [Bool] = []
    fileprivate var keyFirst: [Bool] = []
    /// The index keys of the utterance's Han character pairs (`KeyPairs`), each once.
    fileprivate var pairKeys: [Int32] = []
    /// Words before each position (one more entry than tokens).
    fileprivate var wordCounts: [Int] = []
    /// Skip-word ends from position p are `skipEnds[skipStart[p]..<skipStart[p + 1]]`.
    fileprivate var skipStart: [Int32] = []
    fileprivate var skipEnds: [Int32] = []
    private var memo: [Memo] = []
    fileprivate private(set) var stamp: UInt32 = 0
    /// Arrays the runs of a match fill, lent out and given back (`Simulation.borrowBuffers`).
    fileprivate var buffers = RunBuffers()

    private struct Memo {
        var stamp: UInt32 = 0
        var first: Int32 = 0
        var end: Int32 = 0
    }

    init() {}

    /// What the scratch was last readied for without corrections: the grammar, the text and
    /// the time entities were read at (nil after a reading with corrections, or before any).
    private var preparedFor: (grammar: ObjectIdentifier, text: String, tokens: Int, now: Date, timeZone: TimeZone)?

    /// Readies the scratch for matching `text`: per-token keys, word counts and skip words,
    /// nothing remembered from the last utterance.
    ///
    /// NB: the same text read again with the same grammar, at the same time and with no
    /// corrections (the second stage after the templates, on a line they did not take) keeps
    /// everything: its keys and skip words are the same, and so are the phrases and entity
    /// readings (dates resolved at that time) found at each position, which the memo keeps.
    fileprivate mutating func prepare(
        grammar: CompiledGrammar, text: TokenizedText, corrections: [(token: Int, key: Int32)], entityContext: EntityContext
    ) {
        let identity = ObjectIdentifier(grammar)
        if corrections.isEmpty, let last = preparedFor, last.grammar == identity, last.tokens == text.tokens.count, last.text == text.text,
            last.now == entityContext.now, last.timeZone == entityContext.timeZone
        {
            return
        }
        preparedFor = corrections.isEmpty ? (identity, text.text, text.tokens.count, entityContext.now, entityContext.timeZone) : nil
        memoStride = grammar.phraseValues.count + grammar.entities.count
        reset(memoSlots: memoStride * (text.tokens.count + 1))
        if phraseSetStamp.count < grammar.phraseValues.count {
            phraseSetStamp.append(contentsOf: repeatElement(0, count: grammar.phraseValues.count - phraseSetStamp.count))
            phraseSetOccurs.append(contentsOf: repeatElement(false, count: grammar.phraseValues.count - phraseSetOccurs.count))
        }
        if entityMemo === MatchScratch.noMemo { entityMemo = EntityMemo() }
        entityMemo.reset(for: text.text)
        let tokenKeys = self.tokenKeys ?? TokenKeys()
        self.tokenKeys = tokenKeys
        tokenKeys.fill(text.tokens)
        let view = tokenKeys.view, phraseTries = grammar.phrases.view
        // NB: by index, so that no token is copied (its strings retained and released); ids
        // are looked up by the bytes `tokenKeys` holds.
        let tokens = text.tokens
        for index in tokens.indices {
            let punctuation = tokens[index].isPunctuation
            keyIDs.append(grammar.keys.id(utf8: view.loose(index)))
            isCorrected.append(false)
            isPunctuation.append(punctuation)
            keyFirst.append(false)
            wordCounts.append(wordCounts[wordCounts.count - 1] + (punctuation ? 0 : 1))
        }
        for correction in corrections where correction.token < keyIDs.count {
            keyIDs[correction.token] = correction.key
            isCorrected[correction.token] = true
        }
        // One entry per position (and one past the end), skip words or not.
        for start in text.tokens.indices {
            skipStart.append(Int32(skipEnds.count))
            phraseTries.appendSkipEnds(view, from: start, to: &skipEnds)
        }
        skipStart.append(Int32(skipEnds.count))
        if chartMemory == nil { chartMemory = ChartMemory() }
    }

    /// Memo slots per position (after `prepare`).
    fileprivate private(set) var memoStride = 0

    /// The keys `prepare` filled (no keys before).
    fileprivate var tokenKeysView: TokenKeys.View { (tokenKeys ?? MatchScratch.noKeys).view }

    /// What an unprepared scratch shows; never filled, so sharing it is safe.
    nonisolated(unsafe) private static let noKeys = TokenKeys()
    /// What an unprepared scratch holds (an empty scratch allocates nothing); `prepare`
    /// replaces it with a memo of the scratch's own before any parser reads.
    nonisolated(unsafe) private static let noMemo = EntityMemo()

    fileprivate var chart: Chart { Chart(memory: chartMemory ?? ChartMemory()) }

    fileprivate mutating func reset(memoSlots: Int) {
        arena.removeAll(keepingCapacity: true)
        phraseHits.removeAll(keepingCapacity: true)
        entityHits.removeAll(keepingCapacity: true)
        keyIDs.removeAll(keepingCapacity: true)
        isCorrected.removeAll(keepingCapacity: true)
        isPunctuation.removeAll(keepingCapacity: true)
        keyFirst.removeAll(keepingCapacity: true)
        pairKeys.removeAll(keepingCapacity: true)
        namesAnApp = nil
        nextAppStart.removeAll(keepingCapacity: true)
        wordCounts.removeAll(keepingCapacity: true)
        wordCounts.append(0)
        skipStart.removeAll(keepingCapacity: true)
        skipEnds.removeAll(keepingCapacity: true)
        stamp &+= 1
        if stamp == 0 {
            memo.removeAll(keepingCapacity: true)
            keyStamp.removeAll(keepingCapacity: true)
            clauseStamp.removeAll(keepingCapacity: true)
            phraseSetStamp.removeAll(keepingCapacity: true)
            phraseSetOccurs.removeAll(keepingCapacity: true)
            stamp = 1
        }
        if memo.count < memoSlots { memo.append(contentsOf: repeatElement(Memo(), count: memoSlots - memo.count)) }
    }

    fileprivate func memoized(_ slot: Int) -> Range<Int>? {
        let entry = memo[slot]
        return entry.stamp == stamp ? Int(entry.first)..<Int(entry.end) : nil
    }

    fileprivate mutating func memoize(_ slot: Int, _ range: Range<Int>) -> Range<Int> {
        memo[slot] = Memo(stamp: stamp, first: Int32(range.lowerBound), end: Int32(range.upperBound))
        return range
    }
}

/// The arrays a match's runs fill and empty again (their seeds, accepts, candidate templates),
/// kept in the scratch for their capacity: grown anew for each utterance, they cost several
/// allocations a line.
struct RunBuffers {
    var seeds: [Simulation.Seed] = []
    var accepts: [Simulation.Accept] = []
    /// Template accepts short of the end, which an app suffix may complete.
    var early: [(id: Int32, end: Int, thread: Thread)] = []
    var templates: [Int32] = []
    /// Index records of templates that need a phrase to occur (`TemplateIndex.select`).
    var records: [Int32] = []
    /// Indexes of the runs that may start at a position (`StartIndex`).
    var started: [Int] = []

    mutating func empty() {
        seeds.removeAll(keepingCapacity: true)
        accepts.removeAll(keepingCapacity: true)
        early.removeAll(keepingCapacity: true)
        templates.removeAll(keepingCapacity: true)
        records.removeAll(keepingCapacity: true)
        started.removeAll(keepingCapacity: true)
    }
}

/// Scratch memory for concurrent matches: each simulation takes one and gives it back.
///
/// The matcher's one way to run over an utterance: `withSimulation` lends a simulation whose
/// memory (chart, memo, hits, captures) comes from the pool, so a match allocates almost
/// nothing once the pool is warm, and no caller handles the memory itself.
final class ScratchPool: @unchecked Sendable {
    private let lock = NSLock()
    private var free: [MatchScratch] = []
    /// Scratch kept beyond this many concurrent matches is dropped.
    private static let keep = 16

    /// Runs `body` on a simulation over `text`, with memory from the pool, given back after.
    func withSimulation<Result>(
        grammar: CompiledGrammar, text: TokenizedText, entityContext: EntityContext, corrections: [(token: Int, key: Int32)] = [],
        _ body: (inout Simulation) -> Result
    ) -> Result {
        var taken = take()
        var simulation = Simulation(grammar: grammar, text: text, entityContext: entityContext, corrections: corrections, scratch: &taken)
        let result = body(&simulation)
        give(simulation.takeScratch())
        return result
    }

    private func take() -> MatchScratch {
        lock.lock()
        defer { lock.unlock() }
        return free.popLast() ?? MatchScratch()
    }

    private func give(_ scratch: consuming MatchScratch) {
        lock.lock()
        defer { lock.unlock() }
        if free.count < ScratchPool.keep { free.append(consume scratch) }
    }
}

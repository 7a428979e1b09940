import IntentParseGrammar
import IntentParseNormalization

/// The second stage's tables, derived from the compiled cues when a grammar is made or loaded.
struct FrameTables: Sendable {
    struct Intent: Sendable {
        var name: String
        /// Indexes of its cues in `GrammarTables.frameCues`.
        var cues: [Int]
        /// What an interpretation names as its template: the intent's first verb.
        var template: CompiledTemplate
        /// The words its verbs start with (nil: a verb may start otherwise): an intent none of
        /// whose verbs can start in a line is not looked for there.
        var verbFirstWords: Set<Int32>? = []
    }

    var intents: [Intent] = []
    /// Per cue, the index of its intent in `intents`.
    var intentOfCue: [Int] = []
    /// Per role (by raw value), its cues by the words they may start with, so that a cue is
    /// run only from the positions where it can start, and only when its role is looked for.
    var cueStarts: [StartIndex] = []
    /// The intents by the words their verbs may start with (`Intent.verbFirstWords`).
    var verbStarts = StartIndex([])

    init(_ tables: GrammarTables) {
        var byName: [String: Int] = [:]
        var firstWords: [Set<Int32>?] = []
        for (index, compiled) in tables.frameCues.enumerated() {
            let name = compiled.cue.intent
            if byName[name] == nil {
                byName[name] = intents.count
                let verb = tables.frameCues.first { $0.cue.intent == name && $0.cue.role == .verb }?.cue ?? compiled.cue
                let template = Template(intent: name, source: verb.source, fixedSlots: [], index: -1)
                intents.append(
                    Intent(
                        name: name, cues: [],
                        template: CompiledTemplate(
                            template: template, start: -1, isLearned: false, intent: compiled.intent, supportingApps: compiled.supportingApps)))
            }
            let intent = byName[name] ?? 0
            intents[intent].cues.append(index)
            intentOfCue.append(intent)
            let first = tables.automaton.firstWords(from: compiled.start)
            firstWords.append(first)
            if compiled.cue.role == .verb {
                if let first, let known = intents[intent].verbFirstWords {
                    intents[intent].verbFirstWords = known.union(first)
                } else {
                    intents[intent].verbFirstWords = nil
                }
            }
        }
        cueStarts = FrameCue.Role.allCases.map { role in
            StartIndex(firstWords) { tables.frameCues[$0].cue.role == role }
        }
        verbStarts = StartIndex(intents.map(\.verbFirstWords))
    }

    var isEmpty: Bool { intents.isEmpty }
}

/// Which of a list of runs may start at a word, by the word's key: those whose first words
/// are not known, and those whose first words hold the key (one lookup a word, rather than
/// one a run).
struct StartIndex: Sendable {
    private var anywhere: [Int] = []
    /// Per key id (a dense table: keys are small integers), the runs that may start with it,
    /// those of `anywhere` included, in order; empty for a key no run starts with.
    private var byKey: [[Int]] = []
    private let all: [Int]

    /// `firstWords`: per run, the words it must start with (nil: it may start otherwise);
    /// only the runs `included` are indexed.
    init(_ firstWords: [Set<Int32>?], including included: (Int) -> Bool = { _ in true }) {
        all = firstWords.indices.filter(included)
        for index in all {
            guard let words = firstWords[index] else {
                anywhere.append(index)
                continue
            }
            for word in words where word >= 0 {
                if Int(word) >= byKey.count { byKey += repeatElement([], count: Int(word) + 1 - byKey.count) }
                byKey[Int(word)].append(index)
            }
        }
        for key in byKey.indices where !byKey[key].isEmpty { byKey[key] = (anywhere + byKey[key]).sorted() }
    }

    /// The runs that may start at `position` of `simulation`'s text, in increasing order, as
    /// `Simulation.mayStart` tells (every run where a skip phrase starts).
    func runs(at position: Int, of simulation: Simulation) -> [Int] {
        guard simulation.skipEnds(at: position).isEmpty else { return all }
        let key = Int(simulation.keyIDs[position])
        return key >= 0 && key < byKey.count && !byKey[key].isEmpty ? byKey[key] : anywhere
    }
}

/// What the second stage tried for one intent (`explain`).
package struct FrameAttempt: Sendable {
    package var intent: String
    /// The cues found in the line, as "role: words".
    package var found: [String]
    /// Words of the line that its best reading leaves unexplained (nil: no reading had a verb
    /// and an object, or an exclusion vetoed the intent).
    package var unexplained: Int?
    package var outcome: String
}

/// The second matching stage, for a line no template takes: the phrases the grammar declares
/// for each intent (`frame:` cues: verbs, objects, parts with slots, exclusions) and the app's
/// name are found wherever they occur; for each intent, the cover of the line by its cues that
/// has a verb and an object at the lowest cost (`Step.cost`) is its frame; frames whose cost is
/// at most the line's word count are ranked by cost, then by how strongly their cues matched
/// (as templates weigh words). A tie is ambiguous and rejected; a reading scores below any
/// template's.
extension IntentMatcher {
    /// A frame's score: below every template reading's (which start at 0.4 for an utterance
    /// they explain nothing of), higher the more of the line it explains.
    static func frameScore(explained: Int, words: Int, appKnown: Bool) -> Double {
        let share = words > 0 ? Double(explained) / Double(words) : 0
        let score = 0.1 + 0.25 * share - (appKnown ? 0 : 0.05)
        return (min(0.35, max(0.01, score)) * 100).rounded() / 100
    }

    private struct Span {
        var start: Int
        var end: Int
        /// Index in `GrammarTables.frameCues`, or -1 for an app's name.
        var cue: Int
        var thread: Thread
        /// Whether it took no free text and no part of a name ("Bobo" of "Bobo the Great").
        var isExact: Bool
    }

    private struct Step {
        var unexplained: Int
        /// Words taken as free text (a wildcard's): explained, but weakly.
        var freeText: Int
        var weight: Double
        /// The state it came from (position × 4 + flags) and the span it took (-1: none).
        var from: Int
        var span: Int

        /// What a cover costs: an unexplained word twice a word of free text (a wildcard that
        /// swallowed its neighbours would otherwise explain them all).
        var cost: Int { 2 * unexplained + freeText }

        func isBetter(than other: Step?) -> Bool {
            guard let other else { return true }
            return cost != other.cost ? cost < other.cost : weight > other.weight + 1e-9
        }
    }

    private static let verbFlag: UInt8 = 1
    private static let objectFlag: UInt8 = 2

    /// The second stage's reading of `tokenized` (a line no template took), or why there is
    /// none; with what it tried per intent.
    /// `breaks`: per token, whether it must not be left unexplained (where a request
    /// separator starts: the line may hold a second request). `tracing`: whether to say what
    /// was tried (`explain`); parsing leaves `attempts` empty.
    package func frameReading(
        _ tokenized: TokenizedText, context: MatchContext = MatchContext(), breaks: [Bool] = [], tracing: Bool = false
    ) -> (
        result: MatchResult, attempts: [FrameAttempt]
    ) {
        var result = MatchResult(
            text: tokenized.text, locale: grammar.locale, tokens: tokenized.tokens, interpretations: [], reason: MatchResult.noTemplateReason)
        let frames = grammar.frames
        let words = IntentMatcher.wordCount(tokenized)
        guard !frames.isEmpty, words > 0, words <= context.maxWords, tokenized.tokens.count <= context.maxTokens else { return (result, []) }
        let interpreter = self.interpreter(tokenized, words: words, context: context)
        return scratch.withSimulation(grammar: grammar, text: tokenized, entityContext: context.entityContext) { simulation in
            // Only intents one of whose verbs may start somewhere in the line are looked for.
            var viable = [Bool](repeating: false, count: frames.intents.count)
            for position in tokenized.tokens.indices where !simulation.isPunctuation(position) {
                for intent in frames.verbStarts.runs(at: position, of: simulation) { viable[intent] = true }
            }
            guard viable.contains(true) else { return (result, []) }
            let (spans, live) =
                tracing ? (frameSpans(&simulation, frames: frames, live: viable), viable) : cueSpans(&simulation, frames: frames, viable: viable)
            var attempts: [FrameAttempt] = []
            var readings: [(cost: Int, weight: Double, interpretation: Interpretation)] = []
            for (intentIndex, intent) in frames.intents.enumerated() where live[intentIndex] {
                let own = spans.indices.filter { spans[$0].cue < 0 || frames.intentOfCue[spans[$0].cue] == intentIndex }
                let found = own.filter { spans[$0].cue >= 0 }
                guard !found.isEmpty else { continue }
                var attempt = FrameAttempt(
                    intent: intent.name,
                    found: !tracing
                        ? []
                        : found.map { index in
                            let span = spans[index]
                            return "\(grammar.frameCues[span.cue].cue.role.key): \(tokenized.slice(tokens: span.start, through: span.end - 1))"
                        }, unexplained: nil, outcome: "")
                defer { if tracing { attempts.append(attempt) } }
                if found.contains(where: { grammar.frameCues[spans[$0].cue].cue.role == .exclude && vetoes(spans[$0], among: spans, frames: frames) })
                {
                    attempt.outcome = "excluded"
                    continue
                }
                guard let (cover, step) = bestCover(spans, own, breaks: breaks, simulation: simulation) else {
                    attempt.outcome = "no verb and object together"
                    continue
                }
                attempt.unexplained = step.unexplained
                let explained = words - step.unexplained
                guard step.cost <= words else {
                    attempt.outcome = "too many words unexplained"
                    continue
                }
                var thread = Thread()
                var captures: [Capture] = []
                for index in cover {
                    thread.weight += spans[index].thread.weight
                    thread.evidence.add(spans[index].thread.evidence)
                    captures += simulation.captures(of: spans[index].thread)
                }
                captures.sort { $0.start < $1.start }
                switch interpreter.interpret(template: intent.template, thread: thread, captures: captures) {
                case .accepted(var interpretation):
                    interpretation.score = IntentMatcher.frameScore(explained: explained, words: words, appKnown: interpretation.app != nil)
                    interpretation.isFrameReading = true
                    readings.append((step.cost, step.weight, interpretation))
                    attempt.outcome = "read"
                case .rejected(let reason):
                    attempt.outcome = "rejected: \(reason)"
                case .alreadyKept:
                    break
                }
            }
            readings.sort { $0.cost != $1.cost ? $0.cost < $1.cost : $0.weight > $1.weight }
            guard let first = readings.first else { return (result, attempts) }
            if readings.count > 1, readings[1].cost == first.cost, abs(readings[1].weight - first.weight) < 1e-9 {
                result.reason = "the request could be \(first.interpretation.intent) or \(readings[1].interpretation.intent)"
                return (result, attempts)
            }
            result.reason = nil
            result.interpretations = Array(readings.prefix(context.maxAlternatives + 1).map(\.interpretation))
            return (result, attempts)
        }
    }

    /// The spans `frameSpans` finds for the intents that may be read, found role by role:
    /// exclusions and verbs first (words only, quickly run), then objects, then parts and the
    /// app's names, each for the intents still `live`: an intent an exclusion vetoes, or with
    /// no exact verb or no exact object anywhere in the line, can have no reading (a part
    /// counts only as the verb or object found inside it), so its other cues are not looked for.
    private func cueSpans(_ simulation: inout Simulation, frames: FrameTables, viable: [Bool]) -> (spans: [Span], live: [Bool]) {
        var live = viable
        var spans = frameSpans(&simulation, frames: frames, live: live, roles: [.exclude, .verb], wrappers: false)
        let cues = grammar.frameCues
        func keep(_ role: FrameCue.Role) {
            var found = [Bool](repeating: false, count: live.count)
            for span in spans where span.isExact && cues[span.cue].cue.role == role { found[frames.intentOfCue[span.cue]] = true }
            for intent in live.indices where !found[intent] { live[intent] = false }
        }
        for span in spans where cues[span.cue].cue.role == .exclude && vetoes(span, among: spans, frames: frames) {
            live[frames.intentOfCue[span.cue]] = false
        }
        keep(.verb)
        guard live.contains(true) else { return ([], live) }
        spans = spans.filter { live[frames.intentOfCue[$0.cue]] }
        spans += frameSpans(&simulation, frames: frames, live: live, roles: [.object], wrappers: false)
        keep(.object)
        guard live.contains(true) else { return ([], live) }
        spans += frameSpans(&simulation, frames: frames, live: live, roles: [.part], wrappers: true)
        // In the order one pass over every role would have found them (a tie between covers
        // goes to the earlier span).
        spans = spans.enumerated().sorted { a, b in
            a.element.start != b.element.start ? a.element.start < b.element.start : a.offset < b.offset
        }.map(\.element)
        return (spans, live)
    }

    /// Whether `exclusion` (a span of an exclusion cue) vetoes its intent: not when one of the
    /// intent's own verbs found in `spans` holds it and more words ("put" in "what did i put on
    /// my list", where "did i put" is a verb of searching and "put" one of adding). An
    /// exclusion that is a whole verb ("可以订位吗") still vetoes.
    private func vetoes(_ exclusion: Span, among spans: [Span], frames: FrameTables) -> Bool {
        let intent = frames.intentOfCue[exclusion.cue]
        return !spans.contains { span in
            span.cue >= 0 && frames.intentOfCue[span.cue] == intent && grammar.frameCues[span.cue].cue.role == .verb
                && span.start <= exclusion.start && exclusion.end <= span.end && span.end - span.start > exclusion.end - exclusion.start
        }
    }

    /// Every cue of the `live` intents (of the given roles; nil: all) found in the line, from
    /// every position, and with `wrappers` the app's names (with the words the grammar's app
    /// prefix and suffix take around them: "in", "with").
    private func frameSpans(
        _ simulation: inout Simulation, frames: FrameTables, live: [Bool], roles: [FrameCue.Role]? = nil, wrappers withWrappers: Bool = true
    ) -> [Span] {
        let end = simulation.text.tokens.count
        let cues = grammar.frameCues
        var wrappers: [Int32] = []
        if withWrappers, simulation.namesAnApp { wrappers = [grammar.prefixStart, grammar.suffixStart].compactMap { $0 } }
        let looked = (roles ?? FrameCue.Role.allCases).map { frames.cueStarts[Int($0.rawValue)] }
        var spans: [Span] = []
        // One array of seeds and of cues for every position (the scratch's, kept for their
        // capacity): most positions seed a few runs.
        var buffers = simulation.borrowBuffers()
        defer { simulation.giveBack(&buffers) }
        for position in 0..<end where !simulation.isPunctuation(position) {
            buffers.seeds.removeAll(keepingCapacity: true)
            for wrapper in wrappers { buffers.seeds.append((position, wrapper, .empty)) }
            buffers.started.removeAll(keepingCapacity: true)
            for starts in looked { buffers.started += starts.runs(at: position, of: simulation) }
            // In the cues' order, as one index of every role would give them.
            if looked.count > 1 { buffers.started.sort() }
            for index in buffers.started where live[frames.intentOfCue[index]] { buffers.seeds.append((position, cues[index].start, .empty)) }
            guard !buffers.seeds.isEmpty else { continue }
            simulation.run(seeds: buffers.seeds, limit: end, into: &buffers.accepts)
            for accept in buffers.accepts where accept.end > position {
                if let cue = Automaton.frameCueIndex(accept.id) {
                    // Parts of names count as named words: only a cue with named words can hold one.
                    var partial = 0
                    if accept.thread.evidence.named > 0 {
                        for capture in simulation.captures(of: accept.thread) {
                            if case .phrase(_, _, .partial) = capture.source { partial += simulation.words(Int(capture.start), Int(capture.end)) }
                        }
                    }
                    // A cue that matched free text or parts of names alone ("{person}" on any
                    // words) is no evidence.
                    guard accept.thread.evidence.firm > partial else { continue }
                    spans.append(
                        Span(
                            start: position, end: accept.end, cue: cue, thread: accept.thread,
                            isExact: partial == 0 && accept.thread.evidence.wildcard == 0))
                } else if accept.id == Automaton.prefixAccept || accept.id == Automaton.suffixAccept {
                    spans.append(Span(start: position, end: accept.end, cue: -1, thread: accept.thread, isExact: true))
                }
            }
        }
        return spans
    }

    /// The cover of the line by `candidates` (indexes into `spans`, which do not overlap in a
    /// cover) that takes a verb and an object and leaves the fewest words unexplained, then
    /// weighs most; nil when no cover takes both. A part counts as the verb or object it holds.
    private func bestCover(_ spans: [Span], _ candidates: [Int], breaks: [Bool], simulation: Simulation) -> ([Int], Step)? {
        let end = simulation.text.tokens.count
        var flags = [UInt8](repeating: 0, count: spans.count)
        var byStart = [[Int]](repeating: [], count: end)
        for index in candidates {
            byStart[spans[index].start].append(index)
            // Free text, or a part of a name, is no evidence of the action or of what it is about.
            guard spans[index].cue >= 0, spans[index].isExact else { continue }
            switch grammar.frameCues[spans[index].cue].cue.role {
            case .verb: flags[index] = IntentMatcher.verbFlag
            case .object: flags[index] = IntentMatcher.objectFlag
            case .part, .exclude: break
            }
        }
        // A part that holds a verb or an object counts as it.
        let own = flags
        for index in candidates where spans[index].cue >= 0 && grammar.frameCues[spans[index].cue].cue.role == .part {
            for inner in candidates
            where own[inner] != 0 && spans[inner].start >= spans[index].start && spans[inner].end <= spans[index].end && inner != index {
                flags[index] |= own[inner]
            }
        }
        var states = [Step?](repeating: nil, count: (end + 1) * 4)
        states[0] = Step(unexplained: 0, freeText: 0, weight: 0, from: -1, span: -1)
        func relax(_ position: Int, _ flag: UInt8, _ step: Step) {
            let state = position * 4 + Int(flag)
            if step.isBetter(than: states[state]) { states[state] = step }
        }
        for position in 0..<end {
            for flag in UInt8(0)..<4 {
                let state = position * 4 + Int(flag)
                guard let here = states[state] else { continue }
                let word = simulation.isPunctuation(position) ? 0 : 1
                if position >= breaks.count || !breaks[position] {
                    relax(
                        position + 1, flag,
                        Step(unexplained: here.unexplained + word, freeText: here.freeText, weight: here.weight, from: state, span: -1))
                }
                for skipEnd in simulation.skipEnds(at: position) where Int(skipEnd) > position {
                    relax(
                        Int(skipEnd), flag,
                        Step(unexplained: here.unexplained, freeText: here.freeText, weight: here.weight + Weights.skipped, from: state, span: -1))
                }
                for index in byStart[position] {
                    relax(
                        spans[index].end, flag | flags[index],
                        Step(
                            unexplained: here.unexplained, freeText: here.freeText + spans[index].thread.evidence.wildcard,
                            weight: here.weight + spans[index].thread.weight, from: state, span: index))
                }
            }
        }
        let full = Int(IntentMatcher.verbFlag | IntentMatcher.objectFlag)
        guard let last = states[end * 4 + full] else { return nil }
        var cover: [Int] = []
        var step = last
        while step.from >= 0 {
            if step.span >= 0 { cover.append(step.span) }
            guard let previous = states[step.from] else { break }
            step = previous
        }
        return (cover.reversed(), last)
    }
}

extension Evidence {
    /// Tokens matched by the grammar's own words, lists, names or entities (not free text).
    var firm: Int { literal + named + soundsLike }

    /// Adds `other`'s counts to these.
    mutating func add(_ other: Evidence) {
        literal += other.literal
        named += other.named
        soundsLike += other.soundsLike
        wildcard += other.wildcard
        skipped += other.skipped
    }
}

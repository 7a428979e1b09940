import Foundation
import IntentParseBase
import IntentParseEntities
import IntentParseGrammar
import IntentParseNormalization
import IntentParseVocabulary

/// What the caller knows besides the utterance.
public struct MatchContext: Sendable {
    /// The app in focus (`--app`): its display name, bundle name, alternative name or identifier.
    public var app: String?
    /// Utterances with more words are rejected without matching (bounded time for any input).
    public var maxWords: Int
    /// Words and punctuation marks together: four per word allowed.
    public var maxTokens: Int { maxWords * 4 }
    /// How many alternatives to keep after the best interpretation.
    public var maxAlternatives: Int
    /// The reference time relative dates resolve against (`--now`), and their time zone.
    public var entityContext: EntityContext
    /// With every locale tried: the one to keep when an utterance says nothing of its language
    /// (the locales tie: "ok", an empty line, gibberish). Nil: the first in locale order.
    public var preferredLocale: String?
    /// What the caller knows of the request's situation, for hassil grammars' context
    /// conditions (`requires_context`, `excludes_context`): `[("area", "Kitchen")]` for a
    /// request spoken in the kitchen, which "turn on the lights in here" needs.
    public var intentContext: [(key: String, value: JSONValue)] = []
    /// A slot whose readings come first, whatever their weight (hassil's `best_slot_name`):
    /// "name" prefers "turn off the bedroom lamp" as the device named "Bedroom Lamp" to the
    /// lamps of the area "Bedroom".
    public var preferredSlot: String?

    /// A context; the defaults: no app in focus, 256 words at most, three alternatives, the clock.
    public init(
        app: String? = nil, maxWords: Int = 256, maxAlternatives: Int = 3, entityContext: EntityContext = EntityContext(),
        preferredLocale: String? = nil
    ) {
        self.app = app
        self.maxWords = maxWords
        self.maxAlternatives = maxAlternatives
        self.entityContext = entityContext
        self.preferredLocale = preferredLocale
    }
}

/// Matches utterances against one locale's compiled grammar.
///
/// Per utterance: tokenize → candidate templates from the rarest-literal index → the app-prefix
/// automaton from the start → the candidates' automata (from the start and after each prefix)
/// → the app-suffix automaton after each template accept short of the end → interpret, rank.
package struct IntentMatcher: Sendable {
    package let grammar: CompiledGrammar
    let scratch = ScratchPool()
    /// How far into an utterance an app prefix may reach, and how long a suffix may be (words).
    static let prefixReach = 24
    static let suffixReach = 16
    /// Template words typed right that a reading with corrected words needs besides them.
    static let literalsBesideCorrections = 2

    package init(grammar: CompiledGrammar) { self.grammar = grammar }

    /// `text`'s tokens, with case endings cut from names where the locale glues them on.
    package func tokenize(_ text: String) -> TokenizedText {
        let tokenized = grammar.normalizer.tokenize(text)
        guard grammar.normalizer.splitsSuffixes else { return tokenized }
        return grammar.normalizer.splittingSuffixes(
            tokenized, endsName: { grammar.tables.nameEnds.contains($0) },
            isName: { grammar.tables.names.contains($0.joined(separator: PhraseSet.nameSeparator)) },
            isWord: { grammar.tables.languageWords.id($0) != KeyTable.none })
    }

    /// Matchers with equal keys for a text cut it into the same tokens (`tokenize`); nil when
    /// this one's tokens depend on its grammar (case endings cut from the names it knows).
    package func tokenizationKey(for traits: Normalizer.TextTraits) -> Normalizer.TokenizationKey? {
        grammar.normalizer.splitsSuffixes ? nil : grammar.normalizer.tokenizationKey(for: traits)
    }

    /// `text` cut into tokens as `match` cuts it (with the locale's case endings split off).
    package func tokens(of text: String) -> [Token] { tokenize(text).tokens }

    package func match(_ text: String, context: MatchContext = MatchContext()) -> MatchResult {
        match(tokenize(text), context: context)
    }

    /// `match` on a text this matcher has already cut into tokens (`tokenize`). `typos`: false
    /// leaves out the reading of words typed one edit from a template's, for a caller that
    /// asks it only when no other language takes the line as typed.
    package func match(_ tokenized: TokenizedText, context: MatchContext = MatchContext(), typos: Bool = true) -> MatchResult {
        let text = tokenized.text
        var result = MatchResult(text: text, locale: grammar.locale, tokens: tokenized.tokens, interpretations: [], reason: nil)
        let words = IntentMatcher.wordCount(tokenized)
        if words == 0 {
            result.reason = text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "empty utterance" : "no words in the utterance"
            return result
        }
        if words > context.maxWords {
            result.reason = "utterance too long: \(words) words (the limit is \(context.maxWords))"
            return result
        }
        // Punctuation counts too: a few words in a sea of commas would otherwise cost as much.
        if tokenized.tokens.count > context.maxTokens {
            result.reason = "utterance too long: \(tokenized.tokens.count) words and marks (the limit is \(context.maxTokens))"
            return result
        }
        if let (entry, exact) = grammar.shortcuts.match(tokenized.tokens) {
            result.interpretations = [.shortcut(entry, exact: exact, apps: grammar.apps, schema: grammar.schema)]
            return result
        }
        let interpreter = self.interpreter(tokenized, words: words, context: context)
        let ranked = rank(tokenized, interpreter: interpreter, context: context)
        if ranked.interpretations.isEmpty, ranked.rejection == nil {
            guard typos else {
                result.reason = MatchResult.noTemplateReason
                result.typosUnread = true
                return result
            }
            if let corrected = typoReading(tokenized, interpreter: interpreter, context: context) {
                return concluded(result, ranked: corrected.ranked, interpretations: corrected.kept)
            }
        }
        return concluded(result, ranked: ranked, interpretations: ranked.interpretations)
    }

    /// `result` of `match(tokenized, context:, typos: false)`, with the reading of words typed
    /// one edit from a template's that `typos: false` left out (as `match` would have made it).
    package func readingTypos(_ result: MatchResult, _ tokenized: TokenizedText, context: MatchContext = MatchContext()) -> MatchResult {
        guard result.typosUnread else { return result }
        var result = result
        result.typosUnread = false
        let interpreter = interpreter(tokenized, words: IntentMatcher.wordCount(tokenized), context: context)
        guard let corrected = typoReading(tokenized, interpreter: interpreter, context: context)
        else { return result }
        result.reason = nil
        return concluded(result, ranked: corrected.ranked, interpretations: corrected.kept)
    }

    /// The tokens that are not punctuation.
    static func wordCount(_ tokenized: TokenizedText) -> Int {
        tokenized.tokens.reduce(0) { $0 + ($1.isPunctuation ? 0 : 1) }
    }

    func interpreter(_ tokenized: TokenizedText, words: Int, context: MatchContext) -> Interpreter {
        Interpreter(
            grammar: grammar, text: tokenized, contextApp: contextAppIndex(context.app), wordCount: words,
            intentContext: context.intentContext.map { ($0.key, $0.value) })
    }

    /// No template took the line: a word typed one edit from a template's is read as it, in
    /// a reading that has at least two more of its template's words typed right ("entre" is
    /// no "entry" in "add entre um coco e um adeus to my playlist"). Nil when there is none.
    private func typoReading(
        _ tokenized: TokenizedText, interpreter: Interpreter, context: MatchContext
    ) -> (ranked: Ranked, kept: [Interpretation])? {
        let corrections = typoCorrections(tokenized)
        guard !corrections.isEmpty else { return nil }
        let corrected = rank(tokenized, interpreter: interpreter, context: context, corrections: corrections)
        let kept = corrected.interpretations.filter {
            $0.evidence.literal - corrections.count >= IntentMatcher.literalsBesideCorrections
        }
        return kept.isEmpty ? nil : (corrected, kept)
    }

    /// `result` with `interpretations`, unless the best names an app that cannot do it.
    private func concluded(_ result: MatchResult, ranked: Ranked, interpretations: [Interpretation]) -> MatchResult {
        var result = result
        result.interpretations = interpretations
        // The best reading names an app that cannot do it ("send a message to Coco in
        // List-o-Mat"): refuse, rather than fall back to a weaker reading that swallows the name.
        if let best = result.interpretations.indices.first, !result.interpretations[best].isLearnedTemplate,
            let rejected = ranked.rejectedAbove, rejected > result.interpretations[best].weight
        {
            result.interpretations = []
        }
        if result.interpretations.isEmpty {
            result.reason = ranked.rejection ?? MatchResult.noTemplateReason
        }
        return result
    }

    /// The templates that accept the utterance, interpreted and ranked.
    private func rank(
        _ tokenized: TokenizedText, interpreter: Interpreter, context: MatchContext, corrections: [(token: Int, key: Int32)] = []
    ) -> Ranked {
        scratch.withSimulation(grammar: grammar, text: tokenized, entityContext: context.entityContext, corrections: corrections) { simulation in
            var pool = templateAccepts(&simulation, tokenized)
            var ranked = Ranked(keep: context.maxAlternatives + 1)
            // NB: templates learned from IntentExamples are a fallback, used only when no grammar
            // template accepts the utterance: an example's literal words (a contact that happens to
            // be in it) would otherwise outweigh the general template and lose its slots.
            let templates = grammar.templates
            pool.sort { ($0.1.weight, -$0.0) > ($1.1.weight, -$1.0) }
            // hassil's best_slot_name: readings that fill the slot from a list (not free text)
            // first, the longest such value first.
            if let preferred = context.preferredSlot, let slot = grammar.tables.slotIndex(preferred), pool.count > 1 {
                let filled = pool.map { simulation.longestListCapture(of: $0.1, slot: slot) }
                // Stable: equally long ones keep their order.
                let order = pool.indices.sorted { filled[$0] != filled[$1] ? filled[$0] > filled[$1] : $0 < $1 }
                pool = order.map { pool[$0] }
            }
            for learned in [false, true] where ranked.interpretations.isEmpty {
                for (templateID, thread) in pool where !ranked.isFull && templates[Int(templateID)].isLearned == learned {
                    ranked.add(
                        interpreter.interpret(
                            template: templates[Int(templateID)], thread: thread,
                            captures: simulation.captures(of: thread), kept: ranked.seen), weight: thread.weight)
                }
            }
            return ranked
        }
    }

    /// The utterance's words that no template uses and that are one edit from exactly one
    /// template word (`TypoIndex`), with that word's key.
    private func typoCorrections(_ tokenized: TokenizedText) -> [(token: Int, key: Int32)] {
        var corrections: [(token: Int, key: Int32)] = []
        for (index, token) in tokenized.tokens.enumerated() where !token.isPunctuation && TypoIndex.isWordLike(token.looseKey) {
            guard grammar.tables.keys.id(token.looseKey) == KeyTable.none, let key = grammar.tables.typos.correction(of: token.looseKey)
            else { continue }
            corrections.append((index, key))
        }
        return corrections
    }

    /// Every template that covers the whole utterance, with its best thread (in no order).
    private func templateAccepts(_ simulation: inout Simulation, _ text: TokenizedText) -> [(Int32, Thread)] {
        let end = text.tokens.count
        // NB: the arrays of the runs are the scratch's, kept for their capacity.
        var buffers = simulation.borrowBuffers()
        defer { simulation.giveBack(&buffers) }
        candidateTemplates(&simulation, into: &buffers.templates, records: &buffers.records)
        for template in buffers.templates { buffers.seeds.append((0, grammar.templates[Int(template)].start, .empty)) }
        // NB: an utterance that names no app has no app prefix or suffix: their runs are skipped.
        if let prefix = grammar.prefixStart, !grammar.prefixNeedsApp || simulation.namesAnApp {
            let reach = min(end, IntentMatcher.prefixReach)
            simulation.run(seeds: [(0, prefix, .empty)], limit: reach, into: &buffers.accepts)
            for accept in buffers.accepts where accept.id == Automaton.prefixAccept && accept.end > 0 {
                for template in buffers.templates { buffers.seeds.append((accept.end, grammar.templates[Int(template)].start, accept.thread)) }
            }
        }
        // Few templates accept an utterance: a list searched in place beats hashing.
        var best: [(Int32, Thread)] = []
        simulation.run(seeds: buffers.seeds, limit: end, into: &buffers.accepts)
        for accept in buffers.accepts where accept.id >= 0 {
            if accept.end == end {
                IntentMatcher.keepBest(&best, accept.id, accept.thread)
            } else if end - accept.end <= IntentMatcher.suffixReach {
                buffers.early.append((accept.id, accept.end, accept.thread))
            }
        }
        if let suffix = grammar.suffixStart, !buffers.early.isEmpty, !grammar.suffixNeedsApp || simulation.namesAnApp {
            var suffixes: [(start: Int, thread: Thread)] = []
            var starts = buffers.early.map(\.end)
            starts.sort()
            var previous = -1
            for start in starts where start != previous {
                previous = start
                guard simulation.mayStart(at: start, firstWords: grammar.suffixFirstWords) else { continue }
                var tail: Thread?
                simulation.run(seeds: [(start, suffix, .empty)], limit: end, into: &buffers.accepts)
                for accept in buffers.accepts
                where accept.id == Automaton.suffixAccept && accept.end == end && accept.thread.weight > (tail?.weight ?? -.infinity) {
                    tail = accept.thread
                }
                if let tail { suffixes.append((start, tail)) }
            }
            for (id, position, thread) in buffers.early {
                if let tail = suffixes.first(where: { $0.start == position })?.thread {
                    IntentMatcher.keepBest(&best, id, simulation.joined(thread, tail))
                }
            }
        }
        return best
    }

    private static func keepBest(_ best: inout [(Int32, Thread)], _ id: Int32, _ thread: Thread) {
        if let index = best.firstIndex(where: { $0.0 == id }) {
            if thread.weight > best[index].1.weight { best[index].1 = thread }
        } else {
            // Room for a few at once; a line no template takes allocates nothing.
            if best.isEmpty { best.reserveCapacity(4) }
            best.append((id, thread))
        }
    }

    /// Templates whose rarest required clause occurs in the utterance and whose other required
    /// clauses do too, plus the unindexed ones. A clause that a phrase of a set satisfies
    /// (`{app}`, `{ride_option}`) and no word of the utterance does is checked last, with the
    /// phrase lookups the automata would make, and only for templates whose every other clause holds.
    ///
    /// NB: the tables are read in place through `grammar.tables` (a chain of `let`s): a copy
    /// out of the grammar retains every array of a table, and a closure over the result lists
    /// boxed them behind run-time exclusivity checks.
    /// `result` and `ifPhrasesOccur` are emptied first (their capacity kept: the caller's
    /// buffers, with room for the duplicates, as a template is filed under each word of its clause).
    func candidateTemplates(_ simulation: inout Simulation, into result: inout [Int32], records ifPhrasesOccur: inout [Int32]) {
        simulation.markPresentKeys(keyCount: grammar.tables.keys.count)
        let stamp = simulation.markSatisfiedClauses(grammar.tables.requirements)
        result.removeAll(keepingCapacity: true)
        ifPhrasesOccur.removeAll(keepingCapacity: true)
        result += grammar.tables.unindexed
        simulation.withCandidateKeys { keyIDs, firstOccurrences, clauseStamp, pairKeys in
            for pair in pairKeys {
                grammar.tables.index.select(pair, clauseStamp: clauseStamp, stamp: stamp, satisfied: &result, ifPhrasesOccur: &ifPhrasesOccur)
            }
            for position in keyIDs.indices where firstOccurrences[position] && keyIDs[position] != KeyTable.none {
                grammar.tables.index.select(
                    keyIDs[position], clauseStamp: clauseStamp, stamp: stamp, satisfied: &result,
                    ifPhrasesOccur: &ifPhrasesOccur)
            }
            for key in grammar.tables.indexedPhraseSetKeys {
                grammar.tables.index.select(key, clauseStamp: clauseStamp, stamp: stamp, satisfied: &result, ifPhrasesOccur: &ifPhrasesOccur)
            }
        }
        for record in ifPhrasesOccur {
            let (template, clauses) = grammar.tables.index.clauses(ofRecord: record)
            if clauses.allSatisfy({ $0 >= 0 || simulation.holds(~$0) }) { result.append(template) }
        }
        result.sort()
        // Duplicates dropped in place (a template is filed under each word of its clause).
        var kept = 0
        for index in result.indices where kept == 0 || result[kept - 1] != result[index] {
            result[kept] = result[index]
            kept += 1
        }
        result.removeLast(result.count - kept)
    }

    /// The templates `match` would run its automata for on `text` (for tests and `explain`).
    func candidateTemplates(for text: String) -> [Int32] {
        scratch.withSimulation(grammar: grammar, text: tokenize(text), entityContext: EntityContext()) { simulation in
            var result: [Int32] = [], records: [Int32] = []
            candidateTemplates(&simulation, into: &result, records: &records)
            return result
        }
    }

    /// How near a template came to an utterance it did not take (`explain` on a rejected line).
    package struct NearMiss: Sendable {
        package var template: Template
        /// Words the template matched with its own words, lists, names or entities (not free
        /// text), from the start or after an app prefix, before it stopped.
        package var wordsMatched: Int
        /// The token it could not take; nil when it had read every word.
        package var stoppedAt: Int?
    }

    /// The grammar templates that matched the most of `text` with their own words before one
    /// they could not take, most first (then the furthest, then in the grammar's order), at
    /// most `count`; none that matched no word.
    ///
    /// NB: each template runs alone here, not only the candidates `match` picks, so it costs a
    /// run per template: for explaining a line, not for parsing one.
    package func nearMisses(_ text: String, count: Int) -> [NearMiss] {
        let tokenized = tokenize(text)
        let tokens = tokenized.tokens
        guard count > 0, tokens.count <= MatchContext().maxTokens else { return [] }
        let end = tokens.count
        let reach = scratch.withSimulation(grammar: grammar, text: tokenized, entityContext: EntityContext()) { simulation in
            var prefixEnds: [Int] = []
            if let prefix = grammar.prefixStart {
                let accepts = simulation.run(seeds: [(0, prefix, .empty)], limit: min(end, IntentMatcher.prefixReach))
                prefixEnds = accepts.filter { $0.id == Automaton.prefixAccept && $0.end > 0 }.map(\.end)
            }
            return grammar.templates.indices.map { index -> (index: Int, words: Int, position: Int) in
                let start = grammar.templates[index].start
                let seeds = [(position: 0, node: start, thread: Thread.empty)] + prefixEnds.map { (position: $0, node: start, thread: Thread.empty) }
                _ = simulation.run(seeds: seeds, limit: end)
                let most = simulation.mostMatched(limit: end)
                return (index, most.words, most.position)
            }
        }
        let matched = reach.filter { !grammar.templates[$0.index].isLearned && $0.words > 0 }
        let nearest = matched.sorted { ($0.words, $0.position, -$0.index) > ($1.words, $1.position, -$1.index) }.prefix(count)
        return nearest.map { entry in
            let stop = tokens.indices[entry.position...].first { !tokens[$0].isPunctuation }
            return NearMiss(template: grammar.templates[entry.index].template, wordsMatched: entry.words, stoppedAt: stop)
        }
    }

    /// The apps `text` names, found as `match` finds them in an utterance: any of an app's
    /// spoken names, by loose key or by sound, wherever it stands. This is the one place app
    /// names are recognised: `--app`, and a conversation's answers and questions, use it too.
    package func appMentions(in text: String) -> [AppMention] {
        let tokenized = tokenize(text)
        let tokens = tokenized.tokens
        guard tokens.count <= MatchContext().maxTokens, let firstWord = tokens.firstIndex(where: { !$0.isPunctuation }),
            let lastWord = tokens.lastIndex(where: { !$0.isPunctuation })
        else { return [] }
        let names = scratch.withSimulation(grammar: grammar, text: tokenized, entityContext: EntityContext()) { $0.appNames() }
        var mentions: [AppMention] = []
        for name in names {
            let mention = AppMention(
                identifier: grammar.apps[name.app].identifier,
                range: tokens[name.tokens.lowerBound].range.lowerBound..<tokens[name.tokens.upperBound - 1].range.upperBound,
                bySound: name.match == .sound,
                isWholeText: name.tokens.lowerBound == firstWord && name.tokens.upperBound == lastWord + 1)
            if !mentions.contains(mention) { mentions.append(mention) }
        }
        return mentions
    }

    /// The index of the app named by `--app`: its identifier, or one of its spoken names as the
    /// whole text (by sound only when that names one app alone).
    package func contextAppIndex(_ name: String?) -> Int? {
        guard let name else { return nil }
        if let index = grammar.apps.firstIndex(where: { $0.identifier == name }) { return index }
        // NB: asked on every match with an app in focus; a name given as written needs no run.
        if let index = grammar.apps.firstIndex(where: { $0.spokenNames.contains { $0.text == name } }) { return index }
        let named = Set(appMentions(in: name).filter(\.isWholeText).preferringExact.map(\.identifier))
        guard named.count == 1, let identifier = named.first else { return nil }
        return grammar.apps.firstIndex { $0.identifier == identifier }
    }

}

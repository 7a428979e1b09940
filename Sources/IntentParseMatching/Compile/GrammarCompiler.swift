import IntentParseBase
import IntentParseEntities
import IntentParseGrammar
import IntentParseNormalization
import IntentParseSchema
import IntentParseVocabulary

/// Compiles a validated `LanguageGrammar` plus apps into a `CompiledGrammar`.
///
/// Phases: intern lists and slots → build phrase sets from list values, vocabulary and app names
/// → compile each template to an automaton (rules inlined, permutations expanded, multi-valued
/// slots looped over `<item_separator>`) → the shared app prefix/suffix automata → the
/// rarest-literal index.
package struct GrammarCompiler: Sendable {
    package var learnFromExamples: Bool

    package init(learnFromExamples: Bool = true) { self.learnFromExamples = learnFromExamples }

    /// `entities`: the locale's built-in entities with its data file's words; nil builds them
    /// from ICU alone (`EntityCatalog(locale:)`).
    package func compile(_ grammar: LanguageGrammar, apps: [AppVocabulary], schema siriKit: Schema, entities: EntityCatalog? = nil) -> CompiledGrammar
    {
        let schema = siriKit.including(grammar.schemalessIntents(in: siriKit))
        let normalizer = Normalizer.shared(locale: grammar.locale, rules: grammar.tokenRules)
        let catalog = entities ?? EntityCatalog(locale: grammar.locale, rules: grammar.tokenRules)
        var builder = Builder(grammar: grammar, apps: apps, schema: schema, normalizer: normalizer, entities: catalog)
        builder.compileAll(learned: learnFromExamples ? ExampleTemplates(builder: builder).templates() : [])
        return CompiledGrammar(builder.output)
    }
}

/// Memo tables of one compilation: the same literal text and lists recur across templates
/// (rules are inlined everywhere), so each is tokenized and analysed once.
final class CompileCaches {
    let normalizer: Normalizer
    private var tokens: [String: [Token]] = [:]
    /// The index's words (`TemplateIndex`), interned: a word's id is its index in `wordNames`.
    /// Clauses are sets of ids, which hash far faster than strings.
    private var wordIDs: [String: Int32] = [:]
    private(set) var wordNames: [String] = []
    var literalClauses: [String: [Set<Int32>]] = [:]
    var listClauses: [String: Set<Int32>?] = [:]
    /// How many templates use each word, by id (`TemplateIndex`): the index prefers rare words.
    var templateWordCounts: [Int] = []
    /// Per rule, its own literal words and the rules it names (`templateWordCounts`).
    var ruleDirectWords: [String: (words: [Int32], rules: [String])] = [:]
    var ruleClauses: [String: [Set<Int32>]] = [:]

    /// The words that stand for a phrase of a set (`CompiledGrammar.phraseSetKey`).
    private var phraseSetWords = Set<Int32>()

    func word(_ name: String) -> Int32 {
        if let id = wordIDs[name] { return id }
        let id = Int32(wordNames.count)
        wordIDs[name] = id
        wordNames.append(name)
        return id
    }

    /// The pseudo-word of phrase set `set`.
    func phraseSetWord(_ set: Int32) -> Int32 {
        let id = word(CompiledGrammar.phraseSetKey(set))
        phraseSetWords.insert(id)
        return id
    }

    /// Whether a phrase of some set satisfies `clause` (it holds a set's pseudo-word).
    func namesPhrases(_ clause: Set<Int32>) -> Bool { !phraseSetWords.isDisjoint(with: clause) }

    /// How many templates use word `id` (0 for a word interned after the count).
    func templateCount(_ id: Int32) -> Int { Int(id) < templateWordCounts.count ? templateWordCounts[Int(id)] : 0 }

    /// A clause's words, sorted and joined: the tie-break between clauses of equal cost.
    func sortedNames(_ clause: Set<Int32>) -> String { clause.map { wordNames[Int($0)] }.sorted().joined(separator: " ") }

    init(normalizer: Normalizer) { self.normalizer = normalizer }

    func tokens(_ text: String) -> [Token] {
        if let cached = tokens[text] { return cached }
        let result = normalizer.tokenize(text).tokens
        tokens[text] = result
        return result
    }
}

/// The mutable state of one compilation.
/// What only compilation needs, dropped with the builder: the automaton as it is built, and the
/// phrase sets with their tries (frozen into the run-time tables at the end).
struct CompileTables {
    var draft = AutomatonDraft()
    var phraseSets: [PhraseSet] = []
    /// Skip words as phrases (values unused).
    var skipWords = PhraseTrie()
}

struct Builder {
    /// How deep rules may nest in one another (deeper ones are reported by validation).
    static let maxRuleDepth = 64
    let grammar: LanguageGrammar
    let normalizer: Normalizer
    let caches: CompileCaches
    /// The run-time tables being filled in.
    var output: GrammarTables
    var compiling = CompileTables()
    var listIndex: [String: Int32] = [:]
    var listPhraseSets: [String: Int32] = [:]
    var entityIndex: [String: Int32] = [:]
    /// Each wildcard list's excluded first words, by list name (see `excludedWords(of:)`).
    var excludedSets: [String: Int32] = [:]
    /// Slot counter within the template being compiled (wildcard tie-breaks).
    var slotOrder: Int32 = 0
    /// Extra lists synthesized for learned templates.
    var extraLists: [String: ListDefinition] = [:]
    /// Each app's vocabulary for the grammar's locale (after the lproj fallback), looked up once.
    let localized: [LocalizedVocabulary?]

    init(grammar: LanguageGrammar, apps: [AppVocabulary], schema: Schema, normalizer: Normalizer, entities catalog: EntityCatalog) {
        self.grammar = grammar
        self.normalizer = normalizer
        self.caches = CompileCaches(normalizer: normalizer)
        localized = apps.map { $0.localization(for: grammar.locale) }
        let lists = grammar.lists.values.sorted { $0.name < $1.name }
        output = GrammarTables(locale: grammar.locale, normalizer: normalizer, schema: schema, apps: apps, lists: lists)
        for (i, list) in lists.enumerated() { listIndex[list.name] = Int32(i) }
        for (name, parser) in GrammarTables.entityParsers(catalog) {
            output.entities.append(parser)
            entityIndex[name] = Int32(output.entities.count - 1)
        }
        output.appPhraseSet = makeAppPhraseSet()
        output.languageWords = languageWords()
        for skip in grammar.skipWords {
            let key = normalizer.tokenize(skip).tokens.filter { !$0.isPunctuation }.map(\.looseKey).joined()
            if !key.isEmpty { compiling.skipWords.insert(key, value: 0) }
        }
    }

    /// The loose keys of every word the grammar's templates, rules and lists write (not vocabulary,
    /// the words of app names, even written in a template, or skip words: fillers such as "ok" and "hi" are shared by many languages and
    /// say nothing about which one a request is in).
    private func languageWords() -> KeyTable {
        var words = KeyTable()
        // An app's name written in a template ("per MonkeyChat") is a name all the same.
        var appWords = Set<String>()
        for app in output.apps {
            for name in app.spokenNames { appWords.formUnion(caches.tokens(name.text).filter { !$0.isPunctuation }.map(\.looseKey)) }
        }
        func add(_ text: String) {
            for token in caches.tokens(text) where !token.isPunctuation && !appWords.contains(token.looseKey) {
                _ = words.intern(token.looseKey)
            }
        }
        func collect(_ expression: Expression) {
            switch expression {
            case .words(let text): add(text)
            case .optional(let inner): collect(inner)
            case .sequence(let items), .choice(let items), .permutation(let items), .glued(let items): items.forEach(collect)
            case .slot, .rule: break
            }
        }
        for template in grammar.templates { collect(template.source.expression) }
        for rule in grammar.rules.values { collect(rule.source.expression) }
        for list in grammar.lists.values {
            for value in list.values { collect(value.spoken.expression) }
        }
        return words
    }

    mutating func compileAll(learned: [(Template, [String: ListDefinition])]) {
        for template in grammar.templates { compileTemplate(template, learned: false) }
        for (template, lists) in learned {
            for (name, list) in lists where extraLists[name] == nil && listIndex[name] == nil {
                extraLists[name] = list
                output.lists.append(list)
                listIndex[name] = Int32(output.lists.count - 1)
            }
            compileTemplate(template, learned: true)
        }
        output.prefixStart = compileWrapper(LanguageGrammar.appPrefixRule, accept: Automaton.prefixAccept)
        output.suffixStart = compileWrapper(LanguageGrammar.appSuffixRule, accept: Automaton.suffixAccept)
        buildIndex()
        // Typos are read as templates' words, not as the second stage's cues (which are never
        // guessed).
        var typoWords = Set<Int32>()
        for (_, edge) in compiling.draft.edges {
            if case .word(let key) = edge.kind, TypoIndex.isWordLike(output.keys.keys[Int(key)]) { typoWords.insert(key) }
        }
        compileFrameCues()
        // Pass-through nodes go first (fewer nodes to compare), then nodes reached alike merge.
        let roots =
            output.templates.map(\.start) + [output.prefixStart, output.suffixStart].compactMap { $0 } + output.frameCues.map(\.start)
        let (compact, compacted) = compiling.draft.bypassingPassThroughNodes(roots: roots)
        let (draft, merged) = compact.mergingEquivalentNodes()
        output.typos = TypoIndex(words: typoWords.sorted().map { ($0, output.keys.keys[Int($0)]) })
        let (automaton, frozen) = FrozenAutomaton.freeze(draft, roots: roots.map { merged[Int(compacted[Int($0)])] })
        // Only roots are looked up, and roots are kept by every step.
        let number = { (node: Int32) in frozen[Int(merged[Int(compacted[Int(node)])])] }
        output.automaton = automaton
        for index in output.templates.indices { output.templates[index].start = number(output.templates[index].start) }
        output.prefixStart = output.prefixStart.map(number)
        output.suffixStart = output.suffixStart.map(number)
        for index in output.frameCues.indices { output.frameCues[index].start = number(output.frameCues[index].start) }
        output.suffixFirstWords = output.suffixStart.flatMap { output.automaton.firstWords(from: $0) }
        let appSet = output.appPhraseSet
        output.prefixNeedsApp = output.prefixStart.map { output.automaton.requiresPhrase(of: appSet, from: $0) } ?? false
        output.suffixNeedsApp = output.suffixStart.map { output.automaton.requiresPhrase(of: appSet, from: $0) } ?? false
        compiling.draft = AutomatonDraft()
        output.phrases = FrozenPhrases(sets: compiling.phraseSets, skipWords: compiling.skipWords)
        let requiredSets = output.phraseSetKeys.indices.filter { output.phraseSetKeys[$0] != KeyTable.none && Int32($0) != output.appPhraseSet }
        output.phraseStartKeys = PhraseStartKeys(
            sets: requiredSets.map(Int32.init), setCount: compiling.phraseSets.count,
            keys: output.keys, phrases: output.phrases)
        output.phraseValues = compiling.phraseSets.map { PhraseValues(entries: $0.entries, list: $0.list) }
        for set in compiling.phraseSets { output.names.formUnion(set.names ?? []) }
        compiling.phraseSets = []
        output.nameEnds = Set(output.names.compactMap { $0.components(separatedBy: PhraseSet.nameSeparator).last })
    }

    // MARK: nodes

    mutating func newNode(allowsSkip: Bool = true) -> Int32 {
        compiling.draft.newNode(allowsSkip: allowsSkip)
    }

    mutating func edge(_ from: Int32, _ kind: Edge.Kind, _ to: Int32) {
        compiling.draft.add(Edge(kind: kind, target: to), from: from)
    }

    func slotID(_ name: String, in output: inout GrammarTables) -> Int32 {
        if let id = output.slotIndex(name) { return id }
        output.slotNames.append(name)
        return Int32(output.slotNames.count - 1)
    }

    // MARK: templates

    private mutating func compileTemplate(_ template: Template, learned: Bool) {
        slotOrder = 0
        let start = newNode()
        let context = TemplateContext(
            intent: output.schema[template.intent], keepPunctuation: false, depth: 0,
            appAfterWildcards: !namesApp(template.source.expression, depth: 0))
        let end = compile(template.source.expression, from: start, context: context)
        let templateID = Int32(output.templates.count)
        edge(end, .accept(templateID), end)
        output.templates.append(
            CompiledTemplate(
                template: template, start: start, isLearned: learned, intent: context.intent,
                supportingApps: output.supportingApps[template.intent] ?? []))
    }

    /// Each of the second stage's cues as an automaton of its own, accepting with its
    /// `Automaton.frameCueAccept` id wherever it ends.
    private mutating func compileFrameCues() {
        for cue in grammar.frameCues {
            slotOrder = 0
            let start = newNode()
            let intent = output.schema[cue.intent]
            let end = compile(cue.source.expression, from: start, context: TemplateContext(intent: intent, keepPunctuation: false, depth: 0))
            edge(end, .accept(Automaton.frameCueAccept(output.frameCues.count)), end)
            output.frameCues.append(
                CompiledFrameCue(cue: cue, start: start, intent: intent, supportingApps: output.supportingApps[cue.intent] ?? []))
        }
    }

    private mutating func compileWrapper(_ ruleName: String, accept: Int32) -> Int32? {
        guard let rule = grammar.rules[ruleName] else { return nil }
        slotOrder = 0
        let start = newNode()
        let end = compile(rule.source.expression, from: start, context: TemplateContext(intent: nil, keepPunctuation: false, depth: 0))
        edge(end, .accept(accept), end)
        return start
    }

    struct TemplateContext {
        var intent: IntentSchema?
        var keepPunctuation: Bool
        var depth: Int
        /// Whether free text may end in the app suffix ("reply to Zazu on MonkeyChat saying
        /// hi"): in templates that name no app of their own.
        var appAfterWildcards = false
        /// Whether nothing the template requires follows (there, the app suffix automaton
        /// that runs after a whole template takes a trailing app name).
        var atTemplateEnd = true
    }

    /// Whether `expression` has an `{app}` slot, its rules' included.
    private func namesApp(_ expression: Expression, depth: Int) -> Bool {
        if expression.slots.contains(where: { $0.list == LanguageGrammar.appList }) { return true }
        guard depth < Builder.maxRuleDepth else { return false }
        return expression.rules.contains { rule in
            grammar.rules[rule.name].map { namesApp($0.source.expression, depth: depth + 1) } ?? false
        }
    }

    /// Thompson construction: compiles `expression` starting at `from`, returns its end node.
    mutating func compile(_ expression: Expression, from: Int32, context: TemplateContext) -> Int32 {
        switch expression {
        case .words(let text): return compileWords(text, from: from, context: context)
        case .sequence(let items), .glued(let items):
            // An item before one that must follow is not at the template's end. (A glued run
            // left after loading could not be made one word: its items are words of their own.)
            let lastRequired = items.lastIndex { if case .optional = $0 { return false } else { return true } } ?? -1
            var node = from
            for (index, item) in items.enumerated() {
                var inner = context
                inner.atTemplateEnd = context.atTemplateEnd && index >= lastRequired
                node = compile(item, from: node, context: inner)
            }
            return node
        case .choice(let items): return compileChoice(items, from: from, context: context)
        case .optional(let inner):
            let end = compile(inner, from: from, context: context)
            let join = newNode()
            edge(end, .epsilon, join)
            edge(from, .epsilon, join)
            return join
        case .permutation(let items):
            return compilePermutation(items, from: from, context: context)
        case .slot(let list, let slot, _): return compileSlot(list: list, slot: slot, from: from, context: context)
        case .rule(let name, _):
            guard let rule = grammar.rules[name], context.depth < Builder.maxRuleDepth else { return from }
            var inner = context
            inner.depth += 1
            inner.keepPunctuation = context.keepPunctuation || name == LanguageGrammar.itemSeparatorRule
            return compile(rule.source.expression, from: from, context: inner)
        }
    }

    /// NB: each alternative numbers its slots from the same count (a slot's order is its place
    /// along the path that takes it), so alternatives that start alike compile alike and
    /// `mergingEquivalentNodes` can share them.
    private mutating func compileChoice(_ items: [Expression], from: Int32, context: TemplateContext) -> Int32 {
        let join = newNode()
        let before = slotOrder
        var after = before
        for item in items {
            slotOrder = before
            let end = compile(item, from: from, context: context)
            after = max(after, slotOrder)
            edge(end, .epsilon, join)
        }
        slotOrder = after
        return join
    }

    /// A permutation as a lattice of subsets: the node for "these items are done" has one branch
    /// per item still to come, so n items compile to n·2^(n-1) item copies rather than the n·n!
    /// of spelling out every order, and orders that have matched the same items share a node.
    /// Masks are visited in increasing order, so along any path a later item is compiled later
    /// (its wildcard order, a tie-breaker, grows along the utterance as in a sequence).
    ///
    /// An optional item (`[<party>]`) is not skipped along the lattice: a mask holds the items
    /// said, and the permutation ends at any mask that holds every required item. Skipping by
    /// empty edges would reach every superset mask from every mask, at every position, and
    /// expand all their branches there, for the same parses.
    private mutating func compilePermutation(_ items: [Expression], from: Int32, context: TemplateContext) -> Int32 {
        guard items.count > 1 else { return items.first.map { compile($0, from: from, context: context) } ?? from }
        // Any item may come before another.
        var notLast = context
        notLast.atTemplateEnd = false
        guard items.count <= Builder.maxLatticeItems else {
            return compileChoice(Expression.orderings(items).map(Expression.sequence), from: from, context: context)
        }
        var required = 0
        let bodies = items.enumerated().map { i, item -> Expression in
            if case .optional(let inner) = item { return inner }
            required |= 1 << i
            return item
        }
        let full = (1 << items.count) - 1
        var done = [from]
        for _ in 1...full { done.append(newNode()) }
        // Slots are numbered along the path: an item's slots come after those of the items done.
        let before = slotOrder
        var slotCounts = [Int32](repeating: 0, count: items.count)
        for mask in 0..<full {
            let slotsDone = bodies.indices.reduce(Int32(0)) { mask & (1 << $1) != 0 ? $0 + slotCounts[$1] : $0 }
            for (i, body) in bodies.enumerated() where mask & (1 << i) == 0 {
                slotOrder = before + slotsDone
                let end = compile(body, from: done[mask], context: notLast)
                if mask == 0 { slotCounts[i] = slotOrder - before }
                edge(end, .epsilon, done[mask | (1 << i)])
            }
        }
        slotOrder = before + slotCounts.reduce(0, +)
        guard required != full else { return done[full] }
        let join = newNode()
        for mask in 0...full where mask & required == required { edge(done[mask], .epsilon, join) }
        return join
    }

    /// Beyond this many items a subset lattice is no smaller than the orders a grammar would
    /// realistically spell out (the validator bounds permutations well below).
    static let maxLatticeItems = 12

    private mutating func compileWords(_ text: String, from: Int32, context: TemplateContext) -> Int32 {
        var node = from
        for token in caches.tokens(text) where context.keepPunctuation || !token.isPunctuation {
            let next = newNode()
            edge(node, .word(output.keys.intern(token.looseKey)), next)
            node = next
        }
        return node
    }
}

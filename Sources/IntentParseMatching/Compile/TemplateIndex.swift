import IntentParseGrammar

/// The first-pass filter: a template is tried only if the utterance contains one of the words
/// of its rarest required clause. A clause is a set of words of which every match of the
/// template contains at least one: a literal word is a clause of one, and `(send|text|write)`
/// is a clause of three. The index files each template under every word of its rarest clause.
///
/// A template found through the index must then have every other required clause in the
/// utterance too (`TemplateRequirements`), so the automaton runs only for templates whose
/// literal words are all there.
///
/// NB: this keeps matching cost proportional to the templates that could match, not to the
/// grammar's size; only templates made of nothing but slots and optional words are always tried.
extension Builder {
    /// Words (ids of `CompileCaches.word`) of which every match contains at least one.
    typealias Clause = Set<Int32>

    mutating func buildIndex() {
        caches.templateWordCounts = templateWordCounts()
        let clauses = output.templates.map { requiredClauses($0.template.source.expression, depth: 0) }
        var frequency = [Int](repeating: 0, count: caches.wordNames.count)
        for template in clauses {
            for word in Set(template.flatMap { $0 }) { frequency[Int(word)] += 1 }
        }
        func cost(_ clause: Clause) -> Int { clause.reduce(0) { $0 + frequency[Int($1)] } }
        // NB: a clause of words first: one that a phrase satisfies costs phrase lookups to check.
        func isRarer(_ a: Clause, _ b: Clause) -> Bool {
            let (lazyA, lazyB) = (caches.namesPhrases(a), caches.namesPhrases(b))
            if lazyA != lazyB { return lazyB }
            let (costA, costB) = (cost(a), cost(b))
            return costA != costB ? costA < costB : caches.sortedNames(a) < caches.sortedNames(b)
        }
        var byKey: [Int32: [Int32]] = [:]
        for (index, template) in clauses.enumerated() {
            let required = Set(template).map { clause in clause.map { output.keys.intern(caches.wordNames[Int($0)]) } }
            output.requirements.add(template: Int32(index), clauses: required)
            if let rarest = template.min(by: isRarer) {
                for word in rarest { byKey[output.keys.intern(caches.wordNames[Int(word)]), default: []].append(Int32(index)) }
            } else {
                output.unindexed.append(Int32(index))
            }
        }
        // Pair keys found by the utterance's two keys (interned now, if no clause has them).
        for pair in output.keys.keys.indices {
            guard let (first, second) = KeyPairs.parts(output.keys.keys[pair]) else { continue }
            output.keyPairs.add(Int32(pair), first: output.keys.intern(first), second: output.keys.intern(second))
        }
        output.phraseSetKeys = compiling.phraseSets.indices.map { output.keys.id(CompiledGrammar.phraseSetKey(Int32($0))) }
        output.appNamedKey = output.phraseSetKeys[Int(output.appPhraseSet)]
        output.indexedPhraseSetKeys = output.phraseSetKeys.filter { $0 != KeyTable.none && byKey[$0] != nil }
        output.appSlot = output.slotIndex(LanguageGrammar.appList)
        let templateClauses = output.requirements.finish(keyCount: output.keys.count, phraseSetKeys: output.phraseSetKeys)
        output.index = TemplateIndex(byKey, keyCount: output.keys.count, clauses: templateClauses)
    }

    /// A clause bigger than this (a choice of many words) is not worth indexing by.
    static let maxClauseWords = 512

    /// A closed list of fixed values ({call_redial}) requires one of its values' first words.
    private func closedListClause(_ name: String) -> Clause? {
        if let cached = caches.listClauses[name] { return cached }
        let clause = computeClosedListClause(name)
        caches.listClauses[name] = .some(clause)
        return clause
    }

    private func computeClosedListClause(_ name: String) -> Clause? {
        guard let list = grammar.lists[name], !list.isWildcard, list.vocabulary == nil, list.parameter == nil,
            list.entity == nil, list.range == nil, !list.values.isEmpty
        else { return nil }
        var clause = Clause()
        for value in list.values {
            guard let first = firstWords(value.spoken.expression, depth: 0), !first.canBeEmpty else { return nil }
            clause.formUnion(first.words)
        }
        return clause.isEmpty || clause.count > Builder.maxClauseWords ? nil : clause
    }

    /// A list whose every value is a phrase of its set ({ride_option}: vocabulary, no entity
    /// reading, no free words) requires one of those phrases: the set's pseudo-word
    /// (`CompiledGrammar.phraseSetKey`), which the matcher looks for only when a template
    /// still needs it. Nil for other lists, and for one without phrases (its slot never matches,
    /// and no clause says so).
    ///
    /// NB: read after every template is compiled, which made the sets of the lists they use.
    private func phraseSetClause(_ name: String) -> Clause? {
        guard let id = listIndex[name], let set = listPhraseSets[name] else { return nil }
        let list = output.lists[Int(id)]
        guard !list.isWildcard, list.entity == nil, list.range == nil else { return nil }
        return [caches.phraseSetWord(set)]
    }

    /// The words `expression`'s phrases can start with, and whether it can be said without a
    /// word; nil when a phrase can start with a slot (with anything).
    private func firstWords(_ expression: Expression, depth: Int) -> (words: Clause, canBeEmpty: Bool)? {
        guard depth < 64 else { return nil }
        switch expression {
        case .words(let text):
            guard let first = caches.tokens(text).first(where: { !$0.isPunctuation }) else { return ([], true) }
            return ([caches.word(first.looseKey)], false)
        case .slot:
            return nil
        case .optional(let inner):
            return firstWords(inner, depth: depth + 1).map { ($0.words, true) }
        case .rule(let name, _):
            guard let rule = grammar.rules[name] else { return nil }
            return firstWords(rule.source.expression, depth: depth + 1)
        case .choice(let items), .permutation(let items):
            // Any item of a permutation may come first, and it may be one that can be empty: the
            // permutation can be empty only when every item can, a choice when any can.
            var words = Clause()
            var anyEmpty = false, allEmpty = true
            for item in items {
                guard let first = firstWords(item, depth: depth + 1) else { return nil }
                words.formUnion(first.words)
                anyEmpty = anyEmpty || first.canBeEmpty
                allEmpty = allEmpty && first.canBeEmpty
            }
            if case .choice = expression { return (words, anyEmpty) }
            return (words, allEmpty)
        case .sequence(let items), .glued(let items):
            var words = Clause()
            for item in items {
                guard let first = firstWords(item, depth: depth + 1) else { return nil }
                words.formUnion(first.words)
                if !first.canBeEmpty { return (words, false) }
            }
            return (words, true)
        }
    }

    /// How many templates use each word (by id), optional ones and those of their rules
    /// included, each template counted once per word.
    ///
    /// NB: each rule's own words and the rules it names are gathered once; a template then
    /// walks its rules and stamps their words, rather than uniting sets of words all the way up.
    private func templateWordCounts() -> [Int] {
        var counts: [Int] = []
        var stamps: [Int] = []
        for (index, template) in output.templates.enumerated() {
            let own = directWords(template.template.source.expression)
            var rules = own.rules, seen = Set(own.rules)
            var words = own.words
            while let name = rules.popLast() {
                let found = caches.ruleDirectWords[name] ?? grammar.rules[name].map { directWords($0.source.expression) } ?? ([], [])
                caches.ruleDirectWords[name] = found
                words += found.words
                for inner in found.rules where seen.insert(inner).inserted { rules.append(inner) }
            }
            for word in words {
                let w = Int(word)
                if w >= counts.count {
                    counts += repeatElement(0, count: w + 1 - counts.count)
                    stamps += repeatElement(-1, count: w + 1 - stamps.count)
                }
                if stamps[w] != index {
                    stamps[w] = index
                    counts[w] += 1
                }
            }
        }
        return counts
    }

    /// The literal words of `expression` (as `literalClauses` keys them) and the rules it names,
    /// not looking into the rules.
    private func directWords(_ expression: Expression) -> (words: [Int32], rules: [String]) {
        var words: [Int32] = [], rules: [String] = []
        func collect(_ expression: Expression, depth: Int) {
            guard depth < 64 else { return }
            switch expression {
            case .words(let text): for clause in literalClauses(text) { words += clause }
            case .sequence(let items), .permutation(let items), .choice(let items), .glued(let items):
                for item in items { collect(item, depth: depth + 1) }
            case .optional(let inner): collect(inner, depth: depth + 1)
            case .slot: break
            case .rule(let name, _): rules.append(name)
            }
        }
        collect(expression, depth: 0)
        return (words, rules)
    }

    /// The clauses of literal text: each word, and each two Han characters one after the other
    /// (`KeyPairs`): in Chinese, cut into characters, a word such as 消息 is rarer than each of
    /// its characters.
    private func literalClauses(_ text: String) -> [Clause] {
        if let known = caches.literalClauses[text] { return known }
        let words = caches.tokens(text).filter { !$0.isPunctuation }
        var clauses = words.map { [caches.word($0.looseKey)] as Clause }
        for (first, second) in zip(words, words.dropFirst()) where first.isHanCharacter && second.isHanCharacter {
            clauses.append([caches.word(KeyPairs.key(first.looseKey, second.looseKey))])
        }
        caches.literalClauses[text] = clauses
        return clauses
    }

    /// What `compute` makes of rule `name`'s expression, worked out once per rule.
    private func cached<Value>(
        rule name: String, in cache: ReferenceWritableKeyPath<CompileCaches, [String: Value]>, none: Value,
        _ compute: (Expression) -> Value
    ) -> Value {
        if let known = caches[keyPath: cache][name] { return known }
        guard let rule = grammar.rules[name] else { return none }
        let result = compute(rule.source.expression)
        caches[keyPath: cache][name] = result
        return result
    }

    /// Clauses every match of `expression` satisfies (at most a few per node, smallest first).
    private func requiredClauses(_ expression: Expression, depth: Int) -> [Clause] {
        guard depth < 64 else { return [] }
        switch expression {
        case .words(let text):
            return literalClauses(text)
        case .sequence(let items), .permutation(let items), .glued(let items):
            return items.flatMap { requiredClauses($0, depth: depth + 1) }
        case .choice(let items):
            // One word from any alternative: the union of each alternative's rarest clause (the
            // words fewest templates use: in Chinese, "叫" of "帮我叫", not "帮").
            func cost(_ clause: Clause) -> Int { clause.reduce(0) { $0 + caches.templateCount($1) } }
            func isRarer(_ a: Clause, _ b: Clause) -> Bool {
                let (lazyA, lazyB) = (caches.namesPhrases(a), caches.namesPhrases(b))
                if lazyA != lazyB { return lazyB }
                let (costA, costB) = (cost(a), cost(b))
                if costA != costB { return costA < costB }
                if a.count != b.count { return a.count < b.count }
                return caches.sortedNames(a) < caches.sortedNames(b)
            }
            var union = Clause()
            for item in items {
                guard let rarest = requiredClauses(item, depth: depth + 1).min(by: isRarer) else { return [] }
                union.formUnion(rarest)
            }
            return union.isEmpty || union.count > Builder.maxClauseWords ? [] : [union]
        case .slot(let list, _, _):
            // {app}: some app name must occur, which the matcher knows as a pseudo-word.
            if list == LanguageGrammar.appList { return [[caches.phraseSetWord(output.appPhraseSet)]] }
            return (closedListClause(list) ?? phraseSetClause(list)).map { [$0] } ?? []
        case .optional: return []
        case .rule(let name, _):
            return cached(rule: name, in: \.ruleClauses, none: []) { requiredClauses($0, depth: depth + 1) }
        }
    }
}

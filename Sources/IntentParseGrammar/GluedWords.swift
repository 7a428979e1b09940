import IntentParseBase

extension LanguageGrammar {
    /// Makes each `.glued` run one word, now that the rules and lists are known: without a slot,
    /// the spellings of its pieces written together (`irgend<artikel>` is "irgendein",
    /// "irgendeine", …); with one slot of a list of values (`{name}<suffix>`, `{area}[s]`,
    /// `[<the>]{name}`), the slot of a list whose values are spelled with each beginning and
    /// ending (Turkish "Lambasını" for the name "Lambası", Italian "l'aria"; its values keep
    /// their `out` and context). What cannot be made a word (a wildcard or vocabulary slot, two
    /// slots, too many spellings) stays its pieces one after another, each a word of its own.
    /// Run once every file is merged and block scopes are resolved, before validation.
    package mutating func resolveGluedWords() {
        var resolver = GluedWords(grammar: self)
        for index in templates.indices where templates[index].source.expression.hasGlued {
            var source = templates[index].source
            source.expression = resolver.resolve(source.expression)
            templates[index] = templates[index].replacing(source)
        }
        for name in rules.keys.sorted() where rules[name]?.source.expression.hasGlued == true {
            guard var rule = rules[name] else { continue }
            rule.source.expression = resolver.resolve(rule.source.expression)
            rules[name] = rule
        }
        for list in resolver.made { lists[list.name] = list }
    }
}

extension Expression {
    /// Whether a `.glued` run is anywhere in the expression (rules not followed).
    var hasGlued: Bool {
        switch self {
        case .words, .slot, .rule: return false
        case .glued: return true
        case .optional(let inner): return inner.hasGlued
        case .sequence(let items), .choice(let items), .permutation(let items): return items.contains(where: \.hasGlued)
        }
    }
}

private struct GluedWords {
    /// Most spellings of a list's values with their beginnings and endings, and most
    /// spellings of one word or of its beginnings and endings (Turkish nouns take a plural and
    /// a case: "perdelerinin" is one of 5,360 spellings of four words for a curtain).
    static let maxSpellings = 50_000
    static let maxAffixes = 8192

    let grammar: LanguageGrammar
    /// Lists made for a slot with endings, by list and endings.
    private var madeNames: [String: String] = [:]
    private(set) var made: [ListDefinition] = []
    private var slotRules: [String: Bool] = [:]
    /// The rules being opened into the run that uses them (`openingRules`), against loops.
    private var opened: Set<String> = []

    init(grammar: LanguageGrammar) { self.grammar = grammar }

    mutating func resolve(_ expression: Expression) -> Expression {
        switch expression {
        case .words, .slot, .rule: return expression
        case .optional(let inner): return .optional(resolve(inner))
        case .sequence(let items): return .sequence(items.map { resolve($0) })
        case .choice(let items): return .choice(items.map { resolve($0) })
        case .permutation(let items): return .permutation(items.map { resolve($0) })
        case .glued(let raw):
            let items = raw.map { resolve($0) }
            if !items.contains(where: { holdsSlot($0) }), let word = spelled(items) { return word }
            if let slot = suffixed(items) { return slot }
            if let (name, words) = openingRules(items) {
                opened.insert(name)
                defer { opened.remove(name) }
                return resolve(words)
            }
            return .sequence(items)
        }
    }

    /// A run that starts or ends with a rule whose words end or start with its slot
    /// (`<name>['s]`, with `name` "[<the>] {name}"): the rule's words, the last (or first) of
    /// them written against the rest of the run, once (a rule that refers to itself is not
    /// opened again).
    private mutating func openingRules(_ items: [Expression]) -> (rule: String, words: Expression)? {
        func body(_ item: Expression?) -> (String, [Expression])? {
            guard case .rule(let name, _)? = item, !opened.contains(name), let rule = grammar.rules[name] else { return nil }
            if case .sequence(let words) = rule.source.expression { return (name, words) }
            return (name, [rule.source.expression])
        }
        if let (name, words) = body(items.first), let last = words.last, holdsSlot(last) {
            return (name, .sequence(words.dropLast() + [.glued([last] + items.dropFirst())]))
        }
        if let (name, words) = body(items.last), let first = words.first, holdsSlot(first) {
            return (name, .sequence([.glued(items.dropLast() + [first])] + words.dropFirst()))
        }
        return nil
    }

    /// The pieces' spellings written together, as a choice of words (optional when one is
    /// empty); nil when there are too many.
    private func spelled(_ items: [Expression]) -> Expression? {
        let spellings = Expression.glued(items).phrases(rules: grammar.rules, limit: GluedWords.maxAffixes)
        guard !spellings.isEmpty, spellings.count < GluedWords.maxAffixes else { return nil }
        var seen = Set<String>()
        return .words(oneOf: spellings.map { $0.split(separator: " ").joined(separator: " ") }.filter { seen.insert($0).inserted })
    }

    /// A slot of a list of values with pieces written against it (`{name}<suffix>`,
    /// `[<the>]{name}`): the slot of a list whose values are spelled with each beginning and
    /// ending (their `out` and context kept).
    private mutating func suffixed(_ items: [Expression]) -> Expression? {
        let slots = items.indices.filter { holdsSlot(items[$0]) }
        guard slots.count == 1, let at = slots.first, case .slot(let listName, let slot, let offset) = items[at],
            let list = grammar.lists[listName], !list.values.isEmpty, list.range == nil, !list.isWildcard, list.vocabulary == nil,
            list.parameter == nil, list.entity == nil
        else { return nil }
        let most = GluedWords.maxAffixes
        let beginnings = at == 0 ? [""] : Expression.glued(Array(items[..<at])).phrases(rules: grammar.rules, limit: most)
        let endings = at == items.count - 1 ? [""] : Expression.glued(Array(items[(at + 1)...])).phrases(rules: grammar.rules, limit: most)
        guard !beginnings.isEmpty, !endings.isEmpty, beginnings.count * endings.count < most else { return nil }
        let key = ([listName] + beginnings + ["\u{2}"] + endings).joined(separator: "\u{1}")
        if let known = madeNames[key] { return .slot(list: known, slot: slot, offset: offset) }
        var values: [ListValue] = []
        for value in list.values {
            for phrase in value.spoken.expression.phrases(rules: grammar.rules) {
                guard !TemplateParser.isBlank(phrase) else { continue }
                for beginning in beginnings {
                    for ending in endings {
                        let word = (beginning + phrase + ending).split(separator: " ").joined(separator: " ")
                        var spoken = value.spoken
                        spoken.text = word
                        spoken.expression = .words(word)
                        values.append(ListValue(spoken: spoken, out: value.out, context: value.context))
                    }
                }
                if values.count > GluedWords.maxSpellings { return nil }
            }
        }
        var spelled = list
        spelled.name = "\(listName)+\(made.count + 1)"
        spelled.values = values
        madeNames[key] = spelled.name
        made.append(spelled)
        return .slot(list: spelled.name, slot: slot, offset: offset)
    }

    /// Whether the expression, its rules followed, has a slot.
    private mutating func holdsSlot(_ expression: Expression) -> Bool {
        if !expression.slots.isEmpty { return true }
        for reference in expression.rules {
            if let known = slotRules[reference.name] {
                if known { return true }
                continue
            }
            slotRules[reference.name] = false
            let found = grammar.rules[reference.name].map { holdsSlot($0.source.expression) } ?? false
            slotRules[reference.name] = found
            if found { return true }
        }
        return false
    }
}

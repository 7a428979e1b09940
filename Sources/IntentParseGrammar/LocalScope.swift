/// A data block's own expansion rules and lists (hassil): its sentences see them before the
/// shared ones of the same name, and a shared rule its sentences use sees them too.
package struct LocalScope: Sendable {
    var rules: [ExpansionRule] = []
    var lists: [ListDefinition] = []
    /// The block's sentences: indexes into the grammar's templates.
    var templates: [Int] = []

    var isEmpty: Bool { rules.isEmpty && lists.isEmpty }

    /// The same scope in a grammar whose templates start at `offset` (files merged).
    func shifted(by offset: Int) -> LocalScope {
        var copy = self
        copy.templates = templates.map { $0 + offset }
        return copy
    }
}

extension LanguageGrammar {
    /// Gives every block's own rules and lists names of their own (`in_here@2`: the second
    /// block with its own) and points the block's sentences at them. A shared rule that refers
    /// to a block's rule or list, directly or through other rules, is copied for that block
    /// under the same kind of name, so it sees the block's own. Run once every file is merged.
    package mutating func resolveLocalScopes() {
        let scopes = localScopes
        localScopes = []
        for scope in scopes { scopedNames.formUnion(scope.rules.map(\.name) + scope.lists.map(\.name)) }
        for (number, scope) in scopes.enumerated() {
            var resolver = ScopeResolver(shared: rules, scope: scope, tag: "@\(number + 1)")
            for index in scope.templates where templates.indices.contains(index) {
                let template = templates[index]
                var source = template.source
                source.expression = resolver.rewrite(source.expression)
                templates[index] = template.replacing(source)
            }
            for (name, rule) in resolver.added { rules[name] = rule }
            for list in scope.lists where resolver.usedLists.contains(list.name) {
                var renamed = list
                renamed.name = list.name + resolver.tag
                lists[renamed.name] = renamed
            }
        }
    }
}

/// Rewrites one block's expressions: its own rules and lists by their scoped names, and shared
/// rules that reach them by scoped copies.
private struct ScopeResolver {
    let shared: [String: ExpansionRule]
    let ownRules: [String: ExpansionRule]
    let ownLists: Set<String>
    let tag: String
    /// Rules made for the block, by scoped name.
    var added: [String: ExpansionRule] = [:]
    /// The block's own lists its expressions use.
    var usedLists: Set<String> = []
    /// Per shared rule, whether it reaches one of the block's own rules or lists.
    private var reaches: [String: Bool] = [:]

    init(shared: [String: ExpansionRule], scope: LocalScope, tag: String) {
        self.shared = shared
        self.ownRules = Dictionary(scope.rules.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.ownLists = Set(scope.lists.map(\.name))
        self.tag = tag
    }

    mutating func rewrite(_ expression: Expression) -> Expression {
        switch expression {
        case .words: return expression
        case .slot(let list, let slot, let offset):
            guard ownLists.contains(list) else { return expression }
            usedLists.insert(list)
            return .slot(list: list + tag, slot: slot, offset: offset)
        case .rule(let name, let offset):
            if let own = ownRules[name] { return .rule(copy(own, as: name), offset: offset) }
            if let rule = shared[name], reachesOwn(name, visiting: []) { return .rule(copy(rule, as: name), offset: offset) }
            return expression
        case .optional(let inner): return .optional(rewrite(inner))
        case .sequence(let items): return .sequence(items.map { rewrite($0) })
        case .glued(let items): return .glued(items.map { rewrite($0) })
        case .choice(let items): return .choice(items.map { rewrite($0) })
        case .permutation(let items): return .permutation(items.map { rewrite($0) })
        }
    }

    /// The scoped copy of `rule`, made once; its name.
    private mutating func copy(_ rule: ExpansionRule, as name: String) -> String {
        let scoped = name + tag
        guard added[scoped] == nil else { return scoped }
        // Reserved first, so that a rule referring to itself stops here.
        added[scoped] = rule
        var source = rule.source
        source.expression = rewrite(rule.source.expression)
        added[scoped] = ExpansionRule(name: scoped, source: source)
        return scoped
    }

    /// Whether shared rule `name` refers to one of the block's own rules or lists.
    private mutating func reachesOwn(_ name: String, visiting: Set<String>) -> Bool {
        if let known = reaches[name] { return known }
        guard let rule = shared[name], !visiting.contains(name) else { return false }
        let expression = rule.source.expression
        var result = expression.slots.contains { ownLists.contains($0.list) }
        for reference in expression.rules where !result {
            result = ownRules[reference.name] != nil || reachesOwn(reference.name, visiting: visiting.union([name]))
        }
        reaches[name] = result
        return result
    }
}

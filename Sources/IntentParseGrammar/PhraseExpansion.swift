/// Expanding small templates (a list value's `in`, reply words) into every phrase they can say.
extension Expression {
    /// More variants than this from one expression is a grammar problem; the rest are dropped.
    package static let phraseLimit = 1000

    /// Every phrase the expression can say, slots left out, rules inlined (up to `phraseLimit`).
    ///
    /// Each part is expanded once: a permutation's items once for all their orders, and a rule
    /// once for all its references at the same depth, so the work grows with the template's
    /// size, not with its orders or the paths through its rules (which may give no phrase at
    /// all, through a slot, and never reach the limit).
    package func phrases(rules: [String: ExpansionRule], depth: Int = 0, limit: Int = Expression.phraseLimit) -> [String] {
        var expanded: [RuleAtDepth: [String]] = [:]
        return phrases(rules: rules, depth: depth, limit: limit, expanded: &expanded)
    }

    private struct RuleAtDepth: Hashable {
        var name: String
        var depth: Int
    }

    private func phrases(rules: [String: ExpansionRule], depth: Int, limit: Int, expanded: inout [RuleAtDepth: [String]]) -> [String] {
        guard depth < 32 else { return [] }
        switch self {
        case .words(let text): return [text]
        case .slot: return []
        case .rule(let name, _):
            guard let rule = rules[name] else { return [] }
            let key = RuleAtDepth(name: name, depth: depth)
            if let done = expanded[key] { return done }
            let result = rule.source.expression.phrases(rules: rules, depth: depth + 1, limit: limit, expanded: &expanded)
            expanded[key] = result
            return result
        case .optional(let inner): return [""] + inner.phrases(rules: rules, depth: depth + 1, limit: limit, expanded: &expanded)
        case .choice(let items):
            var result: [String] = []
            for item in items {
                result += item.phrases(rules: rules, depth: depth + 1, limit: limit, expanded: &expanded)
                if result.count >= limit { return Array(result.prefix(limit)) }
            }
            return result
        case .sequence(let items):
            return Expression.concatenated(items.map { $0.phrases(rules: rules, depth: depth + 1, limit: limit, expanded: &expanded) }, limit: limit)
        case .glued(let items):
            // One word: its pieces' spellings written together.
            return Expression.concatenated(
                items.map { $0.phrases(rules: rules, depth: depth + 1, limit: limit, expanded: &expanded) }, limit: limit, separator: "")
        case .permutation(let items):
            // An order is a sequence of its items, one level further down.
            let parts = items.map { $0.phrases(rules: rules, depth: depth + 2, limit: limit, expanded: &expanded) }
            return Expression.joined(Expression.orderings(parts).lazy.map { Expression.concatenated($0, limit: limit) }, limit: limit)
        }
    }

    /// Every phrase of the first list followed by one of the next, and so on, cut at `limit`.
    private static func concatenated(_ parts: [[String]], limit: Int, separator: String = " ") -> [String] {
        var partial = [""]
        for next in parts {
            var combined: [String] = []
            combined.reserveCapacity(Swift.min(limit, partial.count * next.count))
            heads: for head in partial {
                for tail in next {
                    combined.append(head + separator + tail)
                    if combined.count == limit { break heads }
                }
            }
            partial = combined
        }
        return partial
    }

    /// The lists one after another, cut at `limit` (the lists after the cut are not made).
    private static func joined(_ lists: some Sequence<[String]>, limit: Int) -> [String] {
        var result: [String] = []
        for list in lists {
            result += list
            if result.count >= limit { return Array(result.prefix(limit)) }
        }
        return result
    }

    /// Every order of the items (at most 5! = 120; the validator bounds the item count).
    package static func orderings<Item>(_ items: [Item]) -> [[Item]] {
        guard items.count > 1 else { return [items] }
        var result: [[Item]] = []
        for (i, item) in items.enumerated() {
            var rest = items
            rest.remove(at: i)
            for tail in orderings(rest) { result.append([item] + tail) }
        }
        return result
    }
}

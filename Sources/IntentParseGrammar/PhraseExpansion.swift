/// Expanding small templates (a list value's `in`, reply words) into every phrase they can say.
extension Expression {
    /// More variants than this from one expression is a grammar problem; the rest are dropped.
    package static let phraseLimit = 1000
    /// The characters one expansion may write in all (its phrases, and the partial phrases of
    /// its sequences); past them the phrases not yet made are dropped. NB: the phrase count
    /// alone does not bound the work: a thousand phrases made again, each a word longer, for
    /// every part of a long sequence of choices took seconds.
    package static let characterBudget = 1 << 20

    /// Every phrase the expression can say, slots left out, rules inlined (up to `phraseLimit`).
    ///
    /// Each part is expanded once: a permutation's items once for all their orders, and a rule
    /// once for all its references at the same depth, so the work grows with the template's
    /// size, not with its orders or the paths through its rules (which may give no phrase at
    /// all, through a slot, and never reach the limit).
    package func phrases(rules: [String: ExpansionRule], depth: Int = 0, limit: Int = Expression.phraseLimit) -> [String] {
        var expanded: [RuleAtDepth: [String]] = [:]
        var budget = Expression.characterBudget
        return phrases(rules: rules, depth: depth, limit: limit, expanded: &expanded, budget: &budget)
    }

    private struct RuleAtDepth: Hashable {
        var name: String
        var depth: Int
    }

    private func phrases(
        rules: [String: ExpansionRule], depth: Int, limit: Int, expanded: inout [RuleAtDepth: [String]], budget: inout Int
    ) -> [String] {
        guard depth < 32 else { return [] }
        switch self {
        case .words(let text): return [text]
        case .slot: return []
        case .rule(let name, _):
            guard let rule = rules[name] else { return [] }
            let key = RuleAtDepth(name: name, depth: depth)
            if let done = expanded[key] { return done }
            let result = rule.source.expression.phrases(rules: rules, depth: depth + 1, limit: limit, expanded: &expanded, budget: &budget)
            expanded[key] = result
            return result
        case .optional(let inner): return [""] + inner.phrases(rules: rules, depth: depth + 1, limit: limit, expanded: &expanded, budget: &budget)
        case .choice(let items):
            var result: [String] = []
            for item in items {
                result += item.phrases(rules: rules, depth: depth + 1, limit: limit, expanded: &expanded, budget: &budget)
                if result.count >= limit { return Array(result.prefix(limit)) }
            }
            return result
        case .sequence(let items):
            let parts = items.map { $0.phrases(rules: rules, depth: depth + 1, limit: limit, expanded: &expanded, budget: &budget) }
            return Expression.concatenated(parts, limit: limit, budget: &budget)
        case .glued(let items):
            // One word: its pieces' spellings written together.
            let parts = items.map { $0.phrases(rules: rules, depth: depth + 1, limit: limit, expanded: &expanded, budget: &budget) }
            return Expression.concatenated(parts, limit: limit, separator: "", budget: &budget)
        case .permutation(let items):
            // An order is a sequence of its items, one level further down.
            let parts = items.map { $0.phrases(rules: rules, depth: depth + 2, limit: limit, expanded: &expanded, budget: &budget) }
            var orders: [String] = []
            for order in Expression.orderings(parts) where orders.count < limit && budget > 0 {
                orders += Expression.concatenated(order, limit: limit - orders.count, budget: &budget)
            }
            return orders
        }
    }

    /// Every phrase of the first list followed by one of the next, and so on, cut at `limit`
    /// phrases, and at as many as `budget` (characters written) affords: none when even one
    /// phrase, with the partial phrases it is made from, costs more.
    private static func concatenated(_ parts: [[String]], limit: Int, separator: String = " ", budget: inout Int) -> [String] {
        // The longest phrase the parts can make, and roughly what one costs in all: each
        // partial phrase on its way is written anew, a part longer.
        let longest = parts.reduce(0) { $0 + ($1.lazy.map(\.utf8.count).max() ?? 0) + separator.utf8.count }
        let costOfOne = longest * (parts.count + 2) / 2
        guard costOfOne <= budget else {
            budget = 0
            return []
        }
        let limit = Swift.min(limit, Swift.max(1, budget / Swift.max(1, costOfOne)))
        var partial = [""]
        for next in parts {
            var combined: [String] = []
            combined.reserveCapacity(Swift.min(limit, partial.count * next.count))
            heads: for head in partial {
                for tail in next {
                    // Past the budget, the first phrase is still finished (it was afforded).
                    guard budget > 0 || combined.isEmpty else { break heads }
                    let phrase = head + separator + tail
                    budget -= phrase.utf8.count
                    combined.append(phrase)
                    if combined.count == limit { break heads }
                }
            }
            partial = combined
        }
        return partial
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

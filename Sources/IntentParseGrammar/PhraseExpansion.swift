/// Expanding small templates (a list value's `in`, reply words) into every phrase they can say.
extension Expression {
    /// More variants than this from one expression is a grammar problem; the rest are dropped.
    public static let phraseLimit = 1000

    /// Every phrase the expression can say, slots left out, rules inlined (up to `phraseLimit`).
    public func phrases(rules: [String: ExpansionRule], depth: Int = 0) -> [String] {
        guard depth < 32 else { return [] }
        let limit = Expression.phraseLimit
        switch self {
        case .words(let text): return [text]
        case .slot: return []
        case .rule(let name, _):
            guard let rule = rules[name] else { return [] }
            return rule.source.expression.phrases(rules: rules, depth: depth + 1)
        case .optional(let inner): return [""] + inner.phrases(rules: rules, depth: depth + 1)
        case .choice(let items):
            return Expression.joined(items.lazy.map { $0.phrases(rules: rules, depth: depth + 1) }, limit: limit)
        case .sequence(let items):
            var partial = [""]
            for item in items {
                let next = item.phrases(rules: rules, depth: depth + 1)
                var combined: [String] = []
                combined.reserveCapacity(Swift.min(limit, partial.count * next.count))
                heads: for head in partial {
                    for tail in next {
                        combined.append(head + " " + tail)
                        if combined.count == limit { break heads }
                    }
                }
                partial = combined
            }
            return partial
        case .permutation(let items):
            return Expression.joined(Expression.orderings(items).lazy.map { Expression.sequence($0).phrases(rules: rules, depth: depth + 1) },
                                     limit: limit)
        }
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
    public static func orderings<Item>(_ items: [Item]) -> [[Item]] {
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

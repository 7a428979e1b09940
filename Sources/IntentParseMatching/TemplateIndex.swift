import IntentParseGrammar

/// The first-pass filter: a template is tried only if the utterance contains its rarest
/// required literal word (a word every match of the template must contain).
///
/// NB: this keeps matching cost proportional to the templates that could match, not to the
/// grammar's size; templates made only of slots and optional words are always tried.
extension Builder {
    mutating func buildIndex() {
        let required = output.templates.map { requiredKeys($0.template.source.expression, depth: 0) }
        var frequency: [String: Int] = [:]
        for keys in required { for key in keys { frequency[key, default: 0] += 1 } }
        for (index, keys) in required.enumerated() {
            let rarest = keys.min { (frequency[$0] ?? 0, $0) < (frequency[$1] ?? 0, $1) }
            if let rarest {
                output.index[output.keys.intern(rarest), default: []].append(Int32(index))
            } else {
                output.unindexed.append(Int32(index))
            }
        }
    }

    /// Loose keys of words that every match of `expression` contains.
    private func requiredKeys(_ expression: Expression, depth: Int) -> Set<String> {
        guard depth < 64 else { return [] }
        switch expression {
        case .words(let text):
            return Set(normalizer.tokenize(text).tokens.filter { !$0.isPunctuation }.map(\.looseKey))
        case .sequence(let items), .permutation(let items):
            return items.reduce(into: Set<String>()) { $0.formUnion(requiredKeys($1, depth: depth + 1)) }
        case .choice(let items):
            guard let first = items.first else { return [] }
            return items.dropFirst().reduce(requiredKeys(first, depth: depth + 1)) { $0.intersection(requiredKeys($1, depth: depth + 1)) }
        case .optional, .slot: return []
        case .rule(let name, _):
            guard let rule = grammar.rules[name] else { return [] }
            return requiredKeys(rule.source.expression, depth: depth + 1)
        }
    }
}

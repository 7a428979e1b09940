import IntentParseGrammar
import IntentParseVocabulary

/// Samples sentences from a grammar's templates with vocabulary filled in, for benchmarks and
/// self-checks: the same seed gives the same sentences.
package struct SentenceGenerator {
    package struct Sample: Sendable {
        package var text: String
        /// The intent of the template it came from.
        package var intent: String
    }

    let grammar: LanguageGrammar
    let apps: [AppVocabulary]
    var random: SplitMix64
    /// Words used to fill wildcards: the grammar's own literal words.
    let fillers: [String]
    /// Named values per list (list values and every app's vocabulary), built on first use.
    var namedValues: [String: [String]] = [:]
    /// Phrases each built-in entity reads (`EntityCatalog.examples`); a number where none.
    let entityExamples: [String: [String]]

    package init(grammar: LanguageGrammar, apps: [AppVocabulary], seed: UInt64, entityExamples: [String: [String]] = [:]) {
        self.grammar = grammar
        self.apps = apps
        self.entityExamples = entityExamples
        self.random = SplitMix64(seed: seed)
        var words = Set<String>()
        for template in grammar.templates { SentenceGenerator.literalWords(template.source.expression, into: &words) }
        fillers = words.sorted()
    }

    /// The literal words of an expression, without expanding its choices into phrases.
    private static func literalWords(_ expression: Expression, into words: inout Set<String>) {
        switch expression {
        case .words(let text):
            for word in text.split(separator: " ") where word.count > 2 { words.insert(String(word)) }
        case .sequence(let items), .choice(let items), .permutation(let items), .glued(let items):
            for item in items { literalWords(item, into: &words) }
        case .optional(let inner): literalWords(inner, into: &words)
        case .slot, .rule: break
        }
    }

    /// `count` sentences, templates drawn uniformly.
    package mutating func samples(_ count: Int) -> [Sample] {
        guard !grammar.templates.isEmpty else { return [] }
        return (0..<count).map { _ in
            let template = grammar.templates[random.next(below: grammar.templates.count)]
            let text = say(template.source.expression, intent: template.intent, depth: 0)
            return Sample(text: text.split(separator: " ").joined(separator: " "), intent: template.intent)
        }
    }

    private mutating func say(_ expression: Expression, intent: String, depth: Int) -> String {
        guard depth < 32 else { return "" }
        switch expression {
        case .words(let text): return text
        case .sequence(let items), .glued(let items): return items.map { say($0, intent: intent, depth: depth + 1) }.joined(separator: " ")
        case .choice(let items): return items.isEmpty ? "" : say(items[random.next(below: items.count)], intent: intent, depth: depth + 1)
        case .optional(let inner): return random.next(below: 2) == 0 ? "" : say(inner, intent: intent, depth: depth + 1)
        case .permutation(let items):
            var shuffled = items
            for i in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(i, random.next(below: i + 1)) }
            return shuffled.map { say($0, intent: intent, depth: depth + 1) }.joined(separator: " ")
        case .rule(let name, _):
            guard let rule = grammar.rules[name] else { return "" }
            return say(rule.source.expression, intent: intent, depth: depth + 1)
        case .slot(let list, _, _): return value(of: list, intent: intent)
        }
    }

    private mutating func value(of listName: String, intent: String) -> String {
        if listName == LanguageGrammar.appList {
            let supporting = apps.filter { $0.supports(intent) }
            guard !supporting.isEmpty else { return "" }
            return supporting[random.next(below: supporting.count)].displayName
        }
        guard let list = grammar.lists[listName] else { return "" }
        var choices = namedValues[listName] ?? named(list)
        namedValues[listName] = choices
        if let range = list.range {
            choices.append(String(range.from + random.next(below: max(1, (range.to - range.from) / range.step + 1)) * range.step))
        }
        if let entity = list.entity {
            let examples = entityExamples[entity] ?? []
            choices.append(examples.isEmpty ? String(1 + random.next(below: 12)) : examples[random.next(below: examples.count)])
        }
        if list.isWildcard || choices.isEmpty, !fillers.isEmpty {
            let words = 1 + random.next(below: 3)
            let filler = (0..<words).map { _ in fillers[random.next(below: fillers.count)] }.joined(separator: " ")
            if choices.isEmpty || random.next(below: 2) == 0 { return filler }
        }
        return choices.isEmpty ? "" : choices[random.next(below: choices.count)]
    }

    private func named(_ list: ListDefinition) -> [String] {
        var choices: [String] = []
        for value in list.values { choices += value.spoken.expression.phrases(rules: grammar.rules).prefix(3) }
        for app in apps {
            guard let localized = app.localization(for: grammar.locale) else { continue }
            let terms =
                (list.vocabulary.flatMap { localized.userVocabulary[$0] } ?? [])
                + (list.parameter.flatMap { localized.parameterVocabularies[$0] } ?? [])
            choices += terms.map(\.displayName)
        }
        return choices
    }
}

/// A small, fast, seedable random number generator (Steele, Lea and Flood's SplitMix64).
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    package mutating func next(below bound: Int) -> Int {
        bound <= 1 ? 0 : Int(next() % UInt64(bound))
    }
}

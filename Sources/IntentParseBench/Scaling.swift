import Foundation
import IntentParse
import IntentParseGrammar
import IntentParseMatching
import IntentParseVocabulary

/// How the figures grow with user vocabulary (contacts) and with grammar size (templates).
package struct Scaling {
    package struct Row {
        package var label: String
        package var compileMilliseconds: Double
        package var residentMB: Double?
        package var timing: Timing
        package var templates: Int
        package var nodes: Int
    }

    package let locale: String
    package let context: MatchContext
    package let base: IntentParser
    package let seed: UInt64
    package let maxContacts: Int

    package init(locale: String, context: MatchContext, base: IntentParser, seed: UInt64, maxContacts: Int) {
        self.locale = locale
        self.context = context
        self.base = base
        self.seed = seed
        self.maxContacts = maxContacts
    }

    package func run() -> (contacts: [Row], grammar: [Row]) {
        let counts = [100, 1_000, 10_000, 100_000].filter { $0 <= maxContacts }
        let contacts = counts.compactMap { count in
            measure("\(count) contacts", apps: Scaling.withContacts(count, apps: base.apps, seed: seed), grammars: base.grammars)
        }
        let grammar = [1, 10, 100].compactMap { factor in
            measure("\(factor)x templates", apps: base.apps, grammars: base.grammars.mapValues { Scaling.multiplied($0, by: factor) })
        }
        return (contacts, grammar)
    }

    private func measure(_ label: String, apps: [AppVocabulary], grammars: [String: LanguageGrammar]) -> Row? {
        let before = Memory.residentMB
        let clock = ContinuousClock()
        let start = clock.now
        guard let parser = try? IntentParser(schema: base.schema, apps: apps, grammars: grammars, entityData: base.entityData) else { return nil }
        let compile = (clock.now - start).milliseconds
        let after = Memory.residentMB
        let locales = Workload.locales(base, locale: locale)
        guard !locales.isEmpty else { return nil }
        let utterances = Workload.generated(base, apps: apps, locales: locales, count: 1000, seed: seed).map(\.text)
        let timing = Timing.measure(parser: parser, utterances: utterances, locale: locale, context: context, minimumParses: 5000)
        let compiled = parser.matchers.values
        return Row(
            label: label, compileMilliseconds: compile, residentMB: after.flatMap { a in before.map { a - $0 } }, timing: timing,
            templates: compiled.map(\.grammar.templateCount).reduce(0, +), nodes: compiled.map(\.grammar.nodeCount).reduce(0, +))
    }

    /// The apps with `count` generated contacts added to one app: the first, by bundle identifier,
    /// whose vocabulary has contacts (a messaging app's address book).
    package static func withContacts(_ count: Int, apps: [AppVocabulary], seed: UInt64) -> [AppVocabulary] {
        var random = SplitMix64(seed: seed)
        let syllables = ["ba", "ko", "mi", "ra", "zu", "te", "lo", "ni", "sa", "vu", "ke", "do", "ri", "ma", "po", "ta", "le", "gi", "nu", "fe"]
        func name() -> String {
            let length = 2 + random.next(below: 2)
            let word = (0..<length).map { _ in syllables[random.next(below: syllables.count)] }.joined()
            return word.prefix(1).uppercased() + word.dropFirst()
        }
        func hasContacts(_ app: AppVocabulary) -> Bool { app.localizations.values.contains { $0.userVocabulary["contactName"] != nil } }
        guard let chosen = apps.filter(hasContacts).map(\.identifier).min() else { return apps }
        return apps.map { app in
            guard app.identifier == chosen else { return app }
            var app = app
            for (folder, localized) in app.localizations where localized.userVocabulary["contactName"] != nil {
                var copy = localized
                let existing = copy.userVocabulary["contactName"] ?? []
                let generated = (0..<count).map { index in
                    let display = "\(name()) \(name())"
                    return VocabularyTerm(identifier: "generated-\(index)", phrases: [.init(text: display)], priority: existing.count + index)
                }
                copy.userVocabulary["contactName"] = existing + generated
                app.localizations[folder] = copy
            }
            return app
        }
    }

    /// The grammar with every template present `factor` times; the copies use words of their own
    /// (each literal word and rule renamed), so they compete for matching but never match.
    ///
    /// NB: each copy also ends with a word of its own ("copyq7"). A template made of slots and
    /// optional words alone ("[<my>] {known_item} {itemType}") has no required word to rename,
    /// so its copies matched whatever it matched: the sweep measured one template accepted a
    /// hundred times, not a grammar a hundred times bigger.
    package static func multiplied(_ grammar: LanguageGrammar, by factor: Int) -> LanguageGrammar {
        guard factor > 1 else { return grammar }
        var result = grammar
        let reserved = [
            LanguageGrammar.appPrefixRule, LanguageGrammar.appSuffixRule, LanguageGrammar.itemSeparatorRule, LanguageGrammar.requestSeparatorRule
        ]
        for copy in 1..<factor {
            for (name, rule) in grammar.rules where !reserved.contains(name) {
                var renamed = rule
                renamed.name = "\(name)__\(copy)"
                renamed.source.expression = rename(rule.source.expression, copy: copy, reserved: reserved)
                result.rules[renamed.name] = renamed
            }
            for template in grammar.templates {
                var source = template.source
                source.expression = .sequence([rename(template.source.expression, copy: copy, reserved: reserved), .words("copyq\(copy)")])
                result.templates.append(template.replacing(source).renumbered(result.templates.count))
            }
        }
        return result
    }

    private static func rename(_ expression: IntentParseGrammar.Expression, copy: Int, reserved: [String]) -> IntentParseGrammar.Expression {
        switch expression {
        case .words(let text): return .words(text.split(separator: " ").map { "\($0)q\(copy)" }.joined(separator: " "))
        case .sequence(let items): return .sequence(items.map { rename($0, copy: copy, reserved: reserved) })
        case .glued(let items): return .glued(items.map { rename($0, copy: copy, reserved: reserved) })
        case .choice(let items): return .choice(items.map { rename($0, copy: copy, reserved: reserved) })
        case .permutation(let items): return .permutation(items.map { rename($0, copy: copy, reserved: reserved) })
        case .optional(let inner): return .optional(rename(inner, copy: copy, reserved: reserved))
        case .rule(let name, let offset): return reserved.contains(name) ? expression : .rule("\(name)__\(copy)", offset: offset)
        case .slot: return expression
        }
    }
}

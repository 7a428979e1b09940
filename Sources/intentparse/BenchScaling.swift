import Foundation
import IntentParse
import IntentParseGrammar

/// How the figures grow with user vocabulary (contacts) and with grammar size (templates).
struct Scaling {
    struct Row {
        var label: String
        var compileMilliseconds: Double
        var residentMB: Double?
        var timing: Timing
        var templates: Int
        var nodes: Int
    }

    let options: CommonOptions
    let base: IntentParser
    let seed: UInt64
    let maxContacts: Int

    func run() -> (contacts: [Row], grammar: [Row]) {
        let counts = [100, 1_000, 10_000, 100_000].filter { $0 <= maxContacts }
        let contacts = counts.compactMap { count in measure("\(count) contacts", apps: Scaling.withContacts(count, apps: base.apps, seed: seed), grammars: base.grammars) }
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
        let locales = Workload.locales(base, locale: options.locale)
        guard !locales.isEmpty else { return nil }
        let utterances = Workload.generated(base, apps: apps, locales: locales, count: 1000, seed: seed).map(\.text)
        let timing = Timing.measure(parser: parser, utterances: utterances, locale: options.locale, context: options.context, minimumParses: 5000)
        let compiled = parser.matchers.values
        return Row(label: label, compileMilliseconds: compile, residentMB: after.flatMap { a in before.map { a - $0 } }, timing: timing,
                   templates: compiled.map(\.grammar.templateCount).reduce(0, +), nodes: compiled.map(\.grammar.nodeCount).reduce(0, +))
    }

    /// The apps with `count` generated contacts added to one app: the first, by bundle identifier,
    /// whose vocabulary has contacts (a messaging app's address book).
    static func withContacts(_ count: Int, apps: [AppVocabulary], seed: UInt64) -> [AppVocabulary] {
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
    static func multiplied(_ grammar: LanguageGrammar, by factor: Int) -> LanguageGrammar {
        guard factor > 1 else { return grammar }
        var result = grammar
        let reserved = [LanguageGrammar.appPrefixRule, LanguageGrammar.appSuffixRule, LanguageGrammar.itemSeparatorRule]
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
                result.templates.append(Template(intent: template.intent, source: source, fixedSlots: template.fixedSlots,
                                                 index: result.templates.count))
            }
        }
        return result
    }

    private static func rename(_ expression: IntentParseGrammar.Expression, copy: Int, reserved: [String]) -> IntentParseGrammar.Expression {
        switch expression {
        case .words(let text): return .words(text.split(separator: " ").map { "\($0)q\(copy)" }.joined(separator: " "))
        case .sequence(let items): return .sequence(items.map { rename($0, copy: copy, reserved: reserved) })
        case .choice(let items): return .choice(items.map { rename($0, copy: copy, reserved: reserved) })
        case .permutation(let items): return .permutation(items.map { rename($0, copy: copy, reserved: reserved) })
        case .optional(let inner): return .optional(rename(inner, copy: copy, reserved: reserved))
        case .rule(let name, let offset): return reserved.contains(name) ? expression : .rule("\(name)__\(copy)", offset: offset)
        case .slot: return expression
        }
    }
}

/// The figures, as text for people or JSON for machines.
struct BenchReport {
    var startup: Startup
    var workload: String
    var timing: Timing
    var check: (Int, Int)
    var firstLineMilliseconds: Double?
    var scaling: (contacts: [Scaling.Row], grammar: [Scaling.Row])?

    static var build: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    var text: String {
        let compiled = startup.parser.matchers.values
        var lines = [
            "intentparse bench (\(BenchReport.build) build, \(ProcessInfo.processInfo.activeProcessorCount) cores)",
            "workload      \(workload); \(timing.parses) timed parses",
            "grammar       \(compiled.map(\.grammar.templateCount).reduce(0, +)) templates, \(compiled.map(\.grammar.nodeCount).reduce(0, +)) automaton nodes, \(startup.parser.apps.count) apps",
            String(format: "start-up      load %.1f ms, compile %.1f ms", startup.loadMilliseconds, startup.compileMilliseconds),
            firstLineMilliseconds.map { String(format: "first line    %.1f ms (process start to first answer, median of 11)", $0) } ?? "first line    not measured",
            String(format: "throughput    %.0f utterances/s (parse + JSON line, one core)", timing.perSecond),
            String(format: "latency       median %.1f µs, p90 %.1f µs, p99 %.1f µs, max %.1f µs", timing.latency.median, timing.latency.at(0.9), timing.latency.at(0.99), timing.latency.max),
            String(format: "memory        peak %.1f MB", timing.peakMemoryMB),
            "check         \(check.0) of \(check.1) as expected",
        ]
        for (rank, slow) in timing.slowest.enumerated() {
            lines.append((rank == 0 ? "slowest       " : "              ") + String(format: "%7.1f µs  ", slow.microseconds) + slow.utterance)
        }
        if let scaling {
            lines.append("")
            lines.append("scaling        compile ms   Δ memory MB   median µs   p99 µs   utterances/s   templates     nodes")
            for row in scaling.contacts + scaling.grammar {
                let memory = row.residentMB.map { String(format: "%.1f", $0) } ?? "?"
                lines.append(row.label.padding(toLength: 16, withPad: " ", startingAt: 0)
                             + String(format: "%9.1f   ", row.compileMilliseconds)
                             + String(repeating: " ", count: max(0, 11 - memory.count)) + memory
                             + String(format: "   %9.1f   %6.1f   %12.0f   %9d   %7d", row.timing.latency.median, row.timing.latency.at(0.99),
                                      row.timing.perSecond, row.templates, row.nodes))
            }
        }
        return lines.joined(separator: "\n")
    }

    var json: JSONValue {
        func row(_ r: Scaling.Row) -> JSONValue {
            .object([("label", .string(r.label)), ("compileMilliseconds", .number(r.compileMilliseconds)),
                     ("residentDeltaMB", r.residentMB.map(JSONValue.number) ?? .null), ("latency", latency(r.timing)),
                     ("utterancesPerSecond", .number(r.timing.perSecond)), ("templates", .number(Double(r.templates))), ("nodes", .number(Double(r.nodes)))])
        }
        var members: [(String, JSONValue)] = [
            ("build", .string(BenchReport.build)), ("workload", .string(workload)), ("parses", .number(Double(timing.parses))),
            ("loadMilliseconds", .number(startup.loadMilliseconds)), ("compileMilliseconds", .number(startup.compileMilliseconds)),
            ("firstLineMilliseconds", firstLineMilliseconds.map(JSONValue.number) ?? .null),
            ("utterancesPerSecond", .number(timing.perSecond)), ("latency", latency(timing)),
            ("peakMemoryMB", .number(timing.peakMemoryMB)),
            ("slowest", .array(timing.slowest.map { .object([("text", .string($0.utterance)), ("medianMicroseconds", .number($0.microseconds))]) })),
            ("check", .object([("asExpected", .number(Double(check.0))), ("total", .number(Double(check.1)))])),
        ]
        if let scaling {
            members.append(("scaling", .object([("contacts", .array(scaling.contacts.map(row))), ("grammar", .array(scaling.grammar.map(row)))])))
        }
        return .object(members)
    }

    private func latency(_ timing: Timing) -> JSONValue {
        .object([("medianMicroseconds", .number(timing.latency.median)), ("p90Microseconds", .number(timing.latency.at(0.9))),
                 ("p99Microseconds", .number(timing.latency.at(0.99))), ("maxMicroseconds", .number(timing.latency.max))])
    }
}

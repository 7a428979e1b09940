import Foundation
import IntentParse
import IntentParseCorpus
import IntentParseMatching
import IntentParseVocabulary

/// What is parsed: corpus sentences (checked against their expectations) or generated ones
/// (checked against the intent of the template they came from).
package struct Workload {
    package var utterances: [String]
    package var description: String
    package var corpus: [CorpusCase] = []
    package var generated: [SentenceGenerator.Sample] = []

    /// Throws the corpus files' `DiagnosticError`.
    package static func make(parser: IntentParser, corpus paths: [String], generate: Int, seed: UInt64, locale: String) throws -> Workload {
        if !paths.isEmpty {
            let cases = try CorpusLoader(for: parser).load(paths: paths).cases
            return Workload(
                utterances: cases.map(\.sentence), description: "\(cases.count) corpus sentences from \(paths.joined(separator: ", "))", corpus: cases
            )
        }
        let locales = Workload.locales(parser, locale: locale)
        guard !locales.isEmpty else { return Workload(utterances: [], description: "no grammar") }
        let samples = generated(parser, apps: parser.apps, locales: locales, count: generate, seed: seed)
        let from = locales.map { "Grammars/\($0)" }.joined(separator: ", ")
        return Workload(
            utterances: samples.map(\.text), description: "\(samples.count) sentences generated from \(from) (seed \(seed))", generated: samples)
    }

    /// The locales to generate from: the one asked for, or every loaded one for `auto`.
    package static func locales(_ parser: IntentParser, locale: String) -> [String] {
        locale == "auto" ? parser.locales : parser.grammars[locale] == nil ? [] : [locale]
    }

    /// `count` sentences from the grammars of `locales`, an equal share from each, interleaved.
    package static func generated(_ parser: IntentParser, apps: [AppVocabulary], locales: [String], count: Int, seed: UInt64) -> [SentenceGenerator
        .Sample]
    {
        var shares: [[SentenceGenerator.Sample]] = []
        for (index, locale) in locales.enumerated() {
            guard let grammar = parser.grammars[locale] else { continue }
            var generator = SentenceGenerator(
                grammar: grammar, apps: apps, seed: seed,
                entityExamples: parser.entityCatalogs[locale]?.examples ?? [:])
            let share = count / locales.count + (index < count % locales.count ? 1 : 0)
            shares.append(generator.samples(share))
        }
        var samples: [SentenceGenerator.Sample] = []
        for round in 0..<(shares.map(\.count).max() ?? 0) {
            for share in shares where round < share.count { samples.append(share[round]) }
        }
        return samples
    }

    /// (as expected, total).
    package func check(_ parser: IntentParser, locale: String, context: MatchContext) -> (Int, Int) {
        if !corpus.isEmpty {
            let passed = CorpusRunner(parser: parser).run(corpus).filter(\.passed).count
            return (passed, corpus.count)
        }
        let agreeing = generated.filter { parser.parse($0.text, locale: locale, context: context).best?.intent == $0.intent }.count
        return (agreeing, generated.count)
    }
}

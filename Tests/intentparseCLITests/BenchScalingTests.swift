import Foundation
import IntentParse
import IntentParseBench
import IntentParseEntities
import IntentParseMatching
import IntentParseTestSupport
import Testing

@testable import IntentParseMatching

/// The grammar-size sweep of `bench --scale`.
@Suite struct BenchScalingTests {
    /// The copies a grammar is multiplied with compete for matching but never match: no copy
    /// is ever a candidate (its words are not in the sentence), and every sentence the original
    /// grammar generates reads exactly as it did, through the tripled one.
    @Test func copiesOfTheTemplatesNeverMatch() throws {
        let parser = try IntentParser(
            grammars: CLI.root.appendingPathComponent("Grammars"),
            vocabulary: CLI.root.appendingPathComponent("Vocabulary"),
            options: IntentParser.Options(locales: ["en"]))
        let grammar = try #require(parser.grammars["en"])
        let tripled = try IntentParser(
            schema: parser.schema, apps: parser.apps,
            grammars: parser.grammars.mapValues { Scaling.multiplied($0, by: 3) },
            entityData: parser.entityData)
        #expect(tripled.grammars["en"]?.templates.count == 3 * grammar.templates.count)
        var generator = SentenceGenerator(
            grammar: grammar, apps: parser.apps, seed: 7,
            entityExamples: parser.entityCatalogs["en"]?.examples ?? [:])
        let context = MatchContext(entityContext: EntityContext(now: Date(timeIntervalSince1970: 1_795_000_000)))
        let copies = grammar.templates.count..<(3 * grammar.templates.count)
        let matcher = try #require(tripled.matchers["en"])
        var accepted = 0
        for sample in generator.samples(300) {
            #expect(!matcher.candidateTemplates(for: sample.text).contains { copies.contains(Int($0)) }, "\(sample.text)")
            let original = parser.parse(sample.text, locale: "en", context: context)
            let line = ResultJSON.line(original)
            #expect(ResultJSON.line(tripled.parse(sample.text, locale: "en", context: context)) == line, "\(sample.text)")
            if original.best != nil { accepted += 1 }
        }
        #expect(accepted > 250)
    }
}

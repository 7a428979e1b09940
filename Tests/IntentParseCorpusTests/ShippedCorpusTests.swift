import Foundation
import Testing
import IntentParse
@testable import IntentParseCorpus

/// The shipped corpus is the truth: every case in Corpus/ must pass against Grammars/ and
/// Vocabulary/. A failure names the corpus file and line.
@Suite struct ShippedCorpusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Loaded once for the suite (every shipped language).
    private static let loaded = Result { try IntentParser(grammars: root.appendingPathComponent("Grammars"), vocabulary: root.appendingPathComponent("Vocabulary")) }

    static func parser() throws -> IntentParser { try loaded.get() }

    @Test func everyCorpusCasePasses() throws {
        let cases = try CorpusLoader().load(paths: [ShippedCorpusTests.root.appendingPathComponent("Corpus").path]).cases
        #expect(cases.count >= 200)
        #expect(cases.filter { $0.expectation.intent == nil }.count * 5 >= cases.count)
        let outcomes = CorpusRunner(parser: try ShippedCorpusTests.parser()).run(cases)
        for outcome in outcomes where !outcome.passed {
            Issue.record("\(outcome.testCase.location): \"\(outcome.testCase.sentence)\": \(outcome.differences.joined(separator: "; "))")
        }
    }

    /// Every case also passes with the language left to find (`--locale auto`, the default):
    /// among every shipped language, each sentence and conversation is read in its own, and
    /// what its language rejects stays rejected.
    @Test func everyCorpusCasePassesWithTheLanguageLeftToFind() async throws {
        let corpus = try CorpusLoader().load(paths: [ShippedCorpusTests.root.appendingPathComponent("Corpus").path])
        let parser = try ShippedCorpusTests.parser()
        #expect(parser.locales.count >= 7)
        for outcome in CorpusRunner(parser: parser, locale: "auto").run(corpus.cases) where !outcome.passed {
            Issue.record("\(outcome.testCase.location): \"\(outcome.testCase.sentence)\" (auto: \(outcome.result.locale)): \(outcome.differences.joined(separator: "; "))")
        }
        let runner = DialogueRunner(parser: parser, locale: "auto")
        for dialogue in corpus.dialogues {
            let outcome = await runner.run(dialogue)
            if !outcome.passed { Issue.record("\(dialogue.file):\(dialogue.line): \(dialogue.name) (auto): \(outcome.differences.joined(separator: "; "))") }
        }
    }

    @Test(arguments: [
        ("MonkeyChat Bobo please send more bananas", "Bobo", "send more bananas"),
        ("Send a message to Bobo on MonkeyChat saying hi", "Bobo", "hi"),
    ])
    func designSeedExamples(_ text: String, _ recipient: String, _ content: String) throws {
        let result = try ShippedCorpusTests.parser().parse(text)
        let best = try #require(result.best)
        #expect(best.intent == "INSendMessageIntent")
        #expect(best.domain == "messaging")
        #expect(best.app?.displayName == "MonkeyChat")
        #expect(best.app?.identifier == "com.example.monkeychat")
        #expect(best.parameter("recipients")?.values.map(\.spoken) == [recipient])
        #expect(best.parameter("content")?.values.map(\.spoken) == [content])
        #expect(best.missing.isEmpty)
        #expect(best.score > 0 && best.score <= 1)
    }

    @Test func corpusExpectationsAreStrict() throws {
        let parser = try ShippedCorpusTests.parser()
        let result = parser.parse("MonkeyChat Bobo please send more bananas")
        let exact = Expectation(intent: "INSendMessageIntent", app: "MonkeyChat",
                                parameters: [("recipients", .multiple([.init(spoken: "Bobo")])), ("content", .single(.init(spoken: "send more bananas")))],
                                missing: [])
        #expect(CorpusRunner.compare(exact, result).isEmpty)
        var missingSlot = exact
        missingSlot.parameters.removeLast()
        #expect(CorpusRunner.compare(missingSlot, result).contains { $0.contains("content: not expected") })
        var wrongIdentifier = exact
        wrongIdentifier.parameters[0] = ("recipients", .multiple([.init(spoken: "Bobo", identifier: "bobo")]))
        #expect(!CorpusRunner.compare(wrongIdentifier, result).isEmpty)
        let rejection = Expectation(intent: nil, app: nil, parameters: [], missing: nil)
        #expect(CorpusRunner.compare(rejection, result).first?.contains("expected a rejection") == true)
    }

    @Test func corpusFileErrorsNameTheLine() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID().uuidString).yaml")
        try Data("language: en\ntests:\n  - sentences: [\"hi\"]\n    intnt: null\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: DiagnosticError.self) { try CorpusLoader().load(paths: [url.path]) }
        do {
            _ = try CorpusLoader().load(paths: [url.path])
        } catch let error as DiagnosticError {
            #expect(error.errors.contains { $0.location.line == 4 && $0.message.contains("did you mean 'intent'") })
        }
    }
}

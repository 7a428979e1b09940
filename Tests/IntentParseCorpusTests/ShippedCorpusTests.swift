import Foundation
import IntentParse
import IntentParseBase
import IntentParseTestSupport
import Testing

@testable import IntentParseCorpus

/// The shipped corpus is the truth: every case in Corpus/ must pass against Grammars/ and
/// Vocabulary/. A failure names the corpus file and line.
@Suite struct ShippedCorpusTests {
    static func parser() throws -> IntentParser { try Repository.shippedParser() }

    /// One test per corpus file, so that a failure names its file: its sentences, then its
    /// conversations, in the file's own language.
    @Test(arguments: Repository.corpusFiles())
    func corpusFilePasses(_ file: String) async throws {
        try await ShippedCorpusTests.run(file, locale: nil)
    }

    /// Every file also passes with the language left to find (`--locale auto`, the default):
    /// among every shipped language, each sentence and conversation is read in its own, and
    /// what its language rejects stays rejected.
    @Test(arguments: Repository.corpusFiles())
    func corpusFilePassesWithTheLanguageLeftToFind(_ file: String) async throws {
        try await ShippedCorpusTests.run(file, locale: "auto")
    }

    private static func run(_ file: String, locale: String?) async throws {
        let corpus = try CorpusLoader().load(paths: [Repository.root.appendingPathComponent(file).path])
        #expect(!corpus.cases.isEmpty || !corpus.dialogues.isEmpty, "\(file) has no cases")
        let parser = try ShippedCorpusTests.parser()
        let mode = locale.map { " (\($0))" } ?? ""
        for outcome in CorpusRunner(parser: parser, locale: locale).run(corpus.cases) where !outcome.passed {
            Issue.record(
                "\(outcome.testCase.location)\(mode): \"\(outcome.testCase.sentence)\" (read as \(outcome.result.locale)): \(outcome.differences.joined(separator: "; "))"
            )
        }
        let runner = DialogueRunner(parser: parser, locale: locale)
        for dialogue in corpus.dialogues {
            let outcome = await runner.run(dialogue)
            if !outcome.passed {
                Issue.record("\(dialogue.file):\(dialogue.line): \(dialogue.name)\(mode): \(outcome.differences.joined(separator: "; "))")
            }
        }
    }

    /// The corpus as a whole: every shipped language, enough cases, and a fifth of them negative.
    @Test func theCorpusCoversEveryLanguageWithNegatives() throws {
        let cases = try CorpusLoader().load(paths: [Repository.corpus.path]).cases
        #expect(cases.count >= 200)
        #expect(cases.filter { $0.expectation.intent == nil }.count * 5 >= cases.count)
        #expect(try ShippedCorpusTests.parser().locales.count >= 7)
        #expect(
            Set(Repository.corpusFiles().map { $0.split(separator: "/")[1] }) == Set(try ShippedCorpusTests.parser().locales.map { Substring($0) }))
    }

    @Test(arguments: [
        ("MonkeyChat Bobo please send more bananas", "Bobo", "send more bananas"),
        ("Send a message to Bobo on MonkeyChat saying hi", "Bobo", "hi")
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
        let exact = Expectation(
            intent: "INSendMessageIntent", app: "MonkeyChat",
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

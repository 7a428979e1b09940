import Foundation
import IntentParse
import IntentParseBase
import IntentParseTestSupport
import Testing

@testable import IntentParseCorpus

/// Requests in JSON Lines (`{"text", "intent", "slots"?}` a line), as datasets and logs hold
/// them: scored by their intent, with in-scope recall and the false-accept rate.
@Suite struct JSONLinesCorpusTests {
    private static let lines = """
        {"id": "a/1", "source": "logs", "text": "MonkeyChat Bobo please send more bananas", "intent": "INSendMessageIntent", "slots": {"content": ["send more bananas"], "mood": ["hungry"]}}
        {"text": "In ListOMat, add apples to the grocery list", "intent": "INAddTasksIntent", "locale": "en"}

        {"text": "what's the weather like tomorrow", "intent": null}
        {"text": "send a message to Coco saying hi", "intent": "INSendMessageIntent", "slots": {"content": ["hello"]}}
        {"text": "play some jazz", "intent": "INRequestRideIntent"}
        """

    private func load(_ text: String, in folder: TemporaryFolder) throws -> Corpus {
        let file = try folder.write(text, to: "requests.jsonl")
        let parser = try Repository.shippedParser()
        return try CorpusLoader(for: parser).load(paths: [file.path])
    }

    @Test func requestsAreScoredByTheirIntent() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let corpus = try load(JSONLinesCorpusTests.lines, in: folder)
        #expect(corpus.cases.map(\.line) == [1, 2, 4, 5, 6])
        #expect(corpus.cases.map(\.locale) == ["auto", "en", "auto", "auto", "auto"])
        // A dataset's own slot names are not checked; a parameter's are, by the words as typed.
        #expect(corpus.cases[0].expectation.spokenSlots.map(\.name) == ["content"])

        let outcomes = CorpusRunner(parser: try Repository.shippedParser()).run(corpus.cases)
        #expect(outcomes.map(\.passed) == [true, true, true, false, false])
        #expect(outcomes[3].differences == [#"content: expected ["hello"], got ["hi"]"#])
        let metrics = CorpusMetrics(cases: outcomes, dialogues: [])
        #expect((metrics.inScope.passed, metrics.inScope.total) == (3, 4))
        #expect((metrics.falseAccepts, metrics.negatives) == (0, 1))
    }

    @Test func mistakesNameTheLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let text = """
            {"text": "call Bobo", "intent": "INStartCalIntent"}
            {"text": "call Bobo"}
            not json
            {"text": 42, "intent": null}
            {"text": "call Bobo", "intent": 7}
            """
        #expect(throws: DiagnosticError.self) { try load(text, in: folder) }
        do {
            _ = try load(text, in: folder)
        } catch let error as DiagnosticError {
            let messages = error.errors.map { "\($0.location.line ?? 0): \($0.message)" }
            #expect(messages.count == 5)
            #expect(messages[0].hasPrefix("1: unknown intent 'INStartCalIntent'") && messages[0].contains("INStartCallIntent"))
            #expect(messages[1].hasPrefix("2: a request needs \"intent\""))
            #expect(messages[2].hasPrefix("3: not a JSON object"))
            #expect(messages[3].hasPrefix("4: a request needs \"text\""))
            #expect(messages[4].hasPrefix("5: \"intent\" must be an intent name or null"))
        }
    }
}

import Foundation
import IntentParse
import IntentParseBase
import IntentParseMatching
import Testing

@testable import IntentParseCorpus

/// Corpus file features beyond plain strings: typed values written as mappings or lists, and
/// the file-level `now:` that makes relative dates reproducible.
@Suite struct CorpusLoaderTests {
    private func load(_ text: String) throws -> Corpus {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID().uuidString).yaml")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try CorpusLoader().load(paths: [url.path])
    }

    private func errors(_ text: String) -> [Diagnostic] {
        do {
            _ = try load(text)
            return []
        } catch let error as DiagnosticError {
            return error.errors
        } catch {
            return []
        }
    }

    @Test func valuesMayBeMappingsAndLists() throws {
        let corpus = try load(
            """
            language: en
            tests:
              - sentences: ["send $20 to Coco"]
                intent: INSendPaymentIntent
                parameters:
                  currencyAmount: {spoken: "$20", value: {currencyCode: USD, amount: 20}}
                  note: {spoken: x, value: [1, two, {a: null}]}
            """)
        let parameters = try #require(corpus.cases.first?.expectation.parameters)
        #expect(parameters[0].value == .single(.init(spoken: "$20", value: .object([("amount", .number(20)), ("currencyCode", .string("USD"))]))))
        #expect(parameters[1].value == .single(.init(spoken: "x", value: .array([.number(1), .string("two"), .object([("a", .null)])]))))
    }

    /// Compared as JSON: members, not the order they were written in.
    @Test func valuesCompareWhateverTheKeyOrder() {
        let typed = SlotValue(spoken: "$20", value: .object([("amount", .number(20)), ("currencyCode", .string("USD"))]))
        let written = Expectation.Value(spoken: "$20", value: JSONValue.object([("currencyCode", .string("USD")), ("amount", .number(20))]).canonical)
        #expect(CorpusRunner.expectation(of: .single(typed)) == .single(written))
        let other = Expectation.Value(spoken: "$20", value: JSONValue.object([("amount", .number(21)), ("currencyCode", .string("USD"))]).canonical)
        #expect(CorpusRunner.expectation(of: .single(typed)) != .single(other))
    }

    /// `also:` lists the requests after the first; a case without it expects one request.
    @Test func alsoListsTheFurtherRequests() throws {
        let corpus = try load(
            """
            language: en
            tests:
              - sentences: ["call Kiki and text Coco hi"]
                intent: INStartCallIntent
                also:
                  - intent: INSendMessageIntent
                    app: MonkeyChat
                    parameters: {content: hi}
              - sentences: ["call Kiki"]
                intent: INStartCallIntent
            """)
        let also = try #require(corpus.cases.first?.expectation.also)
        #expect(also.map(\.intent) == ["INSendMessageIntent"])
        #expect(also.first?.app == .some("MonkeyChat"))
        #expect(also.first?.parameters.map(\.name) == ["content"])
        #expect(corpus.cases.last?.expectation.also?.isEmpty == true)
    }

    @Test func alsoNeedsIntentsAndNoRejection() {
        let messages = errors(
            """
            language: en
            tests:
              - sentences: ["hi and bye"]
                intent: null
                also: [{intent: INStartCallIntent}]
              - sentences: ["call Kiki and text Coco"]
                intent: INStartCallIntent
                also: [{app: MonkeyChat}, {intent: INSendMessageIntent, given_app: MonkeyChat}]
            """
        ).map(\.message)
        #expect(messages.contains("a case that must be rejected (intent: null) cannot list more requests"))
        #expect(messages.contains("a request of 'also' needs 'intent' (an intent name)"))
        #expect(messages.contains { $0.contains("given_app") })
    }

    @Test func nowSetsTheReferenceTimeAndZone() throws {
        let corpus = try load("language: en\nnow: 2026-11-21T09:30:00-05:00\ntests:\n  - {sentences: [hi], intent: null}\n")
        let now = try #require(corpus.cases.first?.now)
        #expect(now.now == Date(timeIntervalSince1970: 1_795_271_400))
        #expect(now.timeZone.secondsFromGMT(for: now.now) == -18_000)
        #expect(corpus.cases.first?.matchContext.entityContext.now == now.now)
        #expect(try load("language: en\ntests:\n  - {sentences: [hi], intent: null}\n").cases.first?.now == nil)
    }

    @Test func aBadNowIsAnErrorAtItsLine() {
        let found = errors("language: en\nnow: next tuesday\ntests:\n  - {sentences: [hi], intent: null}\n")
        #expect(found.count == 1)
        #expect(found.first?.location.line == 2)
        #expect(found.first?.message.contains("not an ISO 8601 date") == true)
    }
}

import Foundation
import Hummingbird
import HummingbirdTesting
import IntentParse
import IntentParseBase
import IntentParseService
import IntentParseTestSupport
import Testing
import Yams

/// `intentparse serve`'s routes, run in process through Hummingbird's router (no socket).
@Suite struct ServiceRouteTests {
    static let now = "2026-11-21T09:30:00-05:00"

    /// The shipped grammars and vocabulary behind a router; `token`: the bearer token required.
    static func withService<T: Sendable>(
        token: String? = nil, ttl: Duration = .seconds(3600), _ body: @escaping @Sendable (any TestClientProtocol, IntentService) async throws -> T
    ) async throws -> T {
        let parser = try Repository.shippedParser()
        let service = IntentService(parser: parser, sessions: MemorySessionStore(ttl: ttl))
        let app = Application(router: ServiceRouter.router(service, token: token))
        return try await app.test(.router) { client in try await body(client, service) }
    }

    static func json(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    static func object(_ response: TestResponse) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))
        return try #require(value as? [String: Any], "not a JSON object: \(String(buffer: response.body))")
    }

    static func error(_ response: TestResponse) throws -> String {
        try #require(try object(response)["error"] as? String)
    }

    @Test func parsesOneTextAsTheCommandLineDoes() async throws {
        try await Self.withService { client, service in
            let text = "MonkeyChat Bobo please send more bananas"
            try await client.execute(
                uri: "/parse", method: .post, headers: [.contentType: "application/json"],
                body: Self.json(#"{"text":"\#(text)","now":"\#(Self.now)"}"#)
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                let expected = ResultJSON.line(
                    service.parser.parse(text, locale: "auto", context: MatchContext(entityContext: EntityContext(iso: Self.now)!)))
                #expect(String(buffer: response.body) == expected)
                let object = try Self.object(response)
                #expect(object["intent"] as? String == "INSendMessageIntent")
                #expect(object["app"] as? String == "MonkeyChat")
            }
        }
    }

    @Test func parsesABatchInOrderAndRejectsWhatNoGrammarTakes() async throws {
        try await Self.withService { client, _ in
            try await client.execute(
                uri: "/parse", method: .post,
                body: Self.json(#"{"texts":["call Bobo","what is the capital of peru","Appelle Bobo"]}"#)
            ) { response in
                #expect(response.status == .ok)
                let array = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [[String: Any]])
                #expect(array.map { $0["text"] as? String } == ["call Bobo", "what is the capital of peru", "Appelle Bobo"])
                #expect(array[0]["intent"] as? String == "INStartCallIntent")
                #expect(array[1]["intent"] is NSNull)
                #expect(array[1]["reason"] is String)
                #expect(array[2]["intent"] as? String == "INStartCallIntent")
                #expect(array[2]["locale"] as? String == "fr")
            }
        }
    }

    @Test func answersJSONLinesWithJSONLines() async throws {
        try await Self.withService { client, _ in
            let body = "{\"text\":\"call Bobo\"}\n\n{\"text\":\"ruf Bobo an\",\"locale\":\"de\"}\r\n"
            try await client.execute(
                uri: "/parse", method: .post, headers: [.contentType: "application/x-ndjson; charset=utf-8"], body: Self.json(body)
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/x-ndjson")
                let lines = String(buffer: response.body).split(separator: "\n")
                #expect(lines.count == 2)
                let second = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
                #expect(second["locale"] as? String == "de")
                #expect(second["intent"] as? String == "INStartCallIntent")
            }
        }
    }

    /// JSON Lines is told by the media type alone: parameters, letter case and the optional
    /// whitespace around it do not matter; a longer or different type is JSON.
    @Test(arguments: [
        ("application/x-ndjson", true), ("Application/X-NDJSON", true), (" \tapplication/x-ndjson ; charset=utf-8", true),
        ("application/x-ndjson;", true), ("application/x-ndjsonl", false), ("application/x -ndjson", false),
        ("application/json", false), ("x-ndjson", false), ("applicätion/x-ndjson", false), ("", false)
    ])
    func tellsJSONLinesByTheMediaType(contentType: String, isJSONLines: Bool) async throws {
        try await Self.withService { client, _ in
            try await client.execute(
                uri: "/parse", method: .post, headers: [.contentType: contentType], body: Self.json("{\"text\":\"call Bobo\"}\n")
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == (isJSONLines ? "application/x-ndjson" : "application/json"))
            }
        }
    }

    @Test(arguments: [
        (#"{"text": 42}"#, #""text" must be a string"#),
        (#"{"txt": "call Bobo"}"#, #"unknown field "txt" (did you mean "text"?)"#),
        (#"{"locale": "en"}"#, #""text" is missing"#),
        (#"{"text": "a", "texts": ["b"]}"#, #"not both"#),
        (#"{"texts": ["a", 3]}"#, #""texts"[1] must be a string"#),
        (#"{"text": "call Bobo", "locale": "xx"}"#, #""locale": no grammar for 'xx'"#),
        (#"{"text": "call Bobo", "app": "NoSuchApp"}"#, #""app": 'NoSuchApp' is not a loaded app"#),
        (#"{"text": "call Bobo", "now": "2026-02-30T10:00:00Z"}"#, #""now": '2026-02-30T10:00:00Z' is not an ISO 8601"#),
        (#"["call Bobo"]"#, "must be a JSON object"),
        (#"{"text": "call Bobo""#, "not valid JSON (it ends too soon)"),
        (#"{"text": "call Bobo"} x"#, "not valid JSON (byte 23 is unexpected)"),
        (#"{"text": 'call Bobo'}"#, "not valid JSON (byte 10 is unexpected)"),
        ("", "the body is empty")
    ])
    func refusesABadParseRequestNamingTheField(body: String, message: String) async throws {
        try await Self.withService { client, _ in
            try await client.execute(uri: "/parse", method: .post, body: Self.json(body)) { response in
                #expect(response.status == .badRequest)
                #expect(response.headers[.contentType] == "application/json")
                let error = try Self.error(response)
                #expect(error.contains(message), "\(error)")
            }
        }
    }

    /// A body may start with a byte order mark (RFC 8259 lets a reader ignore it); a field
    /// given twice counts as last given.
    @Test func readsABodyWithAByteOrderMarkAndARepeatedField() async throws {
        try await Self.withService { client, _ in
            try await client.execute(
                uri: "/parse", method: .post, body: Self.json("\u{FEFF}{\"text\": \"what is the capital of peru\", \"text\": \"call Bobo\"}")
            ) { response in
                #expect(response.status == .ok)
                let object = try Self.object(response)
                #expect(object["text"] as? String == "call Bobo")
                #expect(object["intent"] as? String == "INStartCallIntent")
            }
        }
    }

    @Test func namesTheLineOfABadJSONLinesRequest() async throws {
        try await Self.withService { client, _ in
            try await client.execute(
                uri: "/parse", method: .post, headers: [.contentType: "application/x-ndjson"],
                body: Self.json("{\"text\":\"call Bobo\"}\n{\"text\":[1]}\n")
            ) { response in
                #expect(response.status == .badRequest)
                let error = try Self.error(response)
                #expect(error == #"line 2: "text" must be a string"#)
            }
        }
    }

    @Test func refusesABodyOverOneMebibyte() async throws {
        try await Self.withService { client, _ in
            let text = String(repeating: "a", count: ServiceRouter.maxBody)
            try await client.execute(uri: "/parse", method: .post, body: Self.json(#"{"text":"\#(text)"}"#)) { response in
                #expect(response.status == .contentTooLarge)
                let error = try Self.error(response)
                #expect(error.contains("over \(ServiceRouter.maxBody) bytes"))
            }
        }
    }

    @Test func holdsAConversationAcrossRequestsAndEndsIt() async throws {
        try await Self.withService { client, _ in
            let first = try await client.execute(
                uri: "/dialog", method: .post, body: Self.json(#"{"text":"send a message with MonkeyChat","now":"\#(Self.now)"}"#))
            #expect(first.status == .ok)
            let turn = try Self.object(first)
            let session = try #require(turn["session"] as? String)
            #expect(SessionID.isValid(session))
            #expect(turn["state"] as? String == "needsValue")
            #expect(turn["parameter"] as? String == "recipients")

            let second = try await client.execute(
                uri: "/dialog", method: .post, body: Self.json(#"{"session":"\#(session)","text":"Coco"}"#))
            let next = try Self.object(second)
            #expect(next["session"] as? String == session)
            #expect(next["parameter"] as? String == "content")

            // A conversation without the id is another one.
            let other = try Self.object(try await client.execute(uri: "/dialog", method: .post, body: Self.json(#"{"text":"Coco"}"#)))
            #expect(other["session"] as? String != session)

            #expect(try await client.execute(uri: "/dialog/\(session)", method: .delete).status == .noContent)
            let ended = try await client.execute(uri: "/dialog", method: .post, body: Self.json(#"{"session":"\#(session)","text":"hi"}"#))
            #expect(ended.status == .notFound)
            #expect(try Self.error(ended).contains(session))
            #expect(try await client.execute(uri: "/dialog/\(session)", method: .delete).status == .notFound)
            let malformed = try await client.execute(uri: "/dialog/bobo", method: .delete)
            #expect(malformed.status == .badRequest)
            let badID = try await client.execute(uri: "/dialog", method: .post, body: Self.json(#"{"session":"12","text":"hi"}"#))
            #expect(badID.status == .badRequest)
            #expect(try Self.error(badID).contains(#""session""#))
        }
    }

    @Test func requiresTheBearerTokenOnEveryRouteButHealthAndThePage() async throws {
        try await Self.withService(token: "s3cret") { client, _ in
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
            let none = try await client.execute(uri: "/parse", method: .post, body: Self.json(#"{"text":"call Bobo"}"#))
            #expect(none.status == .unauthorized)
            #expect(none.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
            for header in ["Bearer s3cre", "Bearer s3cret2", "Basic s3cret", "s3cret"] {
                let wrong = try await client.execute(
                    uri: "/parse", method: .post, headers: [.authorization: header], body: Self.json(#"{"text":"call Bobo"}"#))
                #expect(wrong.status == .unauthorized, "\(header)")
            }
            let right = try await client.execute(
                uri: "/parse", method: .post, headers: [.authorization: "Bearer s3cret"], body: Self.json(#"{"text":"call Bobo"}"#))
            #expect(right.status == .ok)
            #expect(try await client.execute(uri: "/metrics", method: .get).status == .unauthorized)
            #expect(try await client.execute(uri: "/explain", method: .post, body: Self.json(#"{"text":"call Bobo"}"#)).status == .unauthorized)
            // The playground page itself holds nothing; it asks for the token to call the rest.
            #expect(try await client.execute(uri: "/", method: .get).status == .ok)
        }
    }

    @Test func explainsAReadingWithItsTemplateAndTheRangesOfItsSlots() async throws {
        try await Self.withService { client, service in
            let text = "MonkeyChat Bobo please send more bananas"
            let response = try await client.execute(uri: "/explain", method: .post, body: Self.json(#"{"text":"\#(text)","locale":"en"}"#))
            #expect(response.status == .ok)
            let explained = Explanation.explain(text, parser: service.parser, locale: "en", context: MatchContext())
            let expected = Explanation.json(explained.result, near: explained.near, frames: explained.frames).serialized
            #expect(String(buffer: response.body) == expected)
            let object = try Self.object(response)
            let best = try #require((object["interpretations"] as? [[String: Any]])?.first)
            #expect(best["intent"] as? String == "INSendMessageIntent")
            let slots = try #require(best["slots"] as? [[String: Any]])
            let content = try #require(slots.first { $0["parameter"] as? String == "content" })
            // UTF-16 offsets into the text, as the playground marks them.
            let range = try #require(content["range"] as? [Int])
            let utf16 = Array(text.utf16)
            #expect(String(decoding: utf16[range[0]..<range[1]], as: UTF16.self) == "send more bananas")
            #expect((best["template"] as? [String: Any])?["file"] as? String != nil)
        }
    }

    @Test func explainsARejectionWithTheNearestTemplates() async throws {
        try await Self.withService { client, _ in
            let response = try await client.execute(
                uri: "/explain", method: .post, body: Self.json(#"{"text":"send Bobo a purple dishwasher","locale":"en"}"#))
            #expect(response.status == .ok)
            let object = try Self.object(response)
            #expect((object["interpretations"] as? [Any])?.isEmpty == true)
            #expect(object["reason"] as? String != nil)
            let nearest = try #require(object["nearest"] as? [[String: Any]])
            #expect(!nearest.isEmpty)
            #expect(nearest.allSatisfy { ($0["wordsMatched"] as? Int ?? 0) > 0 })
            let batch = try await client.execute(uri: "/explain", method: .post, body: Self.json(#"{"texts":["call Bobo"]}"#))
            #expect(batch.status == .badRequest)
            #expect(try Self.error(batch).contains(#""text""#))
        }
    }

    @Test func servesThePlaygroundPage() async throws {
        try await Self.withService { client, _ in
            let response = try await client.execute(uri: "/", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            let page = String(buffer: response.body)
            // What the page calls, and the parts the browser test reads.
            for part in [
                #"id="utterance""#, #"id="sentence""#, #"id="dialog-log""#, #"id="diagnostics""#, "\"/explain\"", "\"/dialog\"", "\"/diagnostics\""
            ] {
                #expect(page.contains(part), "\(part)")
            }
        }
    }

    @Test func countsRequestsAndOutcomesInTheMetrics() async throws {
        try await Self.withService { client, _ in
            _ = try await client.execute(uri: "/parse", method: .post, body: Self.json(#"{"texts":["call Bobo","purple monkey dishwasher"]}"#))
            _ = try await client.execute(uri: "/parse", method: .post, body: Self.json("{"))
            _ = try await client.execute(uri: "/nowhere", method: .get)
            let metrics = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
            #expect(metrics.contains(#"intentparse_http_requests_total{method="POST",route="/parse",status="200"} 1"#), "\(metrics)")
            #expect(metrics.contains(#"intentparse_http_requests_total{method="POST",route="/parse",status="400"} 1"#))
            #expect(metrics.contains(#"intentparse_parse_outcomes_total{outcome="intent"} 1"#))
            #expect(metrics.contains(#"intentparse_parse_outcomes_total{outcome="null"} 1"#))
            #expect(metrics.contains(#"intentparse_http_request_duration_seconds_bucket{method="POST",route="/parse",le="+Inf"} 2"#))
            // A path no route takes makes no series of its own.
            #expect(!metrics.contains("/nowhere"))
        }
    }

    @Test func answersAnUnknownRouteWithTheRoutes() async throws {
        try await Self.withService { client, _ in
            let response = try await client.execute(uri: "/parse/now", method: .get)
            #expect(response.status == .notFound)
            #expect(try Self.error(response).contains("POST /parse"))
        }
    }

    /// A route's path asked with a method it does not take: 405 with the methods it takes.
    @Test(arguments: [("/parse", "GET", "POST"), ("/healthz", "TRACE", "GET"), ("/dialog/0123", "POST", "DELETE"), ("/", "PUT", "GET")])
    func answersAMethodARouteDoesNotTakeWith405(path: String, method: String, allowed: String) async throws {
        try await Self.withService { client, _ in
            let response = try await client.execute(uri: path, method: try #require(HTTPRequest.Method(method)))
            #expect(response.status == .methodNotAllowed)
            #expect(response.headers[.allow] == allowed)
            #expect(try Self.error(response) == "\(path) takes \(allowed), not \(method)")
        }
    }

    /// The committed description and the server agree: the same routes, and answers with the
    /// fields the description requires.
    @Test func servesAnOpenAPIDescriptionOfEveryRoute() async throws {
        try await Self.withService { client, _ in
            let response = try await client.execute(uri: "/openapi.yaml", method: .get)
            #expect(response.status == .ok)
            let document = try #require(try Yams.load(yaml: String(buffer: response.body)) as? [String: Any])
            #expect((document["openapi"] as? String)?.hasPrefix("3.1") == true)
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            var described: Set<String> = []
            for (path, operations) in paths {
                for method in operations.keys { described.insert("\(method.uppercased()) \(path)") }
            }
            #expect(described == Set(ServiceRouter.routes.map { "\($0.method) \($0.path)" }))
            // Every described route is served (none answers "no route").
            for route in ServiceRouter.routes {
                let uri = route.path.replacingOccurrences(of: "{session}", with: SessionID.make())
                let answer = try await client.execute(uri: uri, method: .init(rawValue: route.method)!, body: Self.json(#"{"text":"call Bobo"}"#))
                let message = answer.status == .notFound && route.path != "/" ? try Self.error(answer) : ""
                #expect(answer.status != .notFound || message.hasPrefix("no session"), "\(route)")
            }
            let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
            func required(_ schema: String) -> [String] { schemas[schema]?["required"] as? [String] ?? [] }
            let parsed = try Self.object(try await client.execute(uri: "/parse", method: .post, body: Self.json(#"{"text":"call Bobo"}"#)))
            #expect(!required("IntentObject").isEmpty)
            for key in required("IntentObject") { #expect(parsed[key] != nil, "IntentObject.\(key)") }
            let turn = try Self.object(try await client.execute(uri: "/dialog", method: .post, body: Self.json(#"{"text":"call Bobo"}"#)))
            for key in required("DialogTurn") { #expect(turn[key] != nil, "DialogTurn.\(key)") }
            let health = try Self.object(try await client.execute(uri: "/healthz", method: .get))
            #expect(health["status"] as? String == "ok")
            #expect((health["locales"] as? [String])?.contains("en") == true)
        }
    }
}

/// The memory store: one turn of a session at a time, and forgetting.
@Suite struct MemorySessionStoreTests {
    @Test func takesConcurrentTurnsOfOneSessionOneAtATime() async throws {
        // A long time to live: with every suite running on two cores, these turns may wait long.
        let store = MemorySessionStore(ttl: .seconds(3600))
        let (id, _) = try await store.turn(nil) { session in
            session.turns = 0
            return DialogueTurn(state: .done, prompt: "")
        }
        // Each turn reads the count, yields (another request could run here), then writes it
        // back plus one: without serialization turns overwrite each other.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    _ = try await store.turn(id) { session in
                        let seen = session.turns
                        await Task.yield()
                        try? await Task.sleep(for: .microseconds(50))
                        session.turns = seen + 1
                        return DialogueTurn(state: .done, prompt: "")
                    }
                }
            }
            try await group.waitForAll()
        }
        let (_, last) = try await store.turn(id) { session in DialogueTurn(state: .done, prompt: "\(session.turns)") }
        #expect(last.prompt == "64")
    }

    @Test func forgetsASessionAfterItsTimeToLive() async throws {
        let clock = ManualClock()
        let store = MemorySessionStore(ttl: .seconds(30), clock: { clock.now })
        let (id, _) = try await store.turn(nil) { _ in DialogueTurn(state: .done, prompt: "") }
        clock.advance(.seconds(29))
        _ = try await store.turn(id) { _ in DialogueTurn(state: .done, prompt: "") }
        // The last turn renewed it.
        clock.advance(.seconds(29))
        _ = try await store.turn(id) { _ in DialogueTurn(state: .done, prompt: "") }
        clock.advance(.seconds(31))
        await #expect(throws: SessionProblem.notFound(id)) {
            _ = try await store.turn(id) { _ in DialogueTurn(state: .done, prompt: "") }
        }
        #expect(try await store.remove(id) == false)
    }

    @Test func refusesAnIdItNeverGave() async throws {
        let store = MemorySessionStore(ttl: .seconds(30))
        let id = SessionID.make()
        await #expect(throws: SessionProblem.notFound(id)) {
            _ = try await store.turn(id) { _ in DialogueTurn(state: .done, prompt: "") }
        }
        #expect(try await store.count() == 0)
    }

    @Test func makesDistinctWellFormedIds() {
        let ids = (0..<1000).map { _ in SessionID.make() }
        #expect(Set(ids).count == 1000)
        #expect(ids.allSatisfy(SessionID.isValid))
        #expect(!SessionID.isValid("ABCDEF0123456789abcdef0123456789"))
        #expect(!SessionID.isValid("abc"))
    }
}

/// A clock a test moves by hand.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var instant = ContinuousClock.now

    var now: ContinuousClock.Instant { lock.withLock { instant } }

    func advance(_ duration: Duration) { lock.withLock { instant = instant + duration } }
}

/// The service reloads its grammar when a file changes, and keeps the one in use when the
/// change does not load.
@Suite struct GrammarReloadTests {
    static let lamp = """
        language: en
        intents:
          HassTurnOn:
            data:
              - sentences:
                  - "turn on the lamp"
        """

    @Test func reloadsAChangedGrammarAndKeepsTheOldOneWhenTheChangeIsBroken() async throws {
        let folder = try CLI.temporaryFolder()
        defer { CLI.remove(folder) }
        let grammars = folder.appendingPathComponent("Grammars"), vocabulary = folder.appendingPathComponent("Vocabulary")
        try FileManager.default.createDirectory(at: grammars.appendingPathComponent("en"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: vocabulary, withIntermediateDirectories: true)
        let file = grammars.appendingPathComponent("en/lamp.yaml")
        try Self.lamp.write(to: file, atomically: true, encoding: .utf8)
        let options = IntentParser.Options()
        let load: @Sendable () throws -> (IntentParser, [Diagnostic]) = {
            let parser = try IntentParser(grammars: grammars, vocabulary: vocabulary, options: options)
            return (parser, parser.warnings)
        }
        let service = IntentService(parser: try load().0, sessions: MemorySessionStore(ttl: .seconds(3600)))
        let watcher = GrammarWatcher(
            paths: [grammars.path, vocabulary.path], interval: .milliseconds(50), service: service, log: { _ in }, load: load)
        let watching = Task { await watcher.watch() }
        defer { watching.cancel() }

        func intent(_ text: String) throws -> String? {
            let body = try service.parse(Array(#"{"text":"\#(text)"}"#.utf8), isNDJSON: false).body
            return try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])["intent"] as? String
        }
        func diagnostics() throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(service.diagnosticsJSON().utf8)) as? [String: Any])
        }
        /// Waits (at most 20 s) until `/diagnostics` says the reload happened.
        func waitForReload(_ done: ([String: Any]) -> Bool) async throws {
            for _ in 0..<400 where !done(try diagnostics()) { try await Task.sleep(for: .milliseconds(50)) }
        }

        #expect(try intent("turn on the lamp") == "HassTurnOn")
        #expect(try intent("turn off the lamp") == nil)
        #expect(try diagnostics()["generation"] as? Double == 1)

        try (Self.lamp + "\n  HassTurnOff:\n    data:\n      - sentences:\n          - \"turn off the lamp\"\n").write(
            to: file, atomically: true, encoding: .utf8)
        try await waitForReload { $0["generation"] as? Double == 2 }
        #expect(try intent("turn off the lamp") == "HassTurnOff")

        // A broken edit: the grammar that serves stays, and the error is shown with its place.
        try (Self.lamp + "\n                  - \"turn (on the light\"\n").write(to: file, atomically: true, encoding: .utf8)
        try await waitForReload { ($0["lastReload"] as? [String: Any])?["ok"] as? Bool == false }
        let report = try diagnostics()
        #expect(report["generation"] as? Double == 2)
        let errors = try #require(report["diagnostics"] as? [[String: Any]])
        let first = try #require(errors.first)
        #expect(first["severity"] as? String == "error")
        #expect((first["file"] as? String)?.hasSuffix("en/lamp.yaml") == true)
        #expect(first["line"] as? Double == 7)
        #expect(first["column"] != nil)
        #expect(try intent("turn off the lamp") == "HassTurnOff")
        let metrics = String(decoding: service.metrics.exposition(), as: UTF8.self)
        #expect(metrics.contains(#"intentparse_reloads_total{result="ok"} 1"#))
        #expect(metrics.contains(#"intentparse_reloads_total{result="failed"} 1"#))
    }
}

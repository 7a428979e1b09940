import Foundation
import IntentParseBase
import IntentParseDialogue
import IntentParseGrammar
import IntentParseSchema
import IntentParseTestSupport
import Testing

@testable import IntentParse
@testable import IntentParseDialogue

/// A handler whose answers the test sets: a fixed resolution per parameter, a confirm and a
/// handle response, or a handle that never answers.
struct FakeHandler: IntentHandler {
    var resolutions: [String: ResolutionResult] = [:]
    var confirmResponse = IntentResponse(code: .ready)
    var handleResponse = IntentResponse(code: .success, text: "Handled.")
    var hangs = false

    func resolve(parameter: String, value: SlotValue?, request: DialogueRequest) async -> ResolutionResult? {
        resolutions[parameter]
    }

    func confirm(_ request: DialogueRequest) async -> IntentResponse { confirmResponse }

    func handle(_ request: DialogueRequest) async -> IntentResponse {
        if hangs {
            // A handler that never answers and ignores cancellation, without using a core: the
            // wait is another task's, which the time limit's cancellation does not reach (a
            // loop of cancelled sleeps would spin, and starve the tests that run beside it).
            await Task.detached { try? await Task.sleep(for: .seconds(3600)) }.value
        }
        return handleResponse
    }
}

/// Drives a conversation line by line.
struct Conversation {
    static let root = Repository.root
    static var parser: IntentParser? { try? Repository.shippedParser() }

    var engine: DialogueEngine
    var session = DialogueSession()

    init(handler: (any IntentHandler)? = nil, confirm: Set<String>? = nil, timeout: Double = 10) throws {
        let parser = try #require(Conversation.parser)
        var configuration = parser.dialogueConfiguration()
        if let handler { configuration.defaultHandler = handler }
        if let confirm { configuration.confirmIntents = confirm }
        configuration.handlerTimeout = timeout
        engine = DialogueEngine(configuration: configuration)
    }

    mutating func say(_ line: String) async -> DialogueTurn {
        await engine.respond(to: line, session: &session)
    }
}

@Suite struct TimeLimitTests {
    @Test func anyNumberOfSecondsBecomesASleepWithoutTrapping() {
        #expect(nanoseconds(2.5) == 2_500_000_000)
        #expect(nanoseconds(0) == 0 && nanoseconds(-1) == 0 && nanoseconds(.nan) == 0)
        #expect(nanoseconds(1e11) == UInt64.max && nanoseconds(.infinity) == UInt64.max)
    }

    // Found by Fuzz/FuzzDialog (9 turns a second, its heap growing between inputs): the timer
    // of a handler's time limit slept out the whole limit (10 s by default) after the handler
    // had answered, holding what it captured, so every turn left a sleeping task behind.
    @Test func aCallThatAnswersInTimeEndsItsTimer() async throws {
        var probe: Probe? = Probe()
        weak let watched = probe
        let answer = await withTimeLimit(3600, fallback: probe) { nil }
        #expect(answer == nil)
        probe = nil
        for _ in 0..<500 where watched != nil { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(watched == nil)
    }

    @Test func aCallThatDoesNotAnswerGetsTheFallback() async {
        let answer = await withTimeLimit(0.05, fallback: 1) {
            try? await Task.sleep(nanoseconds: 10_000_000_000)
            return 2
        }
        #expect(answer == 1)
    }
}

/// What a time limit holds on to, watched from the test.
private final class Probe: Sendable {}

/// A handler that notes the task each `handle` runs in, and says whether it answers at once.
private struct TaskNotingHandler: IntentHandler {
    final class Noted: @unchecked Sendable {
        private let lock = NSLock()
        private var tasks: [Int] = []
        func add(_ task: Int?) { lock.withLock { tasks.append(task ?? -1) } }
        var all: [Int] { lock.withLock { tasks } }
    }

    let answersAtOnce: Bool
    let noted = Noted()

    func handle(_ request: DialogueRequest) async -> IntentResponse {
        noted.add(withUnsafeCurrentTask { $0?.hashValue })
        return IntentResponse(code: .success)
    }
}

@Suite struct ReplyPatternTests {
    static func pattern(_ template: String) throws -> ReplyPattern {
        ReplyPattern(try TemplateParser.parse(template)) { $0.lowercased().split(separator: " ").map(String.init) }
    }

    /// The words a capability question cannot be asked without (a line lacking them is not
    /// looked for app names): outside optional parts, and in every alternative.
    @Test func requiredWordsAreThoseEveryPhraseHolds() throws {
        #expect(Set(try Self.pattern("what can (you|appnameplaceholder) do [for me]").requiredWords) == ["what", "can", "do"])
        #expect(Set(try Self.pattern("(what can|what else can) appnameplaceholder do").requiredWords) == ["what", "can", "appnameplaceholder", "do"])
        #expect(Set(try Self.pattern("[please] (help|info)").requiredWords) == [])
        #expect(Set(try Self.pattern("(show;me) the menu").requiredWords) == ["show", "me", "the", "menu"])
    }
}

@Suite(.serialized) struct HandlerCallTests {
    /// A handler that answers at once is called in the turn's own task (no task to run it, none
    /// to time it); any other runs in a task of its own, under the time limit.
    @Test(arguments: [true, false])
    func aHandlerThatAnswersAtOnceRunsInTheTurnsTask(atOnce: Bool) async throws {
        let handler = TaskNotingHandler(answersAtOnce: atOnce)
        var c = try Conversation(handler: handler)
        let turn = await c.say("add eggs to my grocery list in ListOMat")
        #expect(turn.state == .done)
        let own = withUnsafeCurrentTask { $0?.hashValue }
        #expect(handler.noted.all.count == 1)
        #expect((handler.noted.all.first == own) == atOnce)
    }

    @Test func theCommandLinesHandlerAnswersAtOnce() {
        #expect(VocabularyBackedHandler().answersAtOnce)
        #expect(!FakeHandler().answersAtOnce)
    }
}

/// The session JSON written by hand (`DialogueSession.json`, what a service keeps between
/// turns) reads back with `JSONDecoder` as the session `JSONEncoder` would have saved.
@Suite(.serialized) struct SessionJSONTests {
    /// The session's `Codable` form, keys sorted: two sessions that encode alike are alike.
    static func canonical(_ session: DialogueSession) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(session), as: UTF8.self)
    }

    @Test(arguments: [
        // value, choice (disambiguation), intent confirmation, done.
        ["send a MonkeyChat message", "Bobo", "the first one", "send more bananas", "yes"],
        // confirmation of a value, then no.
        ["text Boob the Great", "no", "Dixie"],
        // which app.
        ["add eggs to my grocery list"],
        // requests waiting for their turn in the same line, and turns that ended before.
        ["add milk to my grocery list in ListOMat and text Bobo I'm on my way", "the second one"],
        // values with typed numbers and amounts, an unsupported value.
        ["pay Coco $20.55 with MonkeyPay", "text Gorilla Grodd", "cancel"],
        ["book a table for 3 at Jungle Grill tomorrow at 7:30 pm", "remind me to call Mom tomorrow at 9 am in MonkeyTodo"]
    ])
    func handWrittenJSONReadsBackAsTheSession(lines: [String]) async throws {
        var c = try Conversation()
        for line in lines {
            _ = await c.say(line)
            let bytes = c.session.json
            let decoded = try JSONDecoder().decode(DialogueSession.self, from: Data(bytes))
            let canonical = try SessionJSONTests.canonical(c.session)
            #expect(try SessionJSONTests.canonical(decoded) == canonical, "after \(line)")
            // Read back by hand, from this JSON and from what JSONEncoder writes.
            let read = try #require(DialogueSession(json: bytes))
            #expect(try SessionJSONTests.canonical(read) == canonical, "after \(line)")
            let encoded = try #require(DialogueSession(json: Array(try JSONEncoder().encode(c.session))))
            #expect(try SessionJSONTests.canonical(encoded) == canonical, "after \(line)")
        }
        #expect(c.session.turns == lines.count)
    }

    @Test func numbersReadBackExactly() throws {
        var session = DialogueSession(turns: 7)
        // NB: keys in order, as a decoded object's come.
        let value = JSONValue.object([("amount", .number(0.1 + 0.2)), ("big", .number(1e20)), ("n", .number(3)), ("tiny", .number(1e-7))])
        var request = DialogueRequest(
            utterance: "pay", locale: "en", intent: "INSendPaymentIntent", appIdentifier: nil,
            parameters: ["currencyAmount": [ParameterSlot(value: SlotValue(spoken: "a \"quoted\" 🍌", value: value))]])
        request.score = 0.7123456789012345
        session.request = request
        session.awaiting = .confirmation(parameter: "currencyAmount", item: 0, candidate: SlotValue(spoken: "x", display: "X"))
        let decoded = try JSONDecoder().decode(DialogueSession.self, from: Data(session.json))
        #expect(decoded.request == session.request)
        #expect(decoded.awaiting == session.awaiting)
        #expect(decoded.turns == 7)
        let read = try #require(DialogueSession(json: session.json))
        #expect(read.request == session.request && read.awaiting == session.awaiting && read.turns == 7)
    }

    @Test(arguments: [
        #"{"turns":1,"#, #"{"turns":1.5}"#, #"{"turns":"1"}"#, #"{}"#, #"{"turns":1,"awaiting":{"value":{}}}"#,
        #"{"turns":1,"awaiting":{"nothing":{}}}"#, #"{"turns":1,"request":{"utterance":"x"}}"#, "[1]", ""
    ])
    func whatIsNoSessionIsNotRead(_ text: String) {
        #expect(DialogueSession(json: Array(text.utf8)) == nil)
    }
}

@Suite struct JSONParsingTests {
    @Test func readsWhatJSONWrites() throws {
        let text = #"{"a":[1,-2.5,3e2,true,false,null],"b":"x\"\\\/\b\f\n\r\t\u00e9\ud83c\udf4c","c":{},"d":[]}"#
        let value = try JSONValue.parse(Array(text.utf8))
        #expect(
            value
                == .object([
                    ("a", .array([.number(1), .number(-2.5), .number(300), .bool(true), .bool(false), .null])),
                    ("b", .string("x\"\\/\u{8}\u{C}\n\r\t\u{E9}\u{1F34C}")), ("c", .object([])), ("d", .array([]))
                ]))
    }

    @Test(arguments: [
        "", "{", "[1,]", #"{"a":1,}"#, "01", "1.", ".5", "-", "1e", "\"\u{1}\"", #""\x""#, #""\ud83c""#, #""\ud83cx""#,
        "tru", "nul", "[1] 2", #"{"a" 1}"#
    ])
    func refusesWhatIsNotJSON(_ text: String) {
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(Array(text.utf8)) }
    }

    @Test func refusesTextThatIsNotUTF8() {
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse([0x22, 0xFF, 0x22]) }
    }

    @Test func refusesNestingDeeperThanItsLimit() throws {
        let deep = String(repeating: "[", count: JSONValue.maxDepth + 1) + String(repeating: "]", count: JSONValue.maxDepth + 1)
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(Array(deep.utf8)) }
        let allowed = String(repeating: "[", count: JSONValue.maxDepth) + String(repeating: "]", count: JSONValue.maxDepth)
        #expect(throws: Never.self) { try JSONValue.parse(Array(allowed.utf8)) }
    }
}

@Suite struct DialogueEngineTests {
    @Test func theMonkeyChatConversation() async throws {
        var c = try Conversation()
        var turn = await c.say("send a MonkeyChat message")
        #expect(turn.state == .needsValue && turn.parameter == "recipients" && turn.prompt == "Who do you want to message?")
        turn = await c.say("Bobo")
        #expect(turn.state == .disambiguation)
        #expect(turn.options == ["Bobo the Great", "Bobo Jr.", "Little Bobo"])
        turn = await c.say("the first one")
        #expect(turn.state == .needsValue && turn.prompt == "What do you want to say to Bobo the Great?")
        turn = await c.say("send more bananas")
        #expect(turn.state == .confirmIntent)
        #expect(turn.prompt == "Ready to send it? \"send more bananas\" to Bobo the Great on MonkeyChat")
        turn = await c.say("yes")
        #expect(turn.state == .done && turn.response?.code == .success && turn.prompt == "OK, I sent it.")
        #expect(turn.request?.values("recipients").map(\.identifier) == ["bobo-the-great"])
        #expect(c.session.request == nil)
    }

    @Test(arguments: [
        ("the second one", "Bobo Jr."), ("2", "Bobo Jr."), ("the last one", "Little Bobo"),
        ("Little Bobo", "Little Bobo"), ("number three", "Little Bobo"), ("Jr", "Bobo Jr.")
    ])
    func choosingAnOption(_ reply: String, _ chosen: String) async throws {
        var c = try Conversation(confirm: [])
        _ = await c.say("text Bobo")
        let turn = await c.say(reply)
        #expect(turn.state == .needsValue && turn.parameter == "content")
        #expect(turn.request?.values("recipients").map(\.display) == [chosen])
    }

    @Test func anOptionNumberOutOfRangeIsReprompted() async throws {
        var c = try Conversation()
        _ = await c.say("text Bobo")
        let turn = await c.say("the twelfth")
        #expect(turn.state == .disambiguation)
        #expect(turn.prompt.hasPrefix("Please choose a number from 1 to 3"))
    }

    @Test func confirmationRequiredYesAndNo() async throws {
        var c = try Conversation(confirm: [])
        var turn = await c.say("text Boob the Great")
        #expect(turn.state == .confirmationRequired && turn.prompt == "Did you mean Bobo the Great?")
        turn = await c.say("no")
        #expect(turn.state == .needsValue && turn.parameter == "recipients")
        turn = await c.say("Dixie")
        #expect(turn.state == .confirmationRequired && turn.options == ["Dixie Kong"])
        turn = await c.say("yeah")
        #expect(turn.state == .needsValue && turn.parameter == "content")
    }

    @Test func moreThanTenMatchesNeedMoreDetails() async throws {
        var c = try Conversation()
        let turn = await c.say("text Kong")
        #expect(turn.state == .needsMoreDetails)
        #expect(turn.prompt == "12 contacts match \"Kong\". Who exactly?")
    }

    @Test func unknownContactIsUnsupportedThenAskedAgain() async throws {
        var c = try Conversation()
        var turn = await c.say("text Gorilla Grodd")
        #expect(turn.state == .unsupported && turn.parameter == "recipients")
        #expect(turn.prompt.hasSuffix("Who do you want to message?"))
        turn = await c.say("my best friend Coco")
        #expect(turn.state == .needsValue && turn.parameter == "content")
        #expect(turn.request?.values("recipients").map(\.identifier) == ["coco"])
    }

    @Test func cancelAndNeverMindEndTheRequest() async throws {
        for word in ["cancel", "never mind", "forget it"] {
            var c = try Conversation()
            _ = await c.say("text Bobo")
            let turn = await c.say(word)
            #expect(turn.state == .cancelled)
            #expect(c.session.request == nil)
        }
    }

    @Test func noToTheFinalConfirmationCancels() async throws {
        var c = try Conversation()
        _ = await c.say("text Coco saying hello")
        let turn = await c.say("no")
        #expect(turn.state == .cancelled)
    }

    @Test func aNewRequestReplacesTheCurrentOne() async throws {
        var c = try Conversation()
        _ = await c.say("text Bobo")
        let turn = await c.say("add milk to my grocery list in ListOMat")
        #expect(turn.state == .done)
        #expect(turn.request?.intent == "INAddTasksIntent")
    }

    @Test func emptyRepliesRepeatTheQuestion() async throws {
        var c = try Conversation()
        _ = await c.say("text Bobo")
        let turn = await c.say("   ")
        #expect(turn.state == .disambiguation)
        #expect(turn.prompt.hasPrefix("Sorry, I didn't catch that. Which one?"))
    }

    @Test func theAppIsAskedForWhenSeveralCanDoIt() async throws {
        var c = try Conversation()
        var turn = await c.say("add milk to my list")
        #expect(turn.state == .disambiguation && turn.parameter == "app" && turn.options == ["List-o-Mat", "TasksNotes"])
        turn = await c.say("TasksNotes")
        #expect(turn.state == .done && turn.request?.appIdentifier == "com.example.tasksnotes")
    }

    @Test func multiValuedRepliesAreSplit() async throws {
        var c = try Conversation()
        _ = await c.say("send a message")
        let turn = await c.say("Coco, Kiki and Zazu")
        #expect(turn.state == .needsValue && turn.parameter == "content")
        #expect(turn.request?.values("recipients").map(\.identifier) == ["coco", "kiki", "zazu"])
    }

    @Test func outOfScopeRequestsAreUnsupported() async throws {
        var c = try Conversation()
        let turn = await c.say("what's the weather like")
        #expect(turn.state == .unsupported && turn.parameter == nil && turn.reason != nil)
    }

    @Test(arguments: [
        (ResolutionResult.success(SlotValue(spoken: "x", identifier: "fixed", display: "Fixed")), DialogueTurn.State.done),
        (.disambiguation([SlotValue(spoken: "a"), SlotValue(spoken: "b")]), .disambiguation),
        (.confirmationRequired(SlotValue(spoken: "a")), .confirmationRequired),
        (.needsValue, .needsValue),
        (.needsMoreDetails(count: 80), .needsMoreDetails),
        (.unsupported(reason: "closed for the holidays"), .unsupported),
        (.notRequired, .done)
    ])
    func everyResolutionResultFromAHandler(_ result: ResolutionResult, _ state: DialogueTurn.State) async throws {
        var c = try Conversation(handler: FakeHandler(resolutions: ["taskTitles": result]))
        let turn = await c.say("add eggs to my grocery list in ListOMat")
        #expect(turn.state == state)
        if state == .done { #expect(turn.prompt == "Handled.") }
    }

    @Test func confirmFailureEndsTheRequest() async throws {
        var c = try Conversation(handler: FakeHandler(confirmResponse: IntentResponse(code: ResponseCode("listIsFull"))))
        let turn = await c.say("add eggs to my grocery list in ListOMat")
        #expect(turn.state == .failure && turn.response?.code.rawValue == "listIsFull")
    }

    @Test func aHandlerThatNeverAnswersTimesOut() async throws {
        var c = try Conversation(handler: FakeHandler(hangs: true), timeout: 0.2)
        let turn = await c.say("add eggs to my grocery list in ListOMat")
        #expect(turn.state == .failure)
        #expect(turn.reason?.contains("did not answer") == true)
    }

    @Test func sessionsSurviveARestart() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        var first = try Conversation(confirm: [])
        _ = await first.say("text Bobo")
        try first.session.save(to: url)
        var second = try Conversation(confirm: [])
        second.session = try DialogueSession.load(from: url)
        let turn = await second.say("the second one")
        #expect(turn.state == .needsValue && turn.request?.values("recipients").map(\.display) == ["Bobo Jr."])
    }

    @Test func aCorruptSessionFileIsReported() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("{\"turns\": \"many\"}".utf8).write(to: url)
        #expect(throws: DiagnosticError.self) { try DialogueSession.load(from: url) }
    }
}

@Suite struct CustomIntentDialogueTests {
    @Test func declaredFailureCodesSpeakTheirOwnSentence() async throws {
        var c = try Conversation(handler: FakeHandler(handleResponse: IntentResponse(code: ResponseCode("pizzaUnavailable"))))
        let turn = await c.say("order a pepperoni pizza")
        #expect(turn.state == .failure)
        #expect(turn.prompt == "Sorry, there is no pepperoni pizza today.")
    }

    @Test func undeclaredCodesAreFailures() async throws {
        var c = try Conversation(handler: FakeHandler(handleResponse: IntentResponse(code: ResponseCode("outOfCheese"))))
        let turn = await c.say("order a pepperoni pizza")
        #expect(turn.state == .failure)
        #expect(turn.reason?.contains("does not declare") == true)
    }

    @Test func successUsesTheDefinitionsSuccessSentence() async throws {
        var c = try Conversation()
        let turn = await c.say("order two margherita pizzas")
        #expect(turn.state == .done && turn.prompt == "Your margherita pizza is on its way.")
    }
}

/// A dialog line's intent object and a parse line come from one renderer (issue: one output
/// model): the same keys in the same order, the same values for what a conversation keeps.
@Suite struct DialogueIntentObjectTests {
    private func keys(_ value: JSONValue?) -> [String] {
        guard case .object(let members)? = value else { return [] }
        return members.map(\.0)
    }

    @Test func aDialogLinesIntentIsRenderedAsParseRendersIt() async throws {
        let parser = try Repository.shippedParser()
        let text = "send $20 to Coco with MonkeyPay"
        let engine = DialogueEngine(configuration: parser.dialogueConfiguration(locale: "en"))
        var session = DialogueSession()
        let turn = await engine.respond(to: text, session: &session)
        let request = try #require(turn.request)
        let dialogued = DialogueJSON.intent(request, schema: parser.schema, apps: parser.apps)
        let parsed = ResultJSON.object(parser.parse(text, locale: "en"))
        #expect(keys(dialogued) == keys(parsed))
        #expect(keys(dialogued).last == "requiresAuthentication")
        #expect(dialogued["requiresAuthentication"] == .bool(true))
        for key in ["text", "locale", "intent", "domain", "app", "appIdentifier", "parameters", "missing"] {
            #expect(dialogued[key] == parsed[key], "\(key)")
        }
    }

    @Test func aRequestWithoutAnAppListsTheAppAsMissingFirst() async throws {
        let parser = try Repository.shippedParser()
        let engine = DialogueEngine(configuration: parser.dialogueConfiguration(locale: "en"))
        var session = DialogueSession()
        let turn = await engine.respond(to: "add milk to my list", session: &session)
        let request = try #require(turn.request)
        let dialogued = DialogueJSON.intent(request, schema: parser.schema, apps: parser.apps)
        let parsed = ResultJSON.object(parser.parse("add milk to my list", locale: "en"))
        #expect(dialogued["app"] == .null)
        #expect(dialogued["missing"] == parsed["missing"])
        guard case .array(let missing)? = dialogued["missing"] else { Issue.record("no missing"); return }
        #expect(missing.first == .string("app"))
    }
}

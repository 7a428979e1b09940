import IntentParse
import IntentParseBase
import IntentParseDialogue
import IntentParseEntities

/// A scripted conversation: user lines and what each system turn must be.
public struct DialogueCase: Sendable {
    package struct Turn: Sendable {
        package var line: Int
        package var user: String
        package var state: DialogueTurn.State?
        package var parameter: String??
        package var prompt: String?
        package var options: [String]?
        package var response: String?
        package var intent: String?
        /// Parameters of the request at this turn (only those listed are compared).
        package var parameters: [(name: String, value: Expectation.Parameter)]
    }

    /// The dialogue file the conversation comes from.
    public var file: String
    /// 1-based line of the conversation in its file.
    public var line: Int
    /// The conversation's `name:`.
    public var name: String
    /// The locale of the conversation's file (`language:`).
    public var locale: String
    package var givenApp: String?
    /// The file's `now:` (nil: the clock).
    package var now: EntityContext?
    /// The conversation's tags (`tags:`).
    public var tags: [String]
    package var turns: [Turn]

    package var location: SourceLocation { SourceLocation(file: file, line: line) }
}

/// The result of one scripted conversation: the first turn that differed, if any.
public struct DialogueOutcome: Sendable {
    /// The conversation that ran.
    public var dialogue: DialogueCase
    package var failedTurn: DialogueCase.Turn?
    /// What differed from the script, at the first turn that differed.
    public var differences: [String]
    /// Every turn: what the user said and what the engine answered.
    public var transcript: [(user: String, system: DialogueTurn)]

    /// True when every turn went as scripted.
    public var passed: Bool { differences.isEmpty }
}

/// Runs scripted conversations through the dialogue engine.
public struct DialogueRunner: Sendable {
    /// The parser whose dialogue engine runs the conversations.
    public let parser: IntentParser
    /// The locale every conversation runs in ("auto": the engine finds each turn's language);
    /// nil: each in its corpus file's language.
    public let locale: String?

    /// A runner of conversations against `parser`, in `locale` (nil: each in its own).
    public init(parser: IntentParser, locale: String? = nil) {
        self.parser = parser
        self.locale = locale
    }

    /// Runs one conversation, turn by turn, in a session of its own.
    public func run(_ dialogue: DialogueCase) async -> DialogueOutcome {
        let engine = DialogueEngine(
            configuration: parser.dialogueConfiguration(
                locale: locale ?? dialogue.locale, app: dialogue.givenApp,
                entityContext: dialogue.now ?? EntityContext(),
                preferredLocale: dialogue.locale))
        var session = DialogueSession()
        var transcript: [(user: String, system: DialogueTurn)] = []
        for turn in dialogue.turns {
            let system = await engine.respond(to: turn.user, session: &session)
            transcript.append((turn.user, system))
            let differences = DialogueRunner.compare(turn, system)
            if !differences.isEmpty {
                return DialogueOutcome(dialogue: dialogue, failedTurn: turn, differences: differences, transcript: transcript)
            }
        }
        return DialogueOutcome(dialogue: dialogue, failedTurn: nil, differences: [], transcript: transcript)
    }

    static func compare(_ expected: DialogueCase.Turn, _ actual: DialogueTurn) -> [String] {
        var differences: [String] = []
        func check<T: Equatable>(_ name: String, _ want: T?, _ got: T, _ show: (T) -> String) {
            if let want, want != got { differences.append("\(name): expected \(show(want)), got \(show(got))") }
        }
        check("state", expected.state, actual.state) { $0.rawValue }
        if let parameter = expected.parameter, parameter != actual.parameter {
            differences.append("parameter: expected \(parameter ?? "null"), got \(actual.parameter ?? "null")")
        }
        check("prompt", expected.prompt, actual.prompt) { "\"\($0)\"" }
        check("options", expected.options, actual.options) { "\($0)" }
        check("response", expected.response, actual.response?.code.rawValue ?? "none") { $0 }
        check("intent", expected.intent, actual.request?.intent ?? "none") { $0 }
        for (name, value) in expected.parameters {
            let got = actual.request?.values(name) ?? []
            let gotExpectation: Expectation.Parameter =
                got.count == 1 && { if case .single = value { return true } else { return false } }()
                ? .single(Expectation.Value(spoken: got[0].spoken, identifier: got[0].identifier, value: got[0].value?.canonical))
                : .multiple(got.map { Expectation.Value(spoken: $0.spoken, identifier: $0.identifier, value: $0.value?.canonical) })
            if gotExpectation != value {
                differences.append("\(name): expected \(CorpusRunner.describe(value)), got \(CorpusRunner.describe(gotExpectation))")
            }
        }
        return differences
    }
}

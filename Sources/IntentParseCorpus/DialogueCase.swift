import IntentParse

/// A scripted conversation: user lines and what each system turn must be.
public struct DialogueCase: Sendable {
    public struct Turn: Sendable {
        public var line: Int
        public var user: String
        public var state: DialogueTurn.State?
        public var parameter: String??
        public var prompt: String?
        public var options: [String]?
        public var response: String?
        public var intent: String?
        /// Parameters of the request at this turn (only those listed are compared).
        public var parameters: [(name: String, value: Expectation.Parameter)]
    }

    public var file: String
    public var line: Int
    public var name: String
    public var locale: String
    public var givenApp: String?
    /// The file's `now:` (nil: the clock).
    public var now: EntityContext?
    public var tags: [String]
    public var turns: [Turn]

    public var location: SourceLocation { SourceLocation(file: file, line: line) }
}

/// The result of one scripted conversation: the first turn that differed, if any.
public struct DialogueOutcome: Sendable {
    public var dialogue: DialogueCase
    public var failedTurn: DialogueCase.Turn?
    public var differences: [String]
    public var transcript: [(user: String, system: DialogueTurn)]

    public var passed: Bool { differences.isEmpty }
}

/// Runs scripted conversations through the dialogue engine.
public struct DialogueRunner: Sendable {
    public let parser: IntentParser
    /// The locale every conversation runs in ("auto": the engine finds each turn's language);
    /// nil: each in its corpus file's language.
    public let locale: String?

    public init(parser: IntentParser, locale: String? = nil) {
        self.parser = parser
        self.locale = locale
    }

    public func run(_ dialogue: DialogueCase) async -> DialogueOutcome {
        let engine = DialogueEngine(configuration: parser.dialogueConfiguration(locale: locale ?? dialogue.locale, app: dialogue.givenApp,
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
            let gotExpectation: Expectation.Parameter = got.count == 1 && { if case .single = value { return true } else { return false } }()
                ? .single(Expectation.Value(spoken: got[0].spoken, identifier: got[0].identifier, value: got[0].value?.canonical))
                : .multiple(got.map { Expectation.Value(spoken: $0.spoken, identifier: $0.identifier, value: $0.value?.canonical) })
            if gotExpectation != value {
                differences.append("\(name): expected \(CorpusRunner.describe(value)), got \(CorpusRunner.describe(gotExpectation))")
            }
        }
        return differences
    }
}

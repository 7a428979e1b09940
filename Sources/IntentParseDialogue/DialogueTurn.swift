import IntentParseBase
import IntentParseSchema
import IntentParseVocabulary

/// One system turn: the state the request is in and what to say.
public struct DialogueTurn: Codable, Sendable {
    /// SiriKit's resolution and lifecycle states (DESIGN.md section 6).
    public enum State: String, Codable, Sendable, CaseIterable {
        case needsValue, disambiguation, confirmationRequired, needsMoreDetails, unsupported
        case confirmIntent, done, cancelled, failure
    }

    /// Where the conversation stands.
    public var state: State
    /// The parameter asked about ("app" when asking which app).
    public var parameter: String?
    /// What the system says.
    public var prompt: String
    /// Choices offered (disambiguation), best first.
    public var options: [String] = []
    /// The request as it stands after this turn.
    public var request: DialogueRequest?
    /// What handle (or confirm) answered, for done and failure.
    public var response: IntentResponse?
    /// Why something is unsupported or failed.
    public var reason: String?
    /// The turns of requests from the same line that ended before this one started, in order
    /// (nil: none).
    public var ended: [DialogueTurn]?

    /// A turn in `state` saying `prompt`.
    public init(
        state: State, parameter: String? = nil, prompt: String, options: [String] = [], request: DialogueRequest? = nil,
        response: IntentResponse? = nil, reason: String? = nil
    ) {
        self.state = state
        self.parameter = parameter
        self.prompt = prompt
        self.options = options
        self.request = request
        self.response = response
        self.reason = reason
    }

    /// True when the next user line starts a new request.
    public var endsRequest: Bool { state == .done || state == .cancelled || state == .failure || (state == .unsupported && parameter == nil) }
}

/// Everything the engine needs besides the session.
public struct DialogueConfiguration: Sendable {
    package typealias Parse = @Sendable (_ text: String, _ locale: String?, _ app: String?) -> Parsed

    /// What the engine needs of a parse.
    package struct Parsed: Sendable {
        package var locale: String
        package var intent: String?
        package var appIdentifier: String?
        package var appWasNamed: Bool
        package var score: Double
        package var literalWords: Int
        package var parameters: [(name: String, values: [SlotValue])]
        package var reason: String?
        /// The requests said after this one in the same line.
        package var also: [PendingRequest] = []

        package init(
            locale: String, intent: String?, appIdentifier: String?, appWasNamed: Bool, score: Double, literalWords: Int,
            parameters: [(name: String, values: [SlotValue])], reason: String?
        ) {
            self.locale = locale
            self.intent = intent
            self.appIdentifier = appIdentifier
            self.appWasNamed = appWasNamed
            self.score = score
            self.literalWords = literalWords
            self.parameters = parameters
            self.reason = reason
        }
    }

    /// Reads a whole reply as a typed value of a parameter's type ("tomorrow at 8 pm" for a
    /// date); nil when it is none. The facade reads replies with the locale's built-in entities.
    package typealias ReadValue = @Sendable (_ text: String, _ type: ValueType, _ locale: String) -> JSONValue?

    package var schema: Schema
    package var apps: [AppVocabulary]
    package var languages: [String: DialogueLanguage]
    package var parse: Parse
    /// The apps a text names, read in a locale as its grammar reads app names.
    package typealias FindApps = @Sendable (_ text: String, _ locale: String) -> [AppMention]
    package var findApps: FindApps
    /// Types the values given as replies; nil keeps replies as spoken text only.
    package var readValue: ReadValue?
    /// Per intent name; intents without one use `defaultHandler`.
    public var handlers: [String: any IntentHandler] = [:]
    /// The handler of intents that have none in `handlers`: vocabulary-backed, it succeeds.
    public var defaultHandler: any IntentHandler = VocabularyBackedHandler()
    /// Intents that ask for a final "Ready to …?" before handle; by default those the schema
    /// says (`asksForConfirmation`).
    public var confirmIntents: Set<String>
    /// Seconds a resolve, confirm or handle call may take before it counts as a failure.
    public var handlerTimeout: Double = 10
    /// Locale for new requests (nil: every loaded locale).
    public var locale: String?
    /// With every locale tried, the language spoken until the user says something in one
    /// (an empty line, a request no locale understands), and kept when locales tie.
    public var preferredLocale: String?
    /// The app in focus for requests that name none.
    public var contextApp: String?

    package init(
        schema: Schema, apps: [AppVocabulary], languages: [String: DialogueLanguage], parse: @escaping Parse,
        findApps: @escaping FindApps, confirmIntents: Set<String>? = nil
    ) {
        self.schema = schema
        self.apps = apps
        self.languages = languages
        self.parse = parse
        self.findApps = findApps
        self.confirmIntents = confirmIntents ?? schema.intentsAskingForConfirmation
    }
}

import IntentParse

/// What one corpus sentence must parse to. Checks are strict: the exact intent and app, and
/// exactly the parameters listed (no extras); a plain string value means no identifier and no value.
public struct Expectation: Sendable {
    public struct Value: Sendable, Equatable {
        public var spoken: String
        public var identifier: String?
        public var value: JSONValue?

        public init(spoken: String, identifier: String? = nil, value: JSONValue? = nil) {
            self.spoken = spoken
            self.identifier = identifier
            self.value = value
        }
    }

    public enum Parameter: Sendable, Equatable {
        case single(Value)
        case multiple([Value])
    }

    /// nil: the sentence must be rejected.
    public var intent: String?
    /// `.some(nil)`: the app must be unknown; nil: not checked.
    public var app: String??
    public var parameters: [(name: String, value: Parameter)]
    public var missing: [String]?
    /// False for requests from JSON Lines files: parameters not in `parameters` are not
    /// differences (a YAML case lists every parameter, and an extra one is).
    public var checksEveryParameter = true
    /// Parameters checked by their words as typed only (a JSON Lines request's `slots`).
    public var spokenSlots: [(name: String, spoken: [String])] = []

    public init(intent: String?, app: String??, parameters: [(name: String, value: Parameter)], missing: [String]?) {
        self.intent = intent
        self.app = app
        self.parameters = parameters
        self.missing = missing
    }
}

/// One sentence of a corpus file with its expectation and where it was written.
public struct CorpusCase: Sendable {
    public var file: String
    public var line: Int
    public var sentence: String
    public var locale: String
    public var givenApp: String?
    /// The file's `now:`: the reference time relative dates resolve against (nil: the clock).
    public var now: EntityContext?
    public var tags: [String]
    public var expectation: Expectation

    /// How the runner parses this case: the given app and the reference time.
    public var matchContext: MatchContext {
        MatchContext(app: givenApp, entityContext: now ?? EntityContext())
    }

    public var location: SourceLocation { SourceLocation(file: file, line: line) }
}

extension JSONValue {
    /// The value with every object's keys sorted, so two values compare as JSON does: by
    /// members, not by the order they were written in.
    public var canonical: JSONValue {
        switch self {
        case .array(let items): return .array(items.map(\.canonical))
        case .object(let members): return .object(members.map { ($0.0, $0.1.canonical) }.sorted { $0.0 < $1.0 })
        case .null, .bool, .number, .string: return self
        }
    }
}

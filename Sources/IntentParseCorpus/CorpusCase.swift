import IntentParse
import IntentParseBase
import IntentParseEntities
import IntentParseMatching

/// What one corpus sentence must parse to. Checks are strict: the exact intent and app, and
/// exactly the parameters listed (no extras); a plain string value means no identifier and no value.
package struct Expectation: Sendable {
    package struct Value: Sendable, Equatable {
        package var spoken: String
        package var identifier: String?
        package var value: JSONValue?

        package init(spoken: String, identifier: String? = nil, value: JSONValue? = nil) {
            self.spoken = spoken
            self.identifier = identifier
            self.value = value
        }
    }

    package enum Parameter: Sendable, Equatable {
        case single(Value)
        case multiple([Value])
    }

    /// nil: the sentence must be rejected.
    package var intent: String?
    /// `.some(nil)`: the app must be unknown; nil: not checked.
    package var app: String??
    package var parameters: [(name: String, value: Parameter)]
    package var missing: [String]?
    /// False for requests from JSON Lines files: parameters not in `parameters` are not
    /// differences (a YAML case lists every parameter, and an extra one is).
    package var checksEveryParameter = true
    /// Parameters checked by their words as typed only (a JSON Lines request's `slots`).
    package var spokenSlots: [(name: String, spoken: [String])] = []
    /// The requests said after the first in the same line (`also:`), in order; nil: not
    /// checked (JSON Lines requests). A YAML case without `also:` expects one request.
    package var also: [Expectation]? = []

    package init(intent: String?, app: String??, parameters: [(name: String, value: Parameter)], missing: [String]?) {
        self.intent = intent
        self.app = app
        self.parameters = parameters
        self.missing = missing
    }
}

/// One sentence of a corpus file with its expectation and where it was written.
public struct CorpusCase: Sendable {
    /// The corpus file the case comes from.
    public var file: String
    /// 1-based line of the case in its file.
    public var line: Int
    /// The utterance to parse.
    public var sentence: String
    /// The locale of the case's file (`language:`).
    public var locale: String
    package var givenApp: String?
    /// The file's `now:`: the reference time relative dates resolve against (nil: the clock).
    package var now: EntityContext?
    /// The case's tags (`tags:`), which `--only` selects by.
    public var tags: [String]
    package var expectation: Expectation

    /// How the runner parses this case: the given app and the reference time.
    package var matchContext: MatchContext {
        MatchContext(app: givenApp, entityContext: now ?? EntityContext())
    }

    /// `file:line` of the case.
    public var location: SourceLocation { SourceLocation(file: file, line: line) }
}

extension JSONValue {
    /// The value with every object's keys sorted, so two values compare as JSON does: by
    /// members, not by the order they were written in.
    package var canonical: JSONValue {
        switch self {
        case .array(let items): return .array(items.map(\.canonical))
        case .object(let members): return .object(members.map { ($0.0, $0.1.canonical) }.sorted { $0.0 < $1.0 })
        case .null, .bool, .number, .string: return self
        }
    }
}

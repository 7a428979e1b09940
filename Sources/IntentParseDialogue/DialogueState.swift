import Foundation
import IntentParseBase
import IntentParseSchema

/// One value of a parameter in a request being talked through.
public struct ParameterSlot: Codable, Sendable, Equatable {
    /// The value as the user gave it (or as resolution changed it).
    public var value: SlotValue
    /// True once resolution accepted the value.
    public var isResolved: Bool

    /// A value given but not yet resolved, unless `isResolved`.
    public init(value: SlotValue, isResolved: Bool = false) {
        self.value = value
        self.isResolved = isResolved
    }
}

/// The request a conversation is filling in: intent, app and parameter values.
public struct DialogueRequest: Codable, Sendable, Equatable {
    /// The utterance that started the request.
    public var utterance: String
    /// The locale the request is spoken in.
    public var locale: String
    /// The intent's name.
    public var intent: String
    /// The app's bundle identifier, once known.
    public var appIdentifier: String?
    /// The values given so far, by parameter name.
    public var parameters: [String: [ParameterSlot]]
    /// The parse's score when the request started.
    public var score: Double = 0
    /// The user said yes to the final confirmation.
    public var isConfirmed = false
    /// Parameters the user declined or a resolver marked not required.
    public var dropped: [String] = []

    /// A request as parsed, before any value is resolved.
    public init(utterance: String, locale: String, intent: String, appIdentifier: String?, parameters: [String: [ParameterSlot]]) {
        self.utterance = utterance
        self.locale = locale
        self.intent = intent
        self.appIdentifier = appIdentifier
        self.parameters = parameters
    }

    /// The values of `parameter`, in the order given.
    public func values(_ parameter: String) -> [SlotValue] { (parameters[parameter] ?? []).map(\.value) }
}

/// What the last system turn asked, so the next user line can be read as its answer.
package enum Awaiting: Codable, Sendable, Equatable {
    case value(parameter: String)
    case choice(parameter: String, item: Int, options: [SlotValue])
    case confirmation(parameter: String, item: Int, candidate: SlotValue)
    case intentConfirmation
    case app(options: [String])
}

/// A request said after another in the same line, waiting for its turn.
public struct PendingRequest: Codable, Sendable, Equatable {
    /// Its part of the line.
    public var text: String
    /// The locale the line was parsed in.
    public var locale: String
    /// The app in focus for it: the app its parse found (it names none, or the one before it did).
    public var app: String?

    /// A request of `text`, in `locale`, with `app` in focus.
    public init(text: String, locale: String, app: String?) {
        self.text = text
        self.locale = locale
        self.app = app
    }
}

/// A whole conversation's state: a value type, saved as JSON between turns (`--session`).
public struct DialogueSession: Codable, Sendable {
    /// The request in progress, if any.
    public var request: DialogueRequest?
    /// The requests said after it in the same line, to run when it ends (nil: none).
    public var pending: [PendingRequest]?
    package var awaiting: Awaiting?
    /// The last question asked, repeated when a reply is not understood.
    public var lastTurn: DialogueTurn?
    /// Turns taken in this session.
    public var turns = 0

    /// A new session, with no request in progress.
    public init(turns: Int = 0) { self.turns = turns }

    /// Reads a session file; a missing or empty file is a new session, an unreadable or corrupt
    /// one an error (`DiagnosticError` naming the file).
    public static func load(from url: URL) throws -> DialogueSession {
        guard FileManager.default.fileExists(atPath: url.path) else { return DialogueSession() }
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw problem(url.path, "cannot read the session file: \(AtomicFile.lastError())") }
        defer { close(descriptor) }
        return try decode(readingFrom: descriptor, path: url.path)
    }

    /// The session in an open file, read from its start.
    static func decode(readingFrom descriptor: Int32, path: String) throws -> DialogueSession {
        let data: Data
        do {
            data = try AtomicFile.readAll(descriptor)
        } catch {
            throw problem(path, "cannot read the session file: \(error)")
        }
        if data.isEmpty { return DialogueSession() }
        do {
            return try JSONDecoder().decode(DialogueSession.self, from: data)
        } catch {
            throw problem(path, "corrupt session file: \(Self.describe(error))")
        }
    }

    /// Writes atomically: a temporary file in the same folder, then a rename over the old one;
    /// the temporary is removed whatever fails (`AtomicFile`).
    public func save(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(self)
        } catch {
            throw Self.problem(url.path, "cannot save the session: it has a value JSON cannot hold (\(error.localizedDescription))")
        }
        do {
            try AtomicFile.write(data, to: url.path)
        } catch {
            throw Self.problem(url.path, "cannot save the session: \(error)")
        }
    }

    static func problem(_ path: String, _ message: String) -> DiagnosticError {
        DiagnosticError([.error(SourceLocation(file: path), message)])
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): return context.debugDescription
        case DecodingError.keyNotFound(let key, let context): return "missing '\(key.stringValue)' at \(path(context))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "\(context.debugDescription) at \(path(context))"
        default: return "\(error)"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "the top level" : String(path.drop { $0 == "." })
    }
}

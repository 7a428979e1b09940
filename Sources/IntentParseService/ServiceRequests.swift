import Foundation
import IntentParse
import IntentParseBase
import IntentParseEntities
import IntentParseMatching
import IntentParseNormalization

/// A request the service refuses: its HTTP status and a message naming the field (or line) at
/// fault, sent as `{"error": message}`.
package struct RequestProblem: Error, Sendable, Equatable {
    package var status: Int
    package var message: String

    package init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    static func badRequest(_ message: String) -> RequestProblem { RequestProblem(400, message) }
}

/// What a request may say besides its text, checked against the loaded parser: `locale` (a
/// loaded locale, or auto), `app` (a loaded app), `now` (ISO 8601, for relative dates).
package struct RequestSettings: Sendable {
    package var locale: String
    package var app: String?
    package var entityContext: EntityContext

    /// The settings of `object`'s fields, or the service's own (`defaults`) for those it leaves out.
    static func read(_ object: RequestObject, defaults: ServiceDefaults, parser: IntentParser, prefix: String) throws -> RequestSettings {
        var settings = RequestSettings(locale: defaults.locale, app: defaults.app, entityContext: defaults.entityContext)
        if let locale = try optionalString(object, "locale", prefix: prefix) {
            guard locale == "auto" || parser.matchers[locale] != nil || parser.matchers[Normalizer.language(of: locale)] != nil else {
                throw RequestProblem.badRequest(
                    "\(prefix)\"locale\": no grammar for '\(locale)'; loaded: \(parser.locales.joined(separator: ", ")), or auto")
            }
            settings.locale = locale
        }
        if let app = try optionalString(object, "app", prefix: prefix) {
            guard parser.app(named: app) != nil else {
                throw RequestProblem.badRequest(
                    "\(prefix)\"app\": '\(app)' is not a loaded app; loaded: \(parser.apps.map(\.displayName).joined(separator: ", "))")
            }
            settings.app = app
        }
        if let now = try optionalString(object, "now", prefix: prefix) {
            guard let context = EntityContext(iso: now) else {
                throw RequestProblem.badRequest("\(prefix)\"now\": '\(now)' is not an ISO 8601 date and time (e.g. 2026-11-21T09:30:00Z)")
            }
            settings.entityContext = context
        }
        return settings
    }

    /// The match context of these settings.
    func context(preferredLocale: String?) -> MatchContext {
        MatchContext(app: app, entityContext: entityContext, preferredLocale: preferredLocale)
    }
}

/// What the service uses for a field a request leaves out (`serve`'s own options).
package struct ServiceDefaults: Sendable {
    package var locale = "auto"
    package var app: String?
    /// The reference time of relative dates; nil: the clock at each request.
    package var now: EntityContext?
    /// With every locale tried, the one kept when a line says nothing of its language.
    package var preferredLocale: String?

    package init(locale: String = "auto", app: String? = nil, now: EntityContext? = nil, preferredLocale: String? = nil) {
        self.locale = locale
        self.app = app
        self.now = now
        self.preferredLocale = preferredLocale
    }

    var entityContext: EntityContext { now ?? EntityContext() }
}

/// `POST /parse`: one text, a batch of them, or JSON Lines of requests.
package struct ParseRequest: Sendable {
    package enum Shape: Sendable, Equatable {
        /// `{"text": ...}`: answered with one object.
        case single
        /// `{"texts": [...]}`: answered with an array, in order.
        case batch
        /// `application/x-ndjson`: one request object a line, answered with one line each.
        case lines
    }

    package var shape: Shape
    package var items: [(text: String, settings: RequestSettings)]

    static let fields: Set<String> = ["text", "texts", "locale", "app", "now"]
    static let lineFields: Set<String> = ["text", "locale", "app", "now"]

    /// Reads a body: JSON Lines when `isNDJSON`, else one JSON object.
    package static func read(_ body: [UInt8], isNDJSON: Bool, defaults: ServiceDefaults, parser: IntentParser) throws -> ParseRequest {
        guard isNDJSON else {
            let object = try JSONBody.object(body, prefix: "")
            try JSONBody.checkFields(object, allowed: fields, prefix: "")
            let settings = try RequestSettings.read(object, defaults: defaults, parser: parser, prefix: "")
            switch (object["text"], object["texts"]) {
            case (nil, nil):
                throw RequestProblem.badRequest("\"text\" is missing (or give \"texts\", an array of strings)")
            case (.some, .some):
                throw RequestProblem.badRequest("give \"text\" or \"texts\", not both")
            case (.some, nil):
                return ParseRequest(shape: .single, items: [(try JSONBody.string(object, "text", prefix: ""), settings)])
            case (nil, .some(let texts)):
                guard case .array(let array) = texts else { throw RequestProblem.badRequest("\"texts\" must be an array of strings") }
                let strings = try array.enumerated().map { index, item -> String in
                    guard case .string(let text) = item else { throw RequestProblem.badRequest("\"texts\"[\(index)] must be a string") }
                    return text
                }
                return ParseRequest(shape: .batch, items: strings.map { ($0, settings) })
            }
        }
        var items: [(text: String, settings: RequestSettings)] = []
        for (index, line) in body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
            if trimmed.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            let prefix = "line \(index + 1): "
            let object = try JSONBody.object(Array(trimmed), prefix: prefix)
            try JSONBody.checkFields(object, allowed: lineFields, prefix: prefix)
            let settings = try RequestSettings.read(object, defaults: defaults, parser: parser, prefix: prefix)
            items.append((try JSONBody.string(object, "text", prefix: prefix), settings))
        }
        return ParseRequest(shape: .lines, items: items)
    }
}

/// `POST /dialog`: one user line of a conversation.
package struct DialogRequest: Sendable {
    package var session: String?
    package var text: String
    package var settings: RequestSettings

    static let fields: Set<String> = ["session", "text", "locale", "app", "now"]

    package static func read(_ body: [UInt8], defaults: ServiceDefaults, parser: IntentParser) throws -> DialogRequest {
        let object = try JSONBody.object(body, prefix: "")
        try JSONBody.checkFields(object, allowed: fields, prefix: "")
        let session = try optionalString(object, "session", prefix: "")
        if let session, !SessionID.isValid(session) {
            throw RequestProblem.badRequest("\"session\": '\(session)' is not a session id (32 hexadecimal digits, as this service gives)")
        }
        return DialogRequest(
            session: session, text: try JSONBody.string(object, "text", prefix: ""),
            settings: try RequestSettings.read(object, defaults: defaults, parser: parser, prefix: ""))
    }
}

/// A field that may be absent; present, it must be a string.
private func optionalString(_ object: RequestObject, _ field: String, prefix: String) throws -> String? {
    guard let value = object[field] else { return nil }
    guard case .string(let string) = value else { throw RequestProblem.badRequest("\(prefix)\"\(field)\" must be a string") }
    return string
}

/// A request body's JSON object: its members as written (a field given twice counts as last given).
struct RequestObject {
    var members: [(String, JSONValue)]

    subscript(field: String) -> JSONValue? { members.last { $0.0 == field }?.1 }
}

/// Reading request bodies as JSON objects, with messages that name what is wrong.
enum JSONBody {
    static func object(_ bytes: [UInt8], prefix: String) throws -> RequestObject {
        guard !bytes.isEmpty else { throw RequestProblem.badRequest("\(prefix)the body is empty; send a JSON object") }
        // RFC 8259 lets a reader ignore a byte order mark; some clients send one.
        let skipped = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let value: JSONValue
        do {
            value = try JSONValue.parse(skipped > 0 ? Array(bytes.dropFirst(skipped)) : bytes)
        } catch {
            let offset = error.offset + skipped
            let reason = offset >= bytes.count ? "it ends too soon" : "byte \(offset + 1) is unexpected"
            throw RequestProblem.badRequest("\(prefix)the body is not valid JSON (\(reason))")
        }
        guard case .object(let members) = value else { throw RequestProblem.badRequest("\(prefix)the body must be a JSON object") }
        return RequestObject(members: members)
    }

    static func string(_ object: RequestObject, _ field: String, prefix: String) throws -> String {
        guard let value = object[field] else { throw RequestProblem.badRequest("\(prefix)\"\(field)\" is missing") }
        guard case .string(let string) = value else { throw RequestProblem.badRequest("\(prefix)\"\(field)\" must be a string") }
        return string
    }

    /// Unknown fields are refused (a misspelled "locale" would otherwise be silently ignored).
    static func checkFields(_ object: RequestObject, allowed: Set<String>, prefix: String) throws {
        for key in object.members.map(\.0).sorted() where !allowed.contains(key) {
            let hint = Suggestions.closest(to: key, in: allowed.sorted()).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw RequestProblem.badRequest(
                "\(prefix)unknown field \"\(key)\"\(hint); this route reads \(allowed.sorted().map { "\"\($0)\"" }.joined(separator: ", "))")
        }
    }
}

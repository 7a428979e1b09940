import Foundation
import IntentParse
import IntentParseBase
import IntentParseDialogue
import IntentParseMatching
import Synchronization

/// What `intentparse serve` does for each route, apart from HTTP: reads a request body,
/// answers with the bytes of the output contract's JSON. One parser serves every request;
/// conversations are kept in a `SessionStore`.
package final class IntentService: Sendable {
    package struct Settings: Sendable {
        package var defaults = ServiceDefaults()
        /// Seconds a dialogue handler may take (`dialog --handler-timeout`).
        package var handlerTimeout = 10.0
        /// Intents that ask a final "Ready to …?" (`dialog --confirm-intents`); nil: the default.
        package var confirmIntents: Set<String>?

        package init(defaults: ServiceDefaults = ServiceDefaults()) { self.defaults = defaults }
    }

    /// The grammar in use, swapped whole by a reload: each request reads it once, when it
    /// starts, and finishes on it.
    package var parser: IntentParser { state.withLock { $0.parser } }
    package let sessions: any SessionStore
    package let metrics: ServiceMetrics
    let settings: Settings
    private let state: Mutex<ReloadState>

    /// `warnings`: what loading `parser` reported (shown by `GET /diagnostics`).
    package init(
        parser: IntentParser, warnings: [Diagnostic] = [], sessions: any SessionStore, metrics: ServiceMetrics = ServiceMetrics(),
        settings: Settings = Settings()
    ) {
        state = Mutex(ReloadState(parser: parser, diagnostics: warnings))
        self.sessions = sessions
        self.metrics = metrics
        self.settings = settings
    }

    /// A reload that compiled: `parser` serves every request from now on.
    package func install(_ parser: IntentParser, warnings: [Diagnostic]) {
        state.withLock { state in
            state.parser = parser
            state.generation += 1
            state.loaded = Date()
            state.diagnostics = warnings
            state.lastReload = (Date(), true)
        }
        metrics.reloaded(ok: true)
    }

    /// A reload that failed: the grammar in use stays; `errors` are what `GET /diagnostics` shows.
    package func keep(after errors: [Diagnostic]) {
        state.withLock { state in
            state.diagnostics = errors
            state.lastReload = (Date(), false)
        }
        metrics.reloaded(ok: false)
    }

    /// `GET /diagnostics`: which grammar serves, and what its load (or the last failed reload)
    /// reported, each problem with its file, line and column.
    package func diagnosticsJSON() -> String {
        let state = state.withLock { $0 }
        var members: [(String, JSONValue)] = [
            ("generation", .number(Double(state.generation))),
            ("loaded", .string(ServiceClock.iso(state.loaded))),
            ("locales", .array(state.parser.locales.map(JSONValue.string)))
        ]
        if let (at, ok) = state.lastReload {
            members.append(("lastReload", .object([("at", .string(ServiceClock.iso(at))), ("ok", .bool(ok))])))
        }
        members.append(
            (
                "diagnostics",
                .array(
                    state.diagnostics.map { diagnostic in
                        var fields: [(String, JSONValue)] = [
                            ("severity", .string(diagnostic.severity.rawValue)), ("file", .string(diagnostic.location.file))
                        ]
                        if let line = diagnostic.location.line { fields.append(("line", .number(Double(line)))) }
                        if let column = diagnostic.location.column { fields.append(("column", .number(Double(column)))) }
                        if let keyPath = diagnostic.location.keyPath { fields.append(("keyPath", .string(keyPath))) }
                        fields.append(("message", .string(diagnostic.message)))
                        fields.append(("text", .string(diagnostic.description)))
                        return .object(fields)
                    })
            ))
        return JSONValue.object(members).serialized
    }

    /// `POST /parse`: the JSON object of each text (an array for a batch; JSON Lines for JSON
    /// Lines in), and the response's content type.
    package func parse(_ body: [UInt8], isNDJSON: Bool) throws -> (body: [UInt8], contentType: String) {
        let parser = self.parser
        let request = try ParseRequest.read(body, isNDJSON: isNDJSON, defaults: settings.defaults, parser: parser)
        // Each object written by one reused writer straight into the body.
        var writer = JSONWriter(capacity: 1024)
        var body: [UInt8] = request.shape == .batch ? [UInt8(ascii: "[")] : []
        for (index, (text, requestSettings)) in request.items.enumerated() {
            let result = parser.parse(
                text, locale: requestSettings.locale, context: requestSettings.context(preferredLocale: settings.defaults.preferredLocale))
            metrics.parsed(accepted: result.best != nil)
            writer.removeAll()
            ResultJSON.emit(result, into: &writer)
            if request.shape == .batch, index > 0 { body.append(UInt8(ascii: ",")) }
            writer.withBytes { body.append(contentsOf: $0) }
            if request.shape == .lines { body.append(UInt8(ascii: "\n")) }
        }
        switch request.shape {
        case .single: return (body, "application/json")
        case .batch: return (body + [UInt8(ascii: "]")], "application/json")
        case .lines: return (body, "application/x-ndjson")
        }
    }

    /// `POST /explain`: `explain --format json` of one text (its tokens, every reading with
    /// its template, slots with their ranges, evidence and score; for a rejected line the
    /// nearest templates and what the second stage tried). Takes `POST /parse`'s fields.
    package func explain(_ body: [UInt8]) throws -> [UInt8] {
        let parser = self.parser
        let request = try ParseRequest.read(body, isNDJSON: false, defaults: settings.defaults, parser: parser)
        guard request.shape == .single, let (text, requestSettings) = request.items.first else {
            throw RequestProblem.badRequest("give one \"text\": \"texts\" is for POST /parse")
        }
        let explained = Explanation.explain(
            text, parser: parser, locale: requestSettings.locale,
            context: requestSettings.context(preferredLocale: settings.defaults.preferredLocale))
        return Array(Explanation.json(explained.result, near: explained.near, frames: explained.frames).serialized.utf8)
    }

    /// `POST /dialog`: one turn of a conversation (a new one when the request names none); the
    /// turn object of `dialog --format json`, with the session's id first.
    package func dialog(_ body: [UInt8]) async throws -> [UInt8] {
        let parser = self.parser
        let request = try DialogRequest.read(body, defaults: settings.defaults, parser: parser)
        let engine = DialogueEngine(configuration: configuration(request.settings, parser: parser))
        let text = request.text
        do {
            let (id, turn) = try await sessions.turn(request.session) { session in
                await engine.respond(to: text, session: &session)
            }
            metrics.turnTaken()
            return Array(DialogueJSON.line(turn, session: id, parser: parser).utf8)
        } catch SessionProblem.notFound(let id) {
            throw RequestProblem(404, "no session '\(id)': it ended (DELETE), expired, or was never given by this service")
        } catch SessionProblem.leaseLost(let id) {
            throw RequestProblem(
                409, "the turn of session '\(id)' took longer than its hold on the session and was not kept; send the line again")
        }
    }

    /// `DELETE /dialog/{session}`.
    package func endSession(_ id: String) async throws {
        guard SessionID.isValid(id) else {
            throw RequestProblem.badRequest("'\(id)' is not a session id (32 hexadecimal digits, as this service gives)")
        }
        guard try await sessions.remove(id) else { throw RequestProblem(404, "no session '\(id)'") }
    }

    private func configuration(_ request: RequestSettings, parser: IntentParser) -> DialogueConfiguration {
        var configuration = parser.dialogueConfiguration(
            locale: request.locale, app: request.app, entityContext: request.entityContext,
            preferredLocale: settings.defaults.preferredLocale)
        configuration.handlerTimeout = settings.handlerTimeout
        if let confirmIntents = settings.confirmIntents { configuration.confirmIntents = confirmIntents }
        return configuration
    }
}

/// The grammar in use and what its loading said.
struct ReloadState: Sendable {
    var parser: IntentParser
    var generation = 1
    var loaded = Date()
    var diagnostics: [Diagnostic]
    var lastReload: (at: Date, ok: Bool)?

    init(parser: IntentParser, diagnostics: [Diagnostic]) {
        self.parser = parser
        self.diagnostics = diagnostics
    }
}

enum ServiceClock {
    static func iso(_ date: Date) -> String { date.formatted(.iso8601) }
}

import Foundation
import IntentParse
import IntentParseBase
import IntentParseDialogue
import IntentParseMatching

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

    package let parser: IntentParser
    package let sessions: any SessionStore
    package let metrics: ServiceMetrics
    let settings: Settings

    package init(parser: IntentParser, sessions: any SessionStore, metrics: ServiceMetrics = ServiceMetrics(), settings: Settings = Settings()) {
        self.parser = parser
        self.sessions = sessions
        self.metrics = metrics
        self.settings = settings
    }

    /// `POST /parse`: the JSON object of each text (an array for a batch; JSON Lines for JSON
    /// Lines in), and the response's content type.
    package func parse(_ body: [UInt8], isNDJSON: Bool) throws -> (body: [UInt8], contentType: String) {
        let request = try ParseRequest.read(body, isNDJSON: isNDJSON, defaults: settings.defaults, parser: parser)
        var lines: [String] = []
        lines.reserveCapacity(request.items.count)
        for (text, requestSettings) in request.items {
            let result = parser.parse(
                text, locale: requestSettings.locale, context: requestSettings.context(preferredLocale: settings.defaults.preferredLocale))
            metrics.parsed(accepted: result.best != nil)
            lines.append(ResultJSON.line(result))
        }
        switch request.shape {
        case .single: return (Array(lines[0].utf8), "application/json")
        case .batch: return (Array(("[" + lines.joined(separator: ",") + "]").utf8), "application/json")
        case .lines: return (Array(lines.map { $0 + "\n" }.joined().utf8), "application/x-ndjson")
        }
    }

    /// `POST /dialog`: one turn of a conversation (a new one when the request names none); the
    /// turn object of `dialog --format json`, with the session's id first.
    package func dialog(_ body: [UInt8]) async throws -> [UInt8] {
        let request = try DialogRequest.read(body, defaults: settings.defaults, parser: parser)
        let engine = DialogueEngine(configuration: configuration(request.settings))
        let text = request.text
        do {
            let (id, turn) = try await sessions.turn(request.session) { session in
                await engine.respond(to: text, session: &session)
            }
            metrics.turnTaken()
            return Array(DialogueJSON.line(turn, session: id, parser: parser).utf8)
        } catch SessionProblem.notFound(let id) {
            throw RequestProblem(404, "no session '\(id)': it ended (DELETE), expired, or was never given by this service")
        }
    }

    /// `DELETE /dialog/{session}`.
    package func endSession(_ id: String) async throws {
        guard SessionID.isValid(id) else {
            throw RequestProblem.badRequest("'\(id)' is not a session id (32 hexadecimal digits, as this service gives)")
        }
        guard try await sessions.remove(id) else { throw RequestProblem(404, "no session '\(id)'") }
    }

    private func configuration(_ request: RequestSettings) -> DialogueConfiguration {
        var configuration = parser.dialogueConfiguration(
            locale: request.locale, app: request.app, entityContext: request.entityContext,
            preferredLocale: settings.defaults.preferredLocale)
        configuration.handlerTimeout = settings.handlerTimeout
        if let confirmIntents = settings.confirmIntents { configuration.confirmIntents = confirmIntents }
        return configuration
    }
}

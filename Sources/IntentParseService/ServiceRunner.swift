import Hummingbird
import Logging
import NIOCore

/// Runs the service until SIGTERM or SIGINT, then stops taking connections and lets the
/// requests in flight finish (Hummingbird's graceful shutdown).
package enum ServiceRunner {
    /// `onRunning`: called with the port once the server listens (the one the system chose
    /// when `port` is 0).
    package static func run(
        _ service: IntentService, host: String, port: Int, token: String?, watcher: GrammarWatcher? = nil, logLevel: Logger.Level = .warning,
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        var logger = Logger(label: "intentparse") { ServiceLogHandler(label: $0) }
        logger.logLevel = logLevel
        let app = Application(
            router: ServiceRouter.router(service, token: token),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "intentparse"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
        let watching = Task { await watcher?.watch() }
        defer { watching.cancel() }
        try await app.runService()
    }
}

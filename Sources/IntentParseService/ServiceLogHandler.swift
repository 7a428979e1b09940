import Logging

/// The service's log lines: swift-log's standard-error handler, whose logger metadata is kept
/// as set and joined to a line's own only when a line is written.
///
/// NB: Hummingbird gives every request's logger a request id; `StreamLogHandler` formats its
/// whole metadata each time a key is set, which cost a few percent of a request even when no
/// line is ever written at the service's level.
struct ServiceLogHandler: LogHandler {
    private var stream: StreamLogHandler
    var metadata: Logger.Metadata = [:]

    init(label: String) { stream = StreamLogHandler.standardError(label: label) }

    var logLevel: Logger.Level {
        get { stream.logLevel }
        set { stream.logLevel = newValue }
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { stream.metadataProvider }
        set { stream.metadataProvider = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        event.metadata = metadata.merging(event.metadata ?? [:]) { _, line in line }
        stream.log(event: event)
    }
}

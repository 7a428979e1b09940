import ArgumentParser
import Foundation
import IntentParse
import IntentParseBase
import IntentParseEntities
import IntentParseService

/// `intentparse serve`: the parser and the dialogue over HTTP (README, "The service").
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve parse and dialogue over HTTP (POST /parse, POST /dialog; GET /healthz, /metrics, /openapi.yaml).",
        discussion: """
            --locale, --app and --now are the defaults of requests that do not give their own.
            Stops on SIGTERM or SIGINT after the requests in flight are answered.
            """
    )

    @OptionGroup var options: CommonOptions
    @OptionGroup var dialogue: DialogueOptions

    @Option(help: "Address to listen on (loopback unless you say otherwise).")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on (0: any free port, printed when listening).")
    var port = 8080

    @Option(help: "A file holding the bearer token every route but /healthz requires (Authorization: Bearer <token>).")
    var tokenFile: String?

    @Option(
        help: """
            Where conversations are kept: memory (the default; lost on exit), a SQLite file that \
            processes on this machine can share, or a PostgreSQL database that services on several \
            machines share (postgres://USER:PASSWORD@HOST:PORT/DATABASE?sslmode=require).
            """)
    var sessions = "memory"

    @Option(help: "Seconds after its last turn that a conversation is forgotten.")
    var sessionTTL: Double = 1800

    @Option(help: "Seconds between looks at the grammars and vocabulary for changes, which are reloaded while serving (0: never).")
    var reloadInterval: Double = 1

    /// Thirty days.
    static let maxSessionTTL = 2_592_000.0

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port \(port) must be from 0 to 65535") }
        guard sessionTTL.isFinite, sessionTTL > 0, sessionTTL <= ServeCommand.maxSessionTTL else {
            throw ValidationError(
                "--session-ttl \(sessionTTL) must be a number of seconds above 0 and at most \(Int(ServeCommand.maxSessionTTL)) (30 days)")
        }
        guard reloadInterval.isFinite, reloadInterval >= 0, reloadInterval <= 86_400 else {
            throw ValidationError("--reload-interval \(reloadInterval) must be a number of seconds from 0 (never) to 86400 (a day)")
        }
    }

    func run() throws {
        let token = try readToken()
        let parser = try options.loadParser()
        var settings = IntentService.Settings(
            defaults: ServiceDefaults(
                locale: options.locale, app: options.app, now: options.now.flatMap { EntityContext(iso: $0) },
                preferredLocale: CommonOptions.environmentLocale))
        settings.handlerTimeout = dialogue.handlerTimeout
        settings.confirmIntents = try dialogue.confirmedIntents(parser)
        let store = try openSessions()
        let service = IntentService(parser: parser, warnings: parser.warnings, sessions: store, settings: settings)
        let watcher = reloadInterval > 0 ? makeWatcher(service) : nil
        if token == nil, !ServeCommand.isLoopback(host) {
            DiagnosticPrinter.standardError.printMessage(
                "warning: listening on \(host) without --token-file: anyone who reaches this address can use the service")
        }
        let host = self.host, port = self.port
        let outcome = Blocking.run { () async -> Result<Void, any Error> in
            do {
                try await ServiceRunner.run(service, host: host, port: port, token: token, watcher: watcher) { bound in
                    DiagnosticPrinter.standardError.printMessage(
                        "intentparse serve: listening on http://\(ServeCommand.urlHost(host)):\(bound) (locales: \(parser.locales.joined(separator: ", ")))"
                    )
                }
                try await store.close()
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        if case .failure(let error) = outcome {
            DiagnosticPrinter.standardError.printMessage("error: cannot serve on \(host):\(port): \(error)")
            throw ExitCode(2)
        }
    }

    /// What reloads the grammars, vocabulary and lists when they change, with the options the
    /// service started with.
    private func makeWatcher(_ service: IntentService) -> GrammarWatcher {
        let grammars = URL(fileURLWithPath: options.grammars), vocabulary = URL(fileURLWithPath: options.vocabulary)
        let parserOptions = options.parserOptions()
        let paths = [grammars.path, vocabulary.path] + (options.lists.map { [$0] } ?? [])
        return GrammarWatcher(
            paths: paths, interval: .seconds(reloadInterval), service: service,
            log: { DiagnosticPrinter.standardError.printMessage("intentparse serve: \($0)") },
            load: {
                let parser = try IntentParser(grammars: grammars, vocabulary: vocabulary, options: parserOptions)
                return (parser, parser.warnings)
            })
    }

    /// The --sessions store: in memory, a SQLite file whose folder must exist, or a PostgreSQL
    /// database (checked, and opened, before the service starts; a problem exits 2 naming the
    /// file or the address, its password left out).
    private func openSessions() throws -> any SessionStore {
        let ttl = Duration.seconds(sessionTTL)
        guard sessions != "memory" else { return MemorySessionStore(ttl: ttl) }
        // A turn holds its session at most as long as its handlers may take (resolve, confirm,
        // handle), and then some.
        let lease = Duration.seconds(dialogue.handlerTimeout * 3 + 10)
        let place = sessions
        let open: @Sendable () async throws -> any SessionStore
        if PostgresURL.isPostgres(place) {
            open = { PostgresSessionStore(rows: try await PostgresSessionRows.open(url: place), ttl: ttl, leaseDuration: lease) }
        } else {
            guard !place.isEmpty, !place.contains("://") else {
                DiagnosticPrinter.standardError.printMessage(
                    "error: --sessions takes memory, the path of a SQLite file or a postgres:// address, not '\(PostgresURL.redacted(place))'")
                throw ExitCode(2)
            }
            let folder = URL(fileURLWithPath: place).deletingLastPathComponent().path
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                DiagnosticPrinter.standardError.printMessage("\(place): error: cannot keep sessions here: the folder \(folder) does not exist")
                throw ExitCode(2)
            }
            open = { SQLiteSessionStore(rows: try await SQLiteSessionRows.open(path: place), ttl: ttl, leaseDuration: lease) }
        }
        let opened = Blocking.run { () async -> Result<any SessionStore, any Error> in
            do { return .success(try await open()) } catch { return .failure(error) }
        }
        switch opened {
        case .success(let store): return store
        case .failure(let error as DiagnosticError):
            DiagnosticPrinter.standardError.print(error.diagnostics)
            throw ExitCode(2)
        case .failure(let error):
            DiagnosticPrinter.standardError.printMessage("\(PostgresURL.redacted(place)): error: cannot keep sessions there: \(error)")
            throw ExitCode(2)
        }
    }

    /// The token of --token-file, its surrounding white space trimmed; a missing, unreadable or
    /// empty file is a usage error (exit 2) naming it.
    private func readToken() throws -> String? {
        guard let tokenFile else { return nil }
        let token: String
        do {
            token = try String(contentsOfFile: tokenFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            DiagnosticPrinter.standardError.printMessage("\(tokenFile): error: cannot read the token file: \(error.localizedDescription)")
            throw ExitCode(2)
        }
        guard !token.isEmpty else {
            DiagnosticPrinter.standardError.printMessage("\(tokenFile): error: the token file is empty")
            throw ExitCode(2)
        }
        return token
    }

    static func isLoopback(_ host: String) -> Bool { host == "localhost" || host == "::1" || host.hasPrefix("127.") }

    /// An IPv6 address in brackets, as URLs write it.
    static func urlHost(_ host: String) -> String { host.contains(":") ? "[\(host)]" : host }
}

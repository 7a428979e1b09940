import Foundation
import IntentParseBase
import IntentParseDialogue
import Logging
import NIOCore
import NIOSSL
import PostgresNIO

/// Sessions in a PostgreSQL database (`serve --sessions postgres://…`): services on several
/// machines share them, and a conversation may move from one to another between turns.
package typealias PostgresSessionStore = LeasedSessionStore<PostgresSessionRows>

/// The sessions table of a PostgreSQL database, read through a pool of connections. Its clock
/// is the database server's, so services on machines whose clocks differ agree on leases and
/// expiry.
package struct PostgresSessionRows: SessionRows {
    private let client: PostgresClient
    private let running: Task<Void, Never>

    /// The server's time in seconds since 1970, as a subquery `now` with one column `t`.
    private static let clock = "(SELECT extract(epoch FROM clock_timestamp())::float8 AS t) AS now"

    /// How long making the table may take (seconds) before the service gives up starting.
    static let openTimeout = 15.0

    /// Connects to the database of `url` and makes the sessions table if it is missing, within
    /// `timeout` seconds.
    package static func open(url: String, timeout: Double = openTimeout) async throws -> PostgresSessionRows {
        let address = try PostgresURL(url)
        var logger = Logger(label: "intentparse.sessions")
        logger.logLevel = .critical
        // One connection first, which fails at once with the server's reason (no server there,
        // a wrong password, no such database): the pool would try again and again.
        do {
            let probe = try await PostgresConnection.connect(
                on: PostgresClient.defaultEventLoopGroup.any(), configuration: try address.connection(), id: 0, logger: logger
            ).get()
            try await probe.close()
        } catch {
            throw Self.problem(url, error)
        }
        let client = PostgresClient(configuration: address.client, backgroundLogger: logger)
        let running = Task { await client.run() }
        let rows = PostgresSessionRows(client: client, running: running)
        let made = await withTimeLimit(timeout, fallback: .failure(PostgresURL.Problem("no answer within \(Int(timeout)) seconds"))) {
            () -> Result<Void, any Error> in
            do { return .success(try await rows.makeTable()) } catch { return .failure(error) }
        }
        do {
            try made.get()
            return rows
        } catch {
            running.cancel()
            throw Self.problem(url, error)
        }
    }

    /// "cannot keep sessions in this database", with the reason, at the address (its password left out).
    private static func problem(_ url: String, _ error: any Error) -> DiagnosticError {
        DiagnosticError([.error(SourceLocation(file: PostgresURL.redacted(url)), "cannot keep sessions in this database: \(describe(error))")])
    }

    /// Makes the table unless it exists; services starting together take turns (an advisory
    /// lock), since two `CREATE TABLE IF NOT EXISTS` at once may both try to make it.
    private func makeTable() async throws {
        try await client.withConnection { connection in
            try await connection.query("SELECT pg_advisory_lock(7370616)", logger: connection.logger)
            do {
                try await connection.query(
                    """
                    CREATE TABLE IF NOT EXISTS intentparse_sessions (
                        id TEXT PRIMARY KEY NOT NULL,
                        state BYTEA NOT NULL,
                        expires DOUBLE PRECISION NOT NULL,
                        lease DOUBLE PRECISION NOT NULL DEFAULT 0)
                    """, logger: connection.logger)
            } catch {
                _ = try? await connection.query("SELECT pg_advisory_unlock(7370616)", logger: connection.logger)
                throw error
            }
            try await connection.query("SELECT pg_advisory_unlock(7370616)", logger: connection.logger)
        }
    }

    package func insert(_ id: String, state: [UInt8], ttl: Double) async throws {
        try await client.query(
            """
            INSERT INTO intentparse_sessions (id, state, expires, lease)
            SELECT \(id), \(ByteBuffer(bytes: state)), now.t + \(ttl), 0 FROM \(unescaped: Self.clock)
            """)
    }

    package func claim(_ id: String, leaseDuration: Double) async throws -> LeaseClaim {
        let claimed = try await client.query(
            """
            UPDATE intentparse_sessions SET lease = now.t + \(leaseDuration) FROM \(unescaped: Self.clock)
            WHERE id = \(id) AND expires > now.t AND lease < now.t RETURNING state, lease
            """)
        for try await (state, lease) in claimed.decode((ByteBuffer, Double).self) {
            return .claimed(state: Array(state.readableBytesView), lease: lease)
        }
        let live = try await client.query("SELECT 1 FROM intentparse_sessions, \(unescaped: Self.clock) WHERE id = \(id) AND expires > now.t")
        for try await _ in live.decode(Int32.self) { return .held }
        return .absent
    }

    package func write(_ id: String, state: [UInt8], ttl: Double, lease: Double) async throws -> Bool {
        let written = try await client.query(
            """
            UPDATE intentparse_sessions SET state = \(ByteBuffer(bytes: state)), expires = now.t + \(ttl), lease = 0
            FROM \(unescaped: Self.clock) WHERE id = \(id) AND lease = \(lease) RETURNING id
            """)
        for try await _ in written.decode(String.self) { return true }
        return false
    }

    package func delete(_ id: String) async throws -> Bool {
        let deleted = try await client.query(
            "DELETE FROM intentparse_sessions USING \(unescaped: Self.clock) WHERE id = \(id) AND expires > now.t RETURNING id")
        for try await _ in deleted.decode(String.self) { return true }
        return false
    }

    package func count() async throws -> Int {
        let rows = try await client.query("SELECT count(*) FROM intentparse_sessions, \(unescaped: Self.clock) WHERE expires > now.t")
        for try await count in rows.decode(Int64.self) { return Int(count) }
        return 0
    }

    package func sweep() async throws {
        try await client.query("DELETE FROM intentparse_sessions USING \(unescaped: Self.clock) WHERE expires <= now.t AND lease < now.t")
    }

    package func close() async throws { running.cancel() }

    /// What went wrong, in a line: the server's own message when it sent one.
    private static func describe(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            return "\(error.code)" + (error.underlying.map { ": \($0)" } ?? "")
        }
        return "\(error)"
    }
}

/// `postgres://user:password@host:port/database?sslmode=…` (also `postgresql://`), as libpq
/// reads it: the port defaults to 5432, the database to the user's name; `host=/a/folder` in
/// the query connects through the Unix socket in that folder; `sslmode` is `disable` (the
/// default), `prefer` or `require` (the server's certificate checked against the system's).
package struct PostgresURL {
    package struct Problem: Error, CustomStringConvertible {
        package var description: String
        init(_ description: String) { self.description = description }
    }

    enum TLSMode { case disable, prefer, require }

    var user: String
    var password: String?
    var database: String
    var host: String
    var port: Int
    /// The socket's path, when the address names a folder (`host=/…`).
    var socket: String?
    var tls: TLSMode

    /// Whether `text` names a PostgreSQL database rather than a file.
    package static func isPostgres(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    package init(_ text: String) throws {
        guard Self.isPostgres(text), let components = URLComponents(string: text) else {
            throw Problem("not a postgres:// address")
        }
        guard let user = components.percentEncodedUser.flatMap({ $0.removingPercentEncoding }), !user.isEmpty else {
            throw Problem("the address names no user (postgres://USER@HOST/DATABASE)")
        }
        self.user = user
        password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
        let path = components.percentEncodedPath.removingPercentEncoding ?? components.path
        let database = path.hasPrefix("/") ? String(path.dropFirst()) : path
        self.database = database.isEmpty ? user : database
        port = components.port ?? 5432
        guard (1...65535).contains(port) else { throw Problem("the port \(port) is not between 1 and 65535") }
        host = components.host.flatMap { $0.isEmpty ? nil : $0 } ?? "localhost"
        tls = .disable
        for item in components.queryItems ?? [] {
            switch (item.name, item.value ?? "") {
            case ("host", let folder) where folder.hasPrefix("/"): socket = folder + "/.s.PGSQL.\(port)"
            case ("host", let value): throw Problem("host= takes the folder of a Unix socket (/var/run/postgresql), not '\(value)'")
            case ("sslmode", "disable"): tls = .disable
            case ("sslmode", "prefer"): tls = .prefer
            case ("sslmode", "require"): tls = .require
            case ("sslmode", let mode): throw Problem("sslmode takes disable, prefer or require, not '\(mode)'")
            case (let name, _): throw Problem("unknown parameter '\(name)' (known: host, sslmode)")
            }
        }
    }

    /// The pool's configuration.
    var client: PostgresClient.Configuration {
        if let socket { return PostgresClient.Configuration(unixSocketPath: socket, username: user, password: password, database: database) }
        let tls: PostgresClient.Configuration.TLS
        switch self.tls {
        case .disable: tls = .disable
        case .prefer: tls = .prefer(.makeClientConfiguration())
        case .require: tls = .require(.makeClientConfiguration())
        }
        return PostgresClient.Configuration(host: host, port: port, username: user, password: password, database: database, tls: tls)
    }

    /// One connection's configuration (the TLS context made now: it reads the system's certificates).
    func connection() throws -> PostgresConnection.Configuration {
        if let socket { return PostgresConnection.Configuration(unixSocketPath: socket, username: user, password: password, database: database) }
        let tls: PostgresConnection.Configuration.TLS
        switch self.tls {
        case .disable: tls = .disable
        case .prefer: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .require: tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        return PostgresConnection.Configuration(host: host, port: port, username: user, password: password, database: database, tls: tls)
    }

    /// `text` with its password replaced by `***`, for messages.
    package static func redacted(_ text: String) -> String {
        guard var components = URLComponents(string: text), components.password != nil else { return text }
        components.password = "***"
        return components.string ?? text
    }
}

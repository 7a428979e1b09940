import Foundation
import IntentParseBase
import IntentParseDialogue
import NIOCore
import SQLiteNIO

/// Sessions in a SQLite file (`serve --sessions FILE`): they survive a restart, and processes
/// that open the same file share them.
///
/// A turn holds its session by a lease written in the row (`lease`, a time): it claims the row
/// only when no lease on it is running, runs the turn outside any transaction, then writes the
/// new state and clears the lease in one statement. A process that finds the row leased waits
/// and claims it again; a lease left by a process that died ends by itself (`leaseDuration`).
/// Within one process, turns of a session also queue in memory, so they do not poll the file.
package actor SQLiteSessionStore: SessionStore, TurnQueueing {
    private let connection: SQLiteConnection
    private let ttl: Double
    private let leaseDuration: Double
    var queues = TurnQueues()
    private var nextSweep = 0.0
    private let encoder = JSONEncoder()

    /// Opens (creating if need be) the sessions file at `path`. `leaseDuration`: the longest a
    /// turn may hold a session (longer than the handlers' time limits together).
    package static func open(path: String, ttl: Duration, leaseDuration: Duration) async throws -> SQLiteSessionStore {
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(storage: .file(path: path))
            _ = try await connection.query("PRAGMA journal_mode=WAL")
            _ = try await connection.query("PRAGMA busy_timeout=5000")
            _ = try await connection.query("PRAGMA synchronous=NORMAL")
            _ = try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS intentparse_sessions (
                    id TEXT PRIMARY KEY NOT NULL,
                    state BLOB NOT NULL,
                    expires REAL NOT NULL,
                    lease REAL NOT NULL DEFAULT 0)
                """)
        } catch {
            throw DiagnosticError([.error(SourceLocation(file: path), "cannot keep sessions in this file: \(error)")])
        }
        return SQLiteSessionStore(connection: connection, ttl: ttl, leaseDuration: leaseDuration)
    }

    private init(connection: SQLiteConnection, ttl: Duration, leaseDuration: Duration) {
        self.connection = connection
        self.ttl = ttl.seconds
        self.leaseDuration = leaseDuration.seconds
    }

    package func turn(
        _ id: String?, _ body: @escaping @Sendable (inout DialogueSession) async -> DialogueTurn
    ) async throws -> (id: String, turn: DialogueTurn) {
        try await sweepIfDue()
        let given = id
        let id = id ?? SessionID.make()
        await acquire(id)
        defer { queues.release(id) }
        var session: DialogueSession
        let lease: Double
        if given == nil {
            session = DialogueSession()
            let now = Self.now
            lease = now + leaseDuration
            _ = try await connection.query(
                "INSERT INTO intentparse_sessions (id, state, expires, lease) VALUES (?, ?, ?, ?)",
                [.text(id), .blob(ByteBuffer(bytes: try encoder.encode(session))), .float(now + ttl), .float(lease)])
        } else {
            (session, lease) = try await claim(id)
        }
        let turn = await body(&session)
        let state = try encoder.encode(session)
        // Written only while this turn's lease still holds: a turn that outlasted it (and whose
        // session another turn may have taken since) must not overwrite what that turn wrote.
        let written = try await connection.query(
            "UPDATE intentparse_sessions SET state = ?, expires = ?, lease = 0 WHERE id = ? AND lease = ? RETURNING id",
            [.blob(ByteBuffer(bytes: state)), .float(Self.now + ttl), .text(id), .float(lease)])
        guard !written.isEmpty else { throw SessionProblem.leaseLost(id) }
        return (id, turn)
    }

    package func remove(_ id: String) async throws -> Bool {
        let rows = try await connection.query(
            "DELETE FROM intentparse_sessions WHERE id = ? AND expires > ? RETURNING id", [.text(id), .float(Self.now)])
        return !rows.isEmpty
    }

    package func count() async throws -> Int {
        let rows = try await connection.query("SELECT COUNT(*) AS n FROM intentparse_sessions WHERE expires > ?", [.float(Self.now)])
        return rows.first?.column("n")?.integer ?? 0
    }

    /// Closes the file (after the last turn).
    package func close() async throws { try await connection.close() }

    /// Takes the lease on session `id` and reads it; waits while another process holds it.
    /// Returns the session and the lease taken (the time it runs out).
    private func claim(_ id: String) async throws -> (DialogueSession, Double) {
        var wait = Duration.milliseconds(2)
        while true {
            let now = Self.now
            let lease = now + leaseDuration
            let claimed = try await connection.query(
                """
                UPDATE intentparse_sessions SET lease = ? WHERE id = ? AND expires > ? AND lease < ? RETURNING state
                """, [.float(lease), .text(id), .float(now), .float(now)])
            if let row = claimed.first {
                guard case .blob(let buffer) = row.column("state") ?? .null else { throw SessionProblem.notFound(id) }
                return (try decode(buffer, id: id), lease)
            }
            let existing = try await connection.query(
                "SELECT expires, lease FROM intentparse_sessions WHERE id = ?", [.text(id)])
            guard let row = existing.first, let expires = row.column("expires")?.double, expires > now else {
                throw SessionProblem.notFound(id)
            }
            // Leased by another process: wait for its turn to end (or its lease to run out).
            try await Task.sleep(for: wait)
            wait = min(wait * 2, .milliseconds(100))
        }
    }

    private func decode(_ buffer: ByteBuffer, id: String) throws -> DialogueSession {
        do {
            return try JSONDecoder().decode(DialogueSession.self, from: Data(buffer.readableBytesView))
        } catch {
            // A row this store cannot read is no session it can continue.
            throw SessionProblem.notFound(id)
        }
    }

    /// Deletes expired sessions, at most ten times per time-to-live.
    private func sweepIfDue() async throws {
        let now = Self.now
        guard now >= nextSweep else { return }
        nextSweep = now + ttl / 10
        _ = try await connection.query("DELETE FROM intentparse_sessions WHERE expires <= ? AND lease < ?", [.float(now), .float(now)])
    }

    /// Seconds since 1970: the clock every process sharing the file reads alike.
    private static var now: Double { Date().timeIntervalSince1970 }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

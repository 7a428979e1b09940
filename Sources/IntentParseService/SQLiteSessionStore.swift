import Foundation
import IntentParseBase
import NIOCore
import SQLiteNIO

/// Sessions in a SQLite file (`serve --sessions FILE`): they survive a restart, and processes
/// that open the same file share them.
package typealias SQLiteSessionStore = LeasedSessionStore<SQLiteSessionRows>

/// The sessions table of a SQLite file; its clock is the process's (seconds since 1970), which
/// processes on one machine read alike.
package struct SQLiteSessionRows: SessionRows {
    private let connection: SQLiteConnection
    /// Copies the write-ahead log back into the file (`checkpoints`, every second).
    private let checkpointer: SQLiteConnection
    private let checkpoints: Task<Void, Never>
    private let inserts: SessionInserts

    /// How often the log is copied back into the file.
    static let checkpointInterval = Duration.seconds(1)

    /// Opens (creating if need be) the sessions file at `path`.
    ///
    /// NB: SQLite copies its write-ahead log back into the file (a checkpoint, which syncs the
    /// file to disk) in the connection whose commit made the log long, while that connection
    /// holds its lock: every turn waiting on the connection waited for the disk too (turns
    /// of a quarter second under load). The serving connection never checkpoints; a second
    /// one does, every second, without stopping the first from writing (`PASSIVE`).
    package static func open(path: String) async throws -> SQLiteSessionRows {
        do {
            let connection = try await SQLiteConnection.open(storage: .file(path: path))
            _ = try await connection.query("PRAGMA journal_mode=WAL")
            _ = try await connection.query("PRAGMA busy_timeout=5000")
            _ = try await connection.query("PRAGMA synchronous=NORMAL")
            _ = try await connection.query("PRAGMA wal_autocheckpoint=0")
            _ = try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS intentparse_sessions (
                    id TEXT PRIMARY KEY NOT NULL,
                    state BLOB NOT NULL,
                    expires REAL NOT NULL,
                    lease REAL NOT NULL DEFAULT 0)
                """)
            let checkpointer = try await SQLiteConnection.open(storage: .file(path: path))
            _ = try await checkpointer.query("PRAGMA busy_timeout=5000")
            let checkpoints = Task {
                while (try? await Task.sleep(for: checkpointInterval)) != nil {
                    _ = try? await checkpointer.query("PRAGMA wal_checkpoint(PASSIVE)")
                }
            }
            return SQLiteSessionRows(
                connection: connection, checkpointer: checkpointer, checkpoints: checkpoints, inserts: SessionInserts(connection: connection))
        } catch {
            throw DiagnosticError([.error(SourceLocation(file: path), "cannot keep sessions in this file: \(error)")])
        }
    }

    /// NB: new sessions are written together: those that arrive while a write is under way
    /// go in the next one, one statement and one commit for all (`SessionInserts`). One at a
    /// time, the commits queued on the connection were most of a new conversation's wait.
    package func insert(_ id: String, state: [UInt8], ttl: Double) async throws {
        try await inserts.insert(SessionInserts.Row(id: id, state: state, expires: Self.now + ttl))
    }

    package func claim(_ id: String, leaseDuration: Double) async throws -> LeaseClaim {
        let now = Self.now, lease = now + leaseDuration
        let claimed = try await connection.query(
            "UPDATE intentparse_sessions SET lease = ? WHERE id = ? AND expires > ? AND lease < ? RETURNING state",
            [.float(lease), .text(id), .float(now), .float(now)])
        if let row = claimed.first {
            guard case .blob(let buffer) = row.column("state") ?? .null else { return .absent }
            return .claimed(state: Array(buffer.readableBytesView), lease: lease)
        }
        let live = try await connection.query("SELECT 1 AS live FROM intentparse_sessions WHERE id = ? AND expires > ?", [.text(id), .float(now)])
        return live.isEmpty ? .absent : .held
    }

    package func write(_ id: String, state: [UInt8], ttl: Double, lease: Double) async throws -> Bool {
        let written = try await connection.query(
            "UPDATE intentparse_sessions SET state = ?, expires = ?, lease = 0 WHERE id = ? AND lease = ? RETURNING id",
            [.blob(ByteBuffer(bytes: state)), .float(Self.now + ttl), .text(id), .float(lease)])
        return !written.isEmpty
    }

    package func delete(_ id: String) async throws -> Bool {
        let rows = try await connection.query(
            "DELETE FROM intentparse_sessions WHERE id = ? AND expires > ? RETURNING id", [.text(id), .float(Self.now)])
        return !rows.isEmpty
    }

    package func count() async throws -> Int {
        let rows = try await connection.query("SELECT COUNT(*) AS n FROM intentparse_sessions WHERE expires > ?", [.float(Self.now)])
        return rows.first?.column("n")?.integer ?? 0
    }

    package func sweep() async throws {
        let now = Self.now
        _ = try await connection.query("DELETE FROM intentparse_sessions WHERE expires <= ? AND lease < ?", [.float(now), .float(now)])
    }

    /// Closes the file once the new sessions handed over are written, its log copied back
    /// into it first.
    ///
    /// NB: the last checkpoint runs here, not in the cancelled task: SQLiteNIO's calls give up
    /// at once in a cancelled task, and a connection left open trips its check when freed.
    package func close() async throws {
        await inserts.finish()
        checkpoints.cancel()
        await checkpoints.value
        _ = try? await checkpointer.query("PRAGMA wal_checkpoint(TRUNCATE)")
        try await checkpointer.close()
        try await connection.close()
    }

    /// Seconds since 1970: the clock every process sharing the file reads alike.
    private static var now: Double { Date().timeIntervalSince1970 }
}

/// New sessions' rows on their way into the file: a write takes every row that arrived before
/// it started, in one `INSERT` (one commit); rows that arrive meanwhile wait for the next.
/// With one request at a time, each row is written at once, alone.
package actor SessionInserts {
    package struct Row: Sendable {
        var id: String
        var state: [UInt8]
        var expires: Double

        package init(id: String, state: [UInt8], expires: Double) {
            self.id = id
            self.state = state
            self.expires = expires
        }
    }

    /// Rows per statement at most (three parameters each; SQLite allows 32,766).
    static let maxRows = 500

    private let connection: SQLiteConnection
    private var pending: [(row: Row, written: CheckedContinuation<Void, any Error>)] = []
    private var writing = false
    /// Those waiting for the rows under way to be written (`finish`).
    private var waiting: [CheckedContinuation<Void, Never>] = []

    package init(connection: SQLiteConnection) { self.connection = connection }

    /// Returns once `row` is in the file (with the rows written alongside it).
    package func insert(_ row: Row) async throws {
        try await withCheckedThrowingContinuation { (written: CheckedContinuation<Void, any Error>) in
            pending.append((row, written))
            if !writing {
                writing = true
                Task { await self.writePending() }
            }
        }
    }

    private func writePending() async {
        while !pending.isEmpty {
            let batch = Array(pending.prefix(Self.maxRows))
            pending.removeFirst(batch.count)
            do {
                try await write(batch.map(\.row))
                for entry in batch { entry.written.resume() }
            } catch  where batch.count > 1 {
                // One bad row must not fail the others: each is written alone, and fails alone.
                for entry in batch {
                    do {
                        try await write([entry.row])
                        entry.written.resume()
                    } catch {
                        entry.written.resume(throwing: error)
                    }
                }
            } catch {
                for entry in batch { entry.written.resume(throwing: error) }
            }
        }
        writing = false
        for waiter in waiting { waiter.resume() }
        waiting = []
    }

    /// Returns once every row handed over so far is written (or has failed).
    package func finish() async {
        guard writing else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func write(_ rows: [Row]) async throws {
        let values = Array(repeating: "(?, ?, ?, 0)", count: rows.count).joined(separator: ", ")
        var binds: [SQLiteData] = []
        binds.reserveCapacity(rows.count * 3)
        for row in rows { binds += [.text(row.id), .blob(ByteBuffer(bytes: row.state)), .float(row.expires)] }
        _ = try await connection.query("INSERT INTO intentparse_sessions (id, state, expires, lease) VALUES \(values)", binds)
    }
}

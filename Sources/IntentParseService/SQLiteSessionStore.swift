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
    private let inserts: StatementBatches<NewRow, Void>
    private let claims: StatementBatches<Claim, LeaseClaim>
    private let writes: StatementBatches<Write, Bool>

    /// Log pages past which a checkpoint also starts the log over (SQLite's own checkpoints
    /// come at 1,000 pages).
    private let restartPages: Int

    /// Opens (creating if need be) the sessions file at `path`; its log is copied back into
    /// it every `checkpointInterval` (`checkpoint`).
    ///
    /// NB: SQLite copies its write-ahead log back into the file (a checkpoint, which syncs the
    /// file to disk) in the connection whose commit made the log long, while that connection
    /// holds its lock: every turn waiting on the connection waited for the disk too (turns
    /// of a quarter second under load). The serving connection never checkpoints; a second
    /// one does, without stopping the first from writing (`PASSIVE`), and starts the log over
    /// when it has grown long.
    package static func open(path: String, checkpointInterval: Duration = .seconds(1), restartPages: Int = 1000) async throws -> SQLiteSessionRows {
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
                    await checkpoint(checkpointer, restarting: connection, restartPages: restartPages)
                }
            }
            return SQLiteSessionRows(
                connection: connection, checkpointer: checkpointer, checkpoints: checkpoints,
                inserts: StatementBatches(key: \.id) { try await insert($0, on: connection) },
                claims: StatementBatches(key: \.id) { try await claim($0, on: connection) },
                writes: StatementBatches(key: \.id) { try await write($0, on: connection) }, restartPages: restartPages)
        } catch {
            throw DiagnosticError([.error(SourceLocation(file: path), "cannot keep sessions in this file: \(error)")])
        }
    }

    /// Copies the log back into the file; when the log has grown past `restartPages`, also
    /// starts it over, empty.
    package func checkpoint() async { await Self.checkpoint(checkpointer, restarting: connection, restartPages: restartPages) }

    /// NB: a `PASSIVE` checkpoint copies what it can without waiting, but the log only starts
    /// over when a write begins after a checkpoint that copied all of it, which a steady flow of
    /// writes never leaves time for: under load the log file grew by gigabytes (and its index,
    /// mapped into memory, by megabytes) and never shrank. Past `restartPages`, the serving
    /// connection itself (`restarting`) copies the little the passive checkpoint left and
    /// empties the log (`TRUNCATE`), between two of its statements. From the second connection,
    /// the same checkpoint made the writes wait on SQLite's busy handler, which sleeps in steps
    /// of up to 100 ms: a tenth of a second added to one turn in a hundred.
    private static func checkpoint(_ checkpointer: SQLiteConnection, restarting connection: SQLiteConnection, restartPages: Int) async {
        guard let rows = try? await checkpointer.query("PRAGMA wal_checkpoint(PASSIVE)"),
            let pages = rows.first?.column("log")?.integer, pages >= restartPages
        else { return }
        _ = try? await connection.query("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// NB: the statements of turns that run at once are made together: the rows that arrive
    /// while a statement is under way go into the next one, one statement and one commit for
    /// all (`StatementBatches`). One at a time, the commits queued on the connection were most
    /// of a turn's wait.
    package func insert(_ id: String, state: [UInt8], ttl: Double) async throws {
        try await inserts.submit(NewRow(id: id, state: state, expires: Self.now + ttl))
    }

    package func claim(_ id: String, leaseDuration: Double) async throws -> LeaseClaim {
        try await claims.submit(Claim(id: id, leaseDuration: leaseDuration))
    }

    package func write(_ id: String, state: [UInt8], ttl: Double, lease: Double) async throws -> Bool {
        try await writes.submit(Write(id: id, state: state, expires: Self.now + ttl, lease: lease))
    }

    /// A new session's row.
    package struct NewRow: Sendable {
        package var id: String
        var state: [UInt8]
        var expires: Double

        package init(id: String, state: [UInt8], expires: Double) {
            self.id = id
            self.state = state
            self.expires = expires
        }
    }

    struct Claim: Sendable {
        var id: String
        var leaseDuration: Double
    }

    struct Write: Sendable {
        var id: String
        var state: [UInt8]
        var expires: Double
        var lease: Double
    }

    /// The rows, in one `INSERT`.
    package static func insert(_ rows: [NewRow], on connection: SQLiteConnection) async throws -> [Void] {
        var binds: [SQLiteData] = []
        binds.reserveCapacity(rows.count * 3)
        for row in rows { binds += [.text(row.id), .blob(ByteBuffer(bytes: row.state)), .float(row.expires)] }
        _ = try await connection.query(
            "INSERT INTO intentparse_sessions (id, state, expires, lease) VALUES \(placeholders(rows.count, "(?, ?, ?, 0)"))", binds)
        return Array(repeating: (), count: rows.count)
    }

    /// The leases, in one `UPDATE` (each session's own lease runs out at the same time, the
    /// longest the claims ask for); those it did not take are told apart, held or absent, in
    /// one `SELECT`.
    static func claim(_ claims: [Claim], on connection: SQLiteConnection) async throws -> [LeaseClaim] {
        let now = Self.now
        let ids = claims.map { SQLiteData.text($0.id) }
        let lease = now + (claims.map(\.leaseDuration).max() ?? 0)
        let claimed = try await connection.query(
            "UPDATE intentparse_sessions SET lease = ? WHERE id IN (\(placeholders(claims.count, "?"))) AND expires > ? AND lease < ? RETURNING id, state",
            [.float(lease)] + ids + [.float(now), .float(now)])
        var states: [String: [UInt8]?] = [:]
        for row in claimed {
            guard let id = row.column("id")?.string else { continue }
            if case .blob(let buffer) = row.column("state") ?? .null { states[id] = Array(buffer.readableBytesView) } else { states[id] = .some(nil) }
        }
        let missing = claims.map(\.id).filter { states[$0] == nil }
        var live: Set<String> = []
        if !missing.isEmpty {
            let rows = try await connection.query(
                "SELECT id FROM intentparse_sessions WHERE id IN (\(placeholders(missing.count, "?"))) AND expires > ?",
                missing.map { .text($0) } + [.float(now)])
            live = Set(rows.compactMap { $0.column("id")?.string })
        }
        return claims.map { claim in
            switch states[claim.id] {
            case .some(.some(let state)): return .claimed(state: state, lease: lease)
            case .some(.none): return .absent
            case .none: return live.contains(claim.id) ? .held : .absent
            }
        }
    }

    /// The states, in one `UPDATE`, each only while its turn's lease still holds.
    static func write(_ writes: [Write], on connection: SQLiteConnection) async throws -> [Bool] {
        var binds: [SQLiteData] = []
        binds.reserveCapacity(writes.count * 4)
        for write in writes { binds += [.text(write.id), .blob(ByteBuffer(bytes: write.state)), .float(write.expires), .float(write.lease)] }
        let written = try await connection.query(
            """
            UPDATE intentparse_sessions SET state = v.column2, expires = v.column3, lease = 0
            FROM (VALUES \(placeholders(writes.count, "(?, ?, ?, ?)"))) AS v
            WHERE intentparse_sessions.id = v.column1 AND intentparse_sessions.lease = v.column4
            RETURNING intentparse_sessions.id
            """, binds)
        let ids = Set(written.compactMap { $0.column("id")?.string })
        return writes.map { ids.contains($0.id) }
    }

    /// `count` copies of `item`, comma-separated.
    private static func placeholders(_ count: Int, _ item: String) -> String {
        Array(repeating: item, count: count).joined(separator: ", ")
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

    /// Closes the file once the statements handed over are made, its log copied back into it
    /// first.
    ///
    /// NB: the last checkpoint runs here, not in the cancelled task: SQLiteNIO's calls give up
    /// at once in a cancelled task, and a connection left open trips its check when freed.
    package func close() async throws {
        await inserts.finish()
        await claims.finish()
        await writes.finish()
        checkpoints.cancel()
        await checkpoints.value
        _ = try? await checkpointer.query("PRAGMA wal_checkpoint(TRUNCATE)")
        try await checkpointer.close()
        try await connection.close()
    }

    /// Seconds since 1970: the clock every process sharing the file reads alike.
    private static var now: Double { Date().timeIntervalSince1970 }
}

/// Items on their way into one statement: a statement takes every item that arrived before it
/// started (at most `maxItems`, and no two with the same key), and items that arrive meanwhile
/// wait for the next. With one request at a time, each item goes alone, at once. A statement
/// that fails for several items is made again for each alone, so that one bad item fails alone.
package actor StatementBatches<Item: Sendable, Outcome: Sendable> {
    /// Items per statement at most (SQLite allows 32,766 parameters; items take up to four).
    static var maxItems: Int { 500 }

    private let key: @Sendable (Item) -> String
    /// Makes the statement for a batch: an outcome per item, in order.
    private let statement: @Sendable ([Item]) async throws -> [Outcome]
    private var pending: [(item: Item, done: CheckedContinuation<Outcome, any Error>)] = []
    private var working = false
    /// Those waiting for the statements under way to be made (`finish`).
    private var waiting: [CheckedContinuation<Void, Never>] = []

    package init(key: @escaping @Sendable (Item) -> String, statement: @escaping @Sendable ([Item]) async throws -> [Outcome]) {
        self.key = key
        self.statement = statement
    }

    /// Returns `item`'s outcome once its statement is made (with the items made alongside it).
    package func submit(_ item: Item) async throws -> Outcome {
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Outcome, any Error>) in
            pending.append((item, done))
            if !working {
                working = true
                Task { await self.work() }
            }
        }
    }

    private func work() async {
        while !pending.isEmpty {
            let batch = nextBatch()
            do {
                let outcomes = try await statement(batch.map(\.item))
                guard outcomes.count == batch.count else { throw BatchMismatch() }
                for (entry, outcome) in zip(batch, outcomes) { entry.done.resume(returning: outcome) }
            } catch  where batch.count > 1 {
                for entry in batch {
                    do {
                        let outcome = try await statement([entry.item])
                        guard let first = outcome.first else { throw BatchMismatch() }
                        entry.done.resume(returning: first)
                    } catch {
                        entry.done.resume(throwing: error)
                    }
                }
            } catch {
                for entry in batch { entry.done.resume(throwing: error) }
            }
        }
        working = false
        for waiter in waiting { waiter.resume() }
        waiting = []
    }

    /// The next statement's items, taken out of `pending` in order; an item whose key is
    /// already in it waits for the one after.
    private func nextBatch() -> [(item: Item, done: CheckedContinuation<Outcome, any Error>)] {
        var batch: [(item: Item, done: CheckedContinuation<Outcome, any Error>)] = []
        var keys: Set<String> = []
        var left: [(item: Item, done: CheckedContinuation<Outcome, any Error>)] = []
        for entry in pending {
            if batch.count < Self.maxItems, keys.insert(key(entry.item)).inserted {
                batch.append(entry)
            } else {
                left.append(entry)
            }
        }
        pending = left
        return batch
    }

    /// Returns once every item handed over so far has its outcome.
    package func finish() async {
        guard working else { return }
        await withCheckedContinuation { waiting.append($0) }
    }
}

/// A statement gave a batch another number of outcomes than it has items.
private struct BatchMismatch: Error {}

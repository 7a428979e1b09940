import Foundation
import IntentParse
import IntentParseService
import IntentParseTestSupport
import SQLiteNIO
import Testing

/// Where stores that share sessions keep them: a SQLite file, a PostgreSQL database.
protocol SharedSessions: Sendable {
    func open(ttl: Duration, lease: Duration) async throws -> any SessionStore
    /// Writes a lease on session `id` that runs out `seconds` from now, as a process that died
    /// in a turn leaves it; returns when it runs out (seconds since 1970).
    func leave(leaseOn id: String, for seconds: Double) async throws -> Double
}

struct SQLiteSessions: SharedSessions {
    let path: String

    func open(ttl: Duration, lease: Duration) async throws -> any SessionStore {
        SQLiteSessionStore(rows: try await SQLiteSessionRows.open(path: path), ttl: ttl, leaseDuration: lease)
    }

    func leave(leaseOn id: String, for seconds: Double) async throws -> Double {
        let other = try await SQLiteConnection.open(storage: .file(path: path))
        let until = Date().timeIntervalSince1970 + seconds
        _ = try await other.query("UPDATE intentparse_sessions SET lease = ? WHERE id = ?", [.float(until), .text(id)])
        try await other.close()
        return until
    }
}

struct PostgresSessions: SharedSessions {
    let server: PostgresServer

    func open(ttl: Duration, lease: Duration) async throws -> any SessionStore {
        // NB: a generous time to make the table: the whole suite's tests keep the few threads of
        // the concurrency pool busy, and the client's work waits for them.
        PostgresSessionStore(rows: try await PostgresSessionRows.open(url: server.url, timeout: 120), ttl: ttl, leaseDuration: lease)
    }

    func leave(leaseOn id: String, for seconds: Double) async throws -> Double {
        let until = try await server.sql(
            "UPDATE intentparse_sessions SET lease = extract(epoch FROM clock_timestamp()) + \(seconds) WHERE id = '\(id)' RETURNING lease")
        return Double(until) ?? 0
    }
}

/// What every shared store must do: one turn at a time across stores, sessions kept across a
/// restart, forgotten after their time to live, leases that run out and leases that are lost.
enum SessionStoreContract {
    static func open(_ place: some SharedSessions, ttl: Duration = .seconds(3600), lease: Duration = .seconds(3600)) async throws -> any SessionStore
    {
        try await place.open(ttl: ttl, lease: lease)
    }

    /// A turn that reads the count, lets others run, and writes it back plus one: turns that
    /// overlap lose counts.
    static let increment: @Sendable (inout DialogueSession) async -> DialogueTurn = { session in
        let seen = session.turns
        await Task.yield()
        try? await Task.sleep(for: .microseconds(200))
        session.turns = seen + 1
        return DialogueTurn(state: .done, prompt: "")
    }

    static func count(_ store: any SessionStore, _ id: String) async throws -> Int {
        let (_, turn) = try await store.turn(id) { session in
            session.turns -= 0
            return DialogueTurn(state: .done, prompt: "\(session.turns)")
        }
        return Int(turn.prompt) ?? -1
    }

    static func sharesSessionsOneTurnAtATime(_ place: some SharedSessions) async throws {
        let first = try await open(place), second = try await open(place)
        let (id, _) = try await first.turn(nil) { session in
            session.turns = 0
            return DialogueTurn(state: .done, prompt: "")
        }
        // Two stores (as two processes would) race on one session, 40 turns each.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<80 {
                let store = index.isMultiple(of: 2) ? first : second
                group.addTask { _ = try await store.turn(id, increment) }
            }
            try await group.waitForAll()
        }
        #expect(try await count(second, id) == 80)
        try await first.close()
        try await second.close()
    }

    /// Many conversations started at once (whose rows a store may write together) are each
    /// kept, under ids of their own, and each goes on where it left off.
    static func startsManySessionsAtOnce(_ place: some SharedSessions) async throws {
        let store = try await open(place)
        let ids = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<200 {
                group.addTask {
                    try await store.turn(nil) { session in
                        session.turns = index
                        return DialogueTurn(state: .done, prompt: "")
                    }.id
                }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(ids).count == 200)
        #expect(try await store.count() == 200)
        // Their next turns at once too (leases taken and states written together).
        let seen = try await withThrowingTaskGroup(of: Int.self) { group in
            for id in ids { group.addTask { try await count(store, id) } }
            return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(seen == Set(0..<200))
        for id in ids.prefix(5) { #expect(try await count(store, id) >= 0) }
        try await store.close()
    }

    static func keepsSessionsAcrossARestart(_ place: some SharedSessions) async throws {
        let before = try await open(place)
        let (id, _) = try await before.turn(nil, increment)
        _ = try await before.turn(id, increment)
        try await before.close()
        let after = try await open(place)
        #expect(try await count(after, id) == 2)
        #expect(try await after.count() == 1)
        #expect(try await after.remove(id))
        #expect(try await after.remove(id) == false)
        await #expect(throws: SessionProblem.notFound(id)) { _ = try await after.turn(id, increment) }
        try await after.close()
    }

    static func forgetsASessionAfterItsTimeToLive(_ place: some SharedSessions) async throws {
        let store = try await open(place, ttl: .milliseconds(300))
        let (id, _) = try await store.turn(nil, increment)
        try await Task.sleep(for: .milliseconds(500))
        await #expect(throws: SessionProblem.notFound(id)) { _ = try await store.turn(id, increment) }
        let never = SessionID.make()
        await #expect(throws: SessionProblem.notFound(never)) { _ = try await store.turn(never, increment) }
        try await store.close()
    }

    /// A process that died in a turn leaves its lease in the row; the next turn waits for it
    /// to run out, then takes the session.
    static func takesASessionWhoseLeaseRanOut(_ place: some SharedSessions) async throws {
        let store = try await open(place)
        let (id, _) = try await store.turn(nil, increment)
        let until = try await place.leave(leaseOn: id, for: 1)
        _ = try await store.turn(id, increment)
        // The server's clock is this machine's: the turn ended after the lease did.
        #expect(Date().timeIntervalSince1970 >= until - 0.05, "the turn took the session while another held it")
        #expect(try await count(store, id) == 2)
        try await store.close()
    }

    /// A turn that outlasts its lease, while another process takes the session and writes it,
    /// is not written over what that process wrote.
    static func keepsNothingOfATurnThatOutlastedItsLease(_ place: some SharedSessions) async throws {
        let slow = try await open(place, lease: .milliseconds(100)), other = try await open(place)
        let (id, _) = try await slow.turn(nil, increment)
        await #expect(throws: SessionProblem.leaseLost(id)) {
            _ = try await slow.turn(id) { session in
                // Past this turn's lease, another process takes the session and writes it.
                try? await Task.sleep(for: .milliseconds(150))
                _ = try? await other.turn(id, increment)
                session.turns = 1000
                return DialogueTurn(state: .done, prompt: "")
            }
        }
        #expect(try await count(other, id) == 2)
        try await slow.close()
        try await other.close()
    }
}

/// Counts calls from concurrent tasks.
actor Counter {
    private(set) var value = 0
    func add() { value += 1 }
}

/// Sessions in a SQLite file.
@Suite struct SQLiteSessionStoreTests {
    static func withFile<T>(_ body: (SQLiteSessions) async throws -> T) async throws -> T {
        let folder = try CLI.temporaryFolder()
        defer { CLI.remove(folder) }
        return try await body(SQLiteSessions(path: folder.appendingPathComponent("sessions.sqlite").path))
    }

    @Test func sharesSessionsBetweenStoresOnOneFileOneTurnAtATime() async throws {
        try await Self.withFile(SessionStoreContract.sharesSessionsOneTurnAtATime)
    }

    @Test func keepsSessionsAcrossARestart() async throws { try await Self.withFile(SessionStoreContract.keepsSessionsAcrossARestart) }

    @Test func startsManySessionsAtOnce() async throws { try await Self.withFile(SessionStoreContract.startsManySessionsAtOnce) }

    /// New sessions' rows go into the file together; a row that cannot be written (its id is
    /// already there) fails alone, and the rows written with it are kept.
    @Test func writesNewSessionsTogetherAndFailsABadRowAlone() async throws {
        try await Self.withFile { place in
            let rows = try await SQLiteSessionRows.open(path: place.path)
            let connection = try await SQLiteConnection.open(storage: .file(path: place.path))
            let statements = Counter()
            let inserts = StatementBatches<SQLiteSessionRows.NewRow, Void>(key: \.id) {
                await statements.add()
                return try await SQLiteSessionRows.insert($0, on: connection)
            }
            let expires = Date().timeIntervalSince1970 + 3600
            func submitAtOnce(_ ids: [String]) async -> [String] {
                await withTaskGroup(of: String?.self) { group in
                    for id in ids {
                        group.addTask {
                            do {
                                try await inserts.submit(SQLiteSessionRows.NewRow(id: id, state: Array("{}".utf8), expires: expires))
                                return nil
                            } catch {
                                return id
                            }
                        }
                    }
                    return await group.reduce(into: [String]()) { if let id = $1 { $0.append(id) } }
                }
            }
            // Forty at once: fewer statements than rows (some went in together), all kept.
            #expect(await submitAtOnce((0..<40).map { "row-\($0)" }).isEmpty)
            #expect(await statements.value < 40)
            #expect(try await rows.count() == 40)
            // Twenty more at once, and one whose id is there already: it alone fails.
            #expect(await submitAtOnce((40..<60).map { "row-\($0)" } + ["row-7"]) == ["row-7"])
            #expect(try await rows.count() == 60)
            await inserts.finish()
            try await connection.close()
            try await rows.close()
        }
    }

    @Test func forgetsASessionAfterItsTimeToLive() async throws { try await Self.withFile(SessionStoreContract.forgetsASessionAfterItsTimeToLive) }

    @Test func takesASessionWhoseLeaseRanOut() async throws { try await Self.withFile(SessionStoreContract.takesASessionWhoseLeaseRanOut) }

    @Test func keepsNothingOfATurnThatOutlastedItsLease() async throws {
        try await Self.withFile(SessionStoreContract.keepsNothingOfATurnThatOutlastedItsLease)
    }

    /// The log of writes is copied back into the file and, once long, started over: it does not
    /// grow for as long as the service writes (a passive checkpoint alone never emptied it).
    @Test func startsTheLogOverOnceItIsLong() async throws {
        try await Self.withFile { place in
            let rows = try await SQLiteSessionRows.open(path: place.path, checkpointInterval: .seconds(3600), restartPages: 100)
            let log = place.path + "-wal"
            func logSize() throws -> Int { (try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? -1 }
            // One row a commit: a page or two of log each.
            for index in 0..<150 { try await rows.insert("session-\(index)", state: Array("{}".utf8), ttl: 3600) }
            #expect(try logSize() > 100 * 4096)
            await rows.checkpoint()
            #expect(try logSize() == 0)
            #expect(try await rows.count() == 150)
            // A short log is copied back, and kept.
            for index in 150..<160 { try await rows.insert("session-\(index)", state: Array("{}".utf8), ttl: 3600) }
            await rows.checkpoint()
            #expect(try logSize() > 0)
            try await rows.close()
        }
    }

    @Test func refusesAFileItCannotOpen() async throws {
        await #expect(throws: (any Error).self) {
            _ = try await SQLiteSessionRows.open(path: "/nonexistent-folder/sessions.sqlite")
        }
    }
}

/// Sessions in a PostgreSQL database: a server of the test's own (`PostgresServer`), one test
/// at a time (each starts a server).
@Suite(
    .serialized,
    .enabled(if: PostgresServer.isAvailable, "needs PostgreSQL (apt-get install postgresql; README, Set up, run, test)"))
struct PostgresSessionStoreTests {
    static func withDatabase<T>(_ body: (PostgresSessions) async throws -> T) async throws -> T {
        try await PostgresServer.with { try await body(PostgresSessions(server: $0)) }
    }

    @Test func sharesSessionsBetweenStoresOneTurnAtATime() async throws {
        try await Self.withDatabase(SessionStoreContract.sharesSessionsOneTurnAtATime)
    }

    @Test func keepsSessionsAcrossARestart() async throws { try await Self.withDatabase(SessionStoreContract.keepsSessionsAcrossARestart) }

    @Test func startsManySessionsAtOnce() async throws { try await Self.withDatabase(SessionStoreContract.startsManySessionsAtOnce) }

    @Test func forgetsASessionAfterItsTimeToLive() async throws {
        try await Self.withDatabase(SessionStoreContract.forgetsASessionAfterItsTimeToLive)
    }

    @Test func takesASessionWhoseLeaseRanOut() async throws { try await Self.withDatabase(SessionStoreContract.takesASessionWhoseLeaseRanOut) }

    @Test func keepsNothingOfATurnThatOutlastedItsLease() async throws {
        try await Self.withDatabase(SessionStoreContract.keepsNothingOfATurnThatOutlastedItsLease)
    }
}

/// `--sessions postgres://…` addresses, read as libpq reads them; problems named before serving.
@Suite struct PostgresURLTests {
    @Test(arguments: [
        ("postgres://intentparse@127.0.0.1:1/postgres", "cannot keep sessions in this database"),
        ("postgres://127.0.0.1/postgres", "the address names no user"),
        ("postgres://u@127.0.0.1/db?sslmode=maybe", "sslmode takes disable, prefer or require, not 'maybe'"),
        ("postgres://u@127.0.0.1/db?timeout=3", "unknown parameter 'timeout'"),
        ("postgres://u@127.0.0.1/db?host=db.example", "host= takes the folder of a Unix socket (/var/run/postgresql), not 'db.example'")
    ])
    func refusesADatabaseItCannotUse(url: String, message: String) async throws {
        do {
            _ = try await PostgresSessionRows.open(url: url)
            Issue.record("opened \(url)")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }

    @Test func leavesThePasswordOutOfMessages() {
        #expect(PostgresURL.redacted("postgres://me:s3cret@db.example:5432/app") == "postgres://me:***@db.example:5432/app")
        #expect(PostgresURL.redacted("postgres://me@db.example/app") == "postgres://me@db.example/app")
    }
}

import Foundation
import IntentParse
import IntentParseService
import IntentParseTestSupport
import SQLiteNIO
import Testing

/// Sessions in a SQLite file: one turn at a time, across stores that share the file, kept
/// across a restart, forgotten after their time to live.
@Suite struct SQLiteSessionStoreTests {
    static func withFile<T>(_ body: (String) async throws -> T) async throws -> T {
        let folder = try CLI.temporaryFolder()
        defer { CLI.remove(folder) }
        return try await body(folder.appendingPathComponent("sessions.sqlite").path)
    }

    static func open(_ path: String, ttl: Duration = .seconds(3600), lease: Duration = .seconds(3600)) async throws -> SQLiteSessionStore {
        try await SQLiteSessionStore.open(path: path, ttl: ttl, leaseDuration: lease)
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

    static func count(_ store: SQLiteSessionStore, _ id: String) async throws -> Int {
        let (_, turn) = try await store.turn(id) { session in
            session.turns -= 0
            return DialogueTurn(state: .done, prompt: "\(session.turns)")
        }
        return Int(turn.prompt) ?? -1
    }

    @Test func sharesSessionsBetweenStoresOnOneFileOneTurnAtATime() async throws {
        try await Self.withFile { path in
            let first = try await Self.open(path), second = try await Self.open(path)
            let (id, _) = try await first.turn(nil) { session in
                session.turns = 0
                return DialogueTurn(state: .done, prompt: "")
            }
            // Two stores (as two processes would) race on one session, 40 turns each.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<80 {
                    let store = index.isMultiple(of: 2) ? first : second
                    group.addTask { _ = try await store.turn(id, Self.increment) }
                }
                try await group.waitForAll()
            }
            #expect(try await Self.count(second, id) == 80)
            try await first.close()
            try await second.close()
        }
    }

    @Test func keepsSessionsAcrossARestart() async throws {
        try await Self.withFile { path in
            let before = try await Self.open(path)
            let (id, _) = try await before.turn(nil, Self.increment)
            _ = try await before.turn(id, Self.increment)
            try await before.close()
            let after = try await Self.open(path)
            #expect(try await Self.count(after, id) == 2)
            #expect(try await after.count() == 1)
            #expect(try await after.remove(id))
            #expect(try await after.remove(id) == false)
            await #expect(throws: SessionProblem.notFound(id)) { _ = try await after.turn(id, Self.increment) }
            try await after.close()
        }
    }

    @Test func forgetsASessionAfterItsTimeToLive() async throws {
        try await Self.withFile { path in
            let store = try await Self.open(path, ttl: .milliseconds(300))
            let (id, _) = try await store.turn(nil, Self.increment)
            try await Task.sleep(for: .milliseconds(500))
            await #expect(throws: SessionProblem.notFound(id)) { _ = try await store.turn(id, Self.increment) }
            let never = SessionID.make()
            await #expect(throws: SessionProblem.notFound(never)) { _ = try await store.turn(never, Self.increment) }
            try await store.close()
        }
    }

    /// A process that died in a turn leaves its lease in the row; the next turn waits for it
    /// to run out, then takes the session.
    @Test func takesASessionWhoseLeaseRanOut() async throws {
        try await Self.withFile { path in
            let store = try await Self.open(path)
            let (id, _) = try await store.turn(nil, Self.increment)
            let other = try await SQLiteConnection.open(storage: .file(path: path))
            let until = Date().timeIntervalSince1970 + 0.4
            _ = try await other.query("UPDATE intentparse_sessions SET lease = ? WHERE id = ?", [.float(until), .text(id)])
            let start = ContinuousClock.now
            _ = try await store.turn(id, Self.increment)
            #expect(ContinuousClock.now - start >= .milliseconds(300))
            #expect(try await Self.count(store, id) == 2)
            try await other.close()
            try await store.close()
        }
    }

    /// A turn that outlasts its lease, while another process takes the session and writes it,
    /// is not written over what that process wrote.
    @Test func keepsNothingOfATurnThatOutlastedItsLease() async throws {
        try await Self.withFile { path in
            let slow = try await Self.open(path, lease: .milliseconds(100)), other = try await Self.open(path)
            let (id, _) = try await slow.turn(nil, Self.increment)
            await #expect(throws: SessionProblem.leaseLost(id)) {
                _ = try await slow.turn(id) { session in
                    // Past this turn's lease, another process takes the session and writes it.
                    try? await Task.sleep(for: .milliseconds(150))
                    _ = try? await other.turn(id, Self.increment)
                    session.turns = 1000
                    return DialogueTurn(state: .done, prompt: "")
                }
            }
            #expect(try await Self.count(other, id) == 2)
            try await slow.close()
            try await other.close()
        }
    }

    @Test func refusesAFileItCannotOpen() async throws {
        await #expect(throws: (any Error).self) { _ = try await Self.open("/nonexistent-folder/sessions.sqlite") }
    }
}

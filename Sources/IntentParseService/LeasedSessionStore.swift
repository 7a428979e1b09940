import Foundation
import IntentParseBase
import IntentParseDialogue

/// A table of sessions that several processes may share (a SQLite file, a PostgreSQL
/// database): one row per session, with its state, when it expires and the lease a turn
/// holds on it. Each call is one statement; the rows keep their own clock (the one every
/// process sharing them reads alike), in seconds.
package protocol SessionRows: Sendable {
    /// Adds session `id`, with no lease on it (its first turn is over).
    func insert(_ id: String, state: [UInt8], ttl: Double) async throws

    /// Takes the lease on session `id` when it is live and no lease on it runs.
    func claim(_ id: String, leaseDuration: Double) async throws -> LeaseClaim

    /// Writes the state of session `id` and clears its lease, only while `lease` is still its
    /// lease; false when it is not (the turn outlasted it and another may have taken the row).
    func write(_ id: String, state: [UInt8], ttl: Double, lease: Double) async throws -> Bool

    /// Deletes session `id`; false when no live session had that id.
    func delete(_ id: String) async throws -> Bool

    /// How many live sessions there are.
    func count() async throws -> Int

    /// Deletes the expired sessions that no lease holds.
    func sweep() async throws

    /// Lets go of the file or the connections.
    func close() async throws
}

/// What `SessionRows.claim` found.
package enum LeaseClaim: Sendable {
    /// The lease is this turn's: the session's state, and the lease.
    case claimed(state: [UInt8], lease: Double)
    /// Another turn holds it (in another process): wait and claim again.
    case held
    /// No live session has the id.
    case absent
}

/// Sessions kept in `SessionRows` that processes share: turns of one session are taken one at
/// a time across all of them.
///
/// A turn holds its session by a lease written in its row: it claims the row only when no
/// lease on it runs, runs the turn outside any transaction, then writes the new state and
/// clears the lease in one statement. A process that finds the row leased waits and claims it
/// again; a lease left by a process that died runs out by itself (`leaseDuration`). Within one
/// process, turns of a session also queue in memory, so that they do not poll the rows.
package actor LeasedSessionStore<Rows: SessionRows>: SessionStore, TurnQueueing {
    private let rows: Rows
    private let ttl: Double
    private let leaseDuration: Double
    var queues = TurnQueues()
    private var nextSweep = ContinuousClock.now

    /// `leaseDuration`: the longest a turn may hold a session (longer than the handlers' time
    /// limits together).
    package init(rows: Rows, ttl: Duration, leaseDuration: Duration) {
        self.rows = rows
        self.ttl = ttl.seconds
        self.leaseDuration = leaseDuration.seconds
    }

    /// NB: nonisolated: the session's state is encoded and decoded, and its row read and
    /// written, on the turn's own task; only the queue of turns per session and the sweep's
    /// schedule are the actor's. Isolated, every turn's encoding ran one after another.
    package nonisolated func turn(
        _ id: String?, _ body: @escaping @Sendable (inout DialogueSession) async -> DialogueTurn
    ) async throws -> (id: String, turn: DialogueTurn) {
        if await sweepDue() { try await rows.sweep() }
        guard let id else {
            // A new session's id is made here and told only with this turn's answer: no other
            // turn can ask for it before its row is written, so the turn neither queues nor
            // leases it, and its row is written once, at the end.
            let id = SessionID.make()
            var session = DialogueSession()
            let turn = await body(&session)
            try await rows.insert(id, state: LeasedSessionStore.encode(session), ttl: ttl)
            return (id, turn)
        }
        await acquire(id)
        do {
            var (session, lease) = try await claim(id)
            let turn = await body(&session)
            // Written only while this turn's lease still holds: a turn that outlasted it (and whose
            // session another turn may have taken since) must not overwrite what that turn wrote.
            guard try await rows.write(id, state: LeasedSessionStore.encode(session), ttl: ttl, lease: lease) else {
                throw SessionProblem.leaseLost(id)
            }
            await release(id)
            return (id, turn)
        } catch {
            await release(id)
            throw error
        }
    }

    package func remove(_ id: String) async throws -> Bool { try await rows.delete(id) }

    package func count() async throws -> Int { try await rows.count() }

    package func close() async throws { try await rows.close() }

    /// Takes the lease on session `id` and reads it; waits while another process holds it.
    private nonisolated func claim(_ id: String) async throws -> (DialogueSession, Double) {
        var wait = Duration.milliseconds(2)
        while true {
            switch try await rows.claim(id, leaseDuration: leaseDuration) {
            case .claimed(let state, let lease):
                // A row this store cannot read is no session it can continue. (Read by hand;
                // `JSONDecoder` only for what that reading does not take.)
                guard let session = DialogueSession(json: state) ?? (try? JSONDecoder().decode(DialogueSession.self, from: Data(state))) else {
                    throw SessionProblem.notFound(id)
                }
                return (session, lease)
            case .absent:
                throw SessionProblem.notFound(id)
            case .held:
                // Leased by another process: wait for its turn to end (or its lease to run out).
                try await Task.sleep(for: wait)
                wait = min(wait * 2, .milliseconds(100))
            }
        }
    }

    /// Whether expired sessions are to be deleted now: at most ten times per time-to-live,
    /// by the first turn that asks once it is time.
    private func sweepDue() -> Bool {
        let now = ContinuousClock.now
        guard now >= nextSweep else { return false }
        nextSweep = now + .seconds(ttl / 10)
        return true
    }

    private func release(_ id: String) { queues.release(id) }

    /// A session's state as its row keeps it: the JSON of its `Codable` form, read back with
    /// `JSONDecoder` (`claim`).
    private static func encode(_ session: DialogueSession) -> [UInt8] { session.json }
}

import Foundation
import IntentParseDialogue

/// Where the service keeps conversations between turns.
///
/// A store runs each turn of a session alone: two requests for one session never read the same
/// state (no turn lost, none taken twice); turns of different sessions run side by side.
package protocol SessionStore: Sendable {
    /// Runs one turn of session `id` (nil: a new session, whose id is made here), serialized with
    /// every other turn of that session: reads it, lets `body` advance it, keeps it. Throws
    /// `SessionProblem.notFound` for an id this store does not hold (never given, deleted or
    /// expired).
    func turn(
        _ id: String?, _ body: @escaping @Sendable (inout DialogueSession) async -> DialogueTurn
    ) async throws -> (id: String, turn: DialogueTurn)

    /// Forgets session `id`; false when there was none.
    func remove(_ id: String) async throws -> Bool

    /// How many sessions are kept (expired ones not yet swept may count).
    func count() async throws -> Int

    /// Lets go of what the store holds open (a file, connections), after the last turn.
    func close() async throws
}

extension SessionStore {
    package func close() async throws {}
}

package enum SessionProblem: Error, Equatable {
    case notFound(String)
    /// A turn took longer than its hold on the session (a store shared by processes), so what it
    /// made of the session was not kept.
    case leaseLost(String)
}

/// Session ids: 128 random bits from the system's secure generator, as 32 lowercase hex digits.
package enum SessionID {
    package static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64, low = generator.next() as UInt64
        return hex(high) + hex(low)
    }

    package static func isValid(_ id: String) -> Bool {
        id.utf8.count == 32 && id.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// Turns of one session one at a time: a queue of waiters per session id that is in a turn.
/// Not thread-safe on its own: its owner (an actor, `TurnQueueing`) uses it from its isolation.
struct TurnQueues {
    /// A key is present while its session is in a turn; its waiters, first come first served.
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    /// Takes the turn of `id` if none runs; else queues `waiter`, resumed when the turn is its.
    mutating func take(_ id: String, orQueue waiter: CheckedContinuation<Void, Never>) {
        if waiting[id] == nil {
            waiting[id] = []
            waiter.resume()
        } else {
            waiting[id, default: []].append(waiter)
        }
    }

    /// Ends the turn of `id`: the next waiter, if any, takes it.
    mutating func release(_ id: String) {
        guard var queue = waiting[id] else { return }
        if queue.isEmpty {
            waiting[id] = nil
        } else {
            let next = queue.removeFirst()
            waiting[id] = queue
            next.resume()
        }
    }
}

/// A session store that runs the turns of one session one at a time in this process.
protocol TurnQueueing: Actor {
    var queues: TurnQueues { get set }
}

extension TurnQueueing {
    /// Waits until no other turn of `id` runs in this process, and takes the turn (`queues.release` ends it).
    func acquire(_ id: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queues.take(id, orQueue: continuation)
        }
    }
}

/// Sessions in this process's memory, each forgotten `ttl` after its last turn. The default
/// store: nothing survives a restart, and instances do not share it.
package actor MemorySessionStore: SessionStore, TurnQueueing {
    private struct Entry {
        var session: DialogueSession
        var expires: ContinuousClock.Instant
    }

    private var sessions: [String: Entry] = [:]
    var queues = TurnQueues()
    private let ttl: Duration
    private let clock: @Sendable () -> ContinuousClock.Instant
    private var nextSweep: ContinuousClock.Instant

    /// `clock`: the time, for tests that move it.
    package init(ttl: Duration, clock: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.ttl = ttl
        self.clock = clock
        nextSweep = clock() + ttl / 10
    }

    package func turn(
        _ id: String?, _ body: @escaping @Sendable (inout DialogueSession) async -> DialogueTurn
    ) async throws -> (id: String, turn: DialogueTurn) {
        sweepIfDue()
        let given = id
        let id = id ?? SessionID.make()
        if given != nil, live(id) == nil { throw SessionProblem.notFound(id) }
        await acquire(id)
        defer { queues.release(id) }
        var session: DialogueSession
        if given != nil {
            // Deleted or expired while this turn waited for the one before it.
            guard let entry = live(id) else { throw SessionProblem.notFound(id) }
            session = entry.session
        } else {
            session = DialogueSession()
        }
        let turn = await body(&session)
        sessions[id] = Entry(session: session, expires: clock() + ttl)
        return (id, turn)
    }

    package func remove(_ id: String) async throws -> Bool {
        sweepIfDue()
        return sessions.removeValue(forKey: id).map { $0.expires > clock() } ?? false
    }

    package func count() async throws -> Int { sessions.count }

    private func live(_ id: String) -> Entry? {
        guard let entry = sessions[id] else { return nil }
        guard entry.expires > clock() else {
            sessions[id] = nil
            return nil
        }
        return entry
    }

    /// Drops expired sessions, at most ten times per `ttl`.
    private func sweepIfDue() {
        let now = clock()
        guard now >= nextSweep else { return }
        nextSweep = now + ttl / 10
        sessions = sessions.filter { $0.value.expires > now }
    }
}

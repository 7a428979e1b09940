import Foundation
import IntentParseSchema

/// An app's side of SiriKit's lifecycle for one intent: resolve each parameter, confirm the
/// whole request, handle it. Only `handle` is required; the defaults resolve against vocabulary
/// and confirm with `ready`. Library users register one per intent; tests inject fakes.
public protocol IntentHandler: Sendable {
    /// nil: use the default vocabulary resolver.
    func resolve(parameter: String, value: SlotValue?, request: DialogueRequest) async -> ResolutionResult?
    func confirm(_ request: DialogueRequest) async -> IntentResponse
    func handle(_ request: DialogueRequest) async -> IntentResponse
    /// Whether every call answers at once, without waiting on anything (no I/O, no other
    /// task): such a handler is called directly, with no time limit (`handlerTimeout`),
    /// which otherwise costs each call a task that runs it and one that times it.
    var answersAtOnce: Bool { get }
}

extension IntentHandler {
    /// Resolves with the vocabulary resolver.
    public func resolve(parameter: String, value: SlotValue?, request: DialogueRequest) async -> ResolutionResult? { nil }
    /// Confirms with `ready`.
    public func confirm(_ request: DialogueRequest) async -> IntentResponse { IntentResponse(code: .ready) }
    /// False: the engine limits each call to `handlerTimeout`.
    public var answersAtOnce: Bool { false }
}

/// The CLI's handler: every request whose values resolved against vocabulary succeeds; the
/// response sentence comes from the language's `done` templates.
public struct VocabularyBackedHandler: IntentHandler {
    /// The handler.
    public init() {}

    /// Succeeds: the values it gets have already resolved against vocabulary.
    public func handle(_ request: DialogueRequest) async -> IntentResponse {
        IntentResponse(code: .success)
    }

    /// True: it decides from the values it is given.
    public var answersAtOnce: Bool { true }
}

extension IntentHandler {
    /// `body`, a call to this handler, limited to `seconds` (`withTimeLimit`) unless the
    /// handler answers at once.
    func call<T: Sendable>(within seconds: Double, fallback: T, _ body: @escaping @Sendable () async -> T) async -> T {
        answersAtOnce ? await body() : await withTimeLimit(seconds, fallback: fallback, body)
    }
}

/// Runs an async call with a time limit; a call that has not answered by then yields `fallback`.
///
/// NB: the call is not awaited after the limit (a handler that never completes would otherwise
/// hold the conversation forever); its task is cancelled and its late answer ignored. A call
/// that answers in time cancels the timer, so no sleeping task outlives it.
package func withTimeLimit<T: Sendable>(_ seconds: Double, fallback: T, _ body: @escaping @Sendable () async -> T) async -> T {
    let once = Once()
    return await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
        let work = Task { await body() }
        let timer = Task {
            try? await Task.sleep(nanoseconds: nanoseconds(seconds))
            if once.claim() {
                work.cancel()
                continuation.resume(returning: fallback)
            }
        }
        Task {
            let value = await work.value
            // Claimed first: the cancelled timer wakes at once and must find the answer given.
            if once.claim() { continuation.resume(returning: value) }
            timer.cancel()
        }
    }
}

/// `seconds` as a sleep in nanoseconds, without trapping: NaN and negatives are 0, and
/// whatever does not fit in 64 bits (1e11 s, infinity) is the longest sleep there is.
func nanoseconds(_ seconds: Double) -> UInt64 {
    guard seconds > 0 else { return 0 }
    let value = seconds * 1_000_000_000
    return value < 18_446_744_073_709_549_568 ? UInt64(value) : UInt64.max
}

/// A flag that can be claimed once, from any thread.
private final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false

    func claim() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if done { return false }
        done = true
        return true
    }
}

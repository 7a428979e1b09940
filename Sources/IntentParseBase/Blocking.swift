import Dispatch

/// Runs async work from synchronous code (the command line, a fuzz harness) and waits for it.
package enum Blocking {
    private final class Box<T>: @unchecked Sendable { var value: T? }

    package static func run<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.value = await body()
            done.signal()
        }
        done.wait()
        // The task sets the value before it signals: reaching here without one is a bug.
        guard let value = box.value else { preconditionFailure("the task finished without a value") }
        return value
    }
}

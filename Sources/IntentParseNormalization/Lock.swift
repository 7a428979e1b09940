import Foundation

/// A mutual-exclusion lock around ICU handles, which are not thread-safe.
final class Lock: @unchecked Sendable {
    private let lock = NSLock()

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

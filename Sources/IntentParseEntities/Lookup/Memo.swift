import Foundation

/// Answers of a pure function of a string (or other key), shared by concurrent parses: for
/// work that costs far more than a hash (ICU parsing, tokenizing) and is asked again and again
/// with the same few keys ("8pm", "3rd", "pm"). It forgets everything on reaching `capacity`.
package final class Memo<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var known: [Key: Value] = [:]
    private let capacity: Int

    package init(capacity: Int = 4096) { self.capacity = capacity }

    /// The answer kept for `key`, if any.
    package func answer(_ key: Key) -> Value? {
        lock.withLock { known[key] }
    }

    package func keep(_ value: Value, for key: Key) {
        lock.withLock {
            if known.count >= capacity { known.removeAll(keepingCapacity: true) }
            known[key] = value
        }
    }
}

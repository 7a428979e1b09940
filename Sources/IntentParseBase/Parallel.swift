import Foundation

/// Runs independent work on every core.
package enum Parallel {
    /// `transform` of each element, in order, computed concurrently.
    package static func map<Element: Sendable, Result: Sendable>(_ elements: [Element], _ transform: @Sendable (Element) -> Result) -> [Result] {
        guard elements.count > 1 else { return elements.map(transform) }
        let results = Results<Result>(count: elements.count)
        DispatchQueue.concurrentPerform(iterations: elements.count) { index in
            results.set(index, transform(elements[index]))
        }
        return results.values
    }

    private final class Results<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [Value?]

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ value: Value) { lock.withLock { slots[index] = value } }

        var values: [Value] { lock.withLock { slots.compactMap { $0 } } }
    }
}

/// "Did you mean …?" suggestions by edit distance, as compilers give for misspelt names.
package enum Suggestions {
    /// Levenshtein distance between two strings, compared by Unicode scalars.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The edit distance if it is at most `limit`, else nil; stops as soon as every way of
    /// lining the two up already costs more (cheap for strings that differ early).
    ///
    /// NB: only the cells within `limit` of the diagonal are computed (any path through
    /// another costs more than `limit`), and ASCII text is compared by its bytes in place:
    /// this runs against every shortcut phrase of about an utterance's length.
    package static func editDistance(_ a: String, _ b: String, atMost limit: Int) -> Int? {
        guard limit >= 0 else { return nil }
        var a = a, b = b
        let ascii = a.withUTF8 { a in b.withUTF8 { b in a.allSatisfy { $0 < 0x80 } && b.allSatisfy { $0 < 0x80 } } }
        if ascii { return a.withUTF8 { a in b.withUTF8 { b in banded(a, b, limit: limit) } } }
        let scalarsA = Array(a.unicodeScalars), scalarsB = Array(b.unicodeScalars)
        return scalarsA.withUnsafeBufferPointer { a in scalarsB.withUnsafeBufferPointer { b in banded(a, b, limit: limit) } }
    }

    /// `editDistance(_:_:atMost:)` on strings already cut into Unicode scalars.
    package static func editDistance(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>, atMost limit: Int) -> Int? {
        limit >= 0 ? banded(a, b, limit: limit) : nil
    }

    /// Levenshtein distance within a band of `limit` around the diagonal: the distance if it is
    /// at most `limit`, else nil.
    private static func banded<T: Equatable>(_ a: UnsafeBufferPointer<T>, _ b: UnsafeBufferPointer<T>, limit: Int) -> Int? {
        let n = a.count, m = b.count
        guard abs(n - m) <= limit else { return nil }
        if n == 0 || m == 0 { return max(n, m) }
        let beyond = limit + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (m + 1)) { rows -> Int? in
            guard let base = rows.baseAddress else { return nil }
            var previous = base, current = base + (m + 1)
            for j in 0...m { previous[j] = j <= limit ? j : beyond }
            for i in 1...n {
                let low = max(1, i - limit), high = min(m, i + limit)
                current[low - 1] = low == 1 ? min(i, beyond) : beyond
                var rowMinimum = current[low - 1]
                for j in low...high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    // NB: nested two-argument mins; the variadic one allocates its extra arguments.
                    let value = min(min(previous[j - 1] + cost, current[j - 1] + 1), min(previous[j] + 1, beyond))
                    current[j] = value
                    rowMinimum = min(rowMinimum, value)
                }
                // The next row reads one cell further right: beyond the band, it is out of reach.
                if high < m { current[high + 1] = beyond }
                if rowMinimum > limit { return nil }
                swap(&previous, &current)
            }
            return previous[m] <= limit ? previous[m] : nil
        }
    }

    /// The closest candidate within a third of the name's length (case-insensitive), if any.
    package static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        let lowered = name.lowercased()
        let limit = max(1, lowered.count / 3)
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance <= limit, distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// " (did you mean 'x'?)" or an empty string.
    package static func didYouMean(_ name: String, in candidates: some Sequence<String>) -> String {
        guard let match = closest(to: name, in: candidates) else { return "" }
        return " (did you mean '\(match)'?)"
    }
}

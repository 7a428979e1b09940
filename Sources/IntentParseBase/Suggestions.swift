/// "Did you mean …?" suggestions by edit distance, as compilers give for misspelt names.
public enum Suggestions {
    /// Levenshtein distance between two strings, compared by Unicode scalars.
    public static func editDistance(_ a: String, _ b: String) -> Int {
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
    public static func editDistance(_ a: String, _ b: String, atMost limit: Int) -> Int? {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        guard abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }

    /// The closest candidate within a third of the name's length (case-insensitive), if any.
    public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
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
    public static func didYouMean(_ name: String, in candidates: some Sequence<String>) -> String {
        guard let match = closest(to: name, in: candidates) else { return "" }
        return " (did you mean '\(match)'?)"
    }
}

import Testing
import IntentParseBase

/// Edit distances behind "did you mean" and typo-tolerant shortcut phrases.
@Suite struct SuggestionsTests {
    @Test func boundedDistanceAgreesWithTheFullOneWithinTheBound() {
        let words = ["order my usual", "order my usul", "ordr my usual", "order me usual", "", "o", "usual order", "café", "cafe"]
        for a in words {
            for b in words {
                let full = Suggestions.editDistance(a, b)
                for limit in 0...3 {
                    #expect(Suggestions.editDistance(a, b, atMost: limit) == (full <= limit ? full : nil), "\(a) / \(b) / \(limit)")
                }
            }
        }
    }
}

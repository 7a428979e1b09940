import IntentParseBase
import Testing

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

    /// Long strings that differ at either end or throughout, and scalars beyond ASCII: the
    /// banded computation must agree with the full table at every bound.
    @Test func boundedDistanceAgreesOnManyRandomPairs() {
        var generator = SplitMix(seed: 7)
        let alphabets: [[Character]] = [Array("ab"), Array("abcde "), Array("aéüß漢")]
        for round in 0..<400 {
            let alphabet = alphabets[round % alphabets.count]
            func word() -> String {
                String((0..<Int(generator.next() % 14)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            }
            let a = word(), b = Bool.random(using: &generator) ? word() : a + word()
            let full = Suggestions.editDistance(a, b)
            for limit in 0...4 {
                #expect(Suggestions.editDistance(a, b, atMost: limit) == (full <= limit ? full : nil), "\(a) / \(b) / \(limit)")
            }
        }
    }
}

/// A small seeded generator, so that the random cases are the same on every run.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

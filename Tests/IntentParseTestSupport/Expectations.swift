import Foundation
import IntentParse
import IntentParseBase
import IntentParseMatching
import Testing

// Expectations on parse results that report a failure at the caller's line, not here.

/// The best interpretation of `result`; a test failure (with the rejection's reason) when it
/// was rejected.
package func requireBest(_ result: MatchResult, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Interpretation {
    try #require(result.best, "\"\(result.text)\" was rejected: \(result.reason ?? "")", sourceLocation: sourceLocation)
}

/// Expects `result` to be `intent` (nil: rejected), with `spoken` words per parameter when given.
package func expectParse(
    _ result: MatchResult, intent: String?, spoken: [String: [String]] = [:],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    #expect(result.best?.intent == intent, "\"\(result.text)\": \(result.reason ?? "")", sourceLocation: sourceLocation)
    guard let best = result.best else { return }
    for (name, words) in spoken.sorted(by: { $0.key < $1.key }) {
        #expect(best.spoken(name) == words, "\"\(result.text)\": \(name)", sourceLocation: sourceLocation)
    }
}

extension Interpretation {
    /// The words as typed of each value of a parameter (empty when it has none).
    package func spoken(_ name: String) -> [String] { parameter(name)?.values.map(\.spoken) ?? [] }
}

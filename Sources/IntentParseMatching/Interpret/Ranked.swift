import Foundation
import IntentParseBase
import IntentParseEntities
import IntentParseGrammar
import IntentParseNormalization
import IntentParseVocabulary

/// Interpretations taken best first (by weight, then grammar order), one per (intent, app),
/// until enough are kept; so only the few best accepts are ever interpreted.
struct Ranked {
    let keep: Int
    private(set) var interpretations: [Interpretation] = []
    /// The (intent, app identifier) of each kept interpretation.
    private(set) var seen: [(intent: String, app: String?)] = []
    /// The first rejection's reason, and its weight when it came before any accepted reading.
    private(set) var rejection: String?
    private(set) var rejectedAbove: Double?

    init(keep: Int) { self.keep = keep }

    var isFull: Bool { interpretations.count >= keep }

    mutating func add(_ outcome: Interpreter.Outcome, weight: Double) {
        switch outcome {
        case .accepted(let interpretation):
            let key = (intent: interpretation.intent, app: interpretation.app?.identifier)
            if !seen.contains(where: { $0.intent == key.intent && $0.app == key.app }) {
                seen.append(key)
                interpretations.append(interpretation)
            }
        case .rejected(let reason):
            if rejection == nil { rejection = reason }
            if interpretations.isEmpty, rejectedAbove == nil { rejectedAbove = weight }
        case .alreadyKept:
            break
        }
    }
}

import IntentParse

/// Accuracy figures over a corpus run: per intent precision, recall and F1, slot accuracy,
/// confusion pairs, the out-of-scope false-accept rate, and pass rates per locale and tag.
public struct CorpusMetrics: Sendable {
    public struct IntentScore: Sendable {
        public var intent: String
        public var truePositives = 0
        public var falsePositives = 0
        public var falseNegatives = 0

        public var precision: Double { ratio(truePositives, truePositives + falsePositives) }
        public var recall: Double { ratio(truePositives, truePositives + falseNegatives) }
        public var f1: Double { precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0 }
    }

    public struct PassRate: Sendable {
        public var passed = 0
        public var total = 0
        public var rate: Double { ratio(passed, total) }
    }

    public var intents: [IntentScore] = []
    /// (expected, got, count), most frequent first; "null" stands for a rejection.
    public var confusions: [(expected: String, got: String, count: Int)] = []
    /// Parameters right / parameters expected, over cases whose intent was right.
    public var slotsRight = 0
    public var slotsExpected = 0
    /// Out-of-scope sentences wrongly accepted / out-of-scope sentences.
    public var falseAccepts = 0
    public var negatives = 0
    /// In-scope sentences read as their intent (whatever else differed) / in-scope sentences.
    public var inScope = PassRate()
    public var byLocale: [String: PassRate] = [:]
    public var byTag: [String: PassRate] = [:]
    public var sentences = PassRate()
    public var dialogues = PassRate()

    public var slotAccuracy: Double { ratio(slotsRight, slotsExpected) }
    public var falseAcceptRate: Double { ratio(falseAccepts, negatives) }

    public init(cases: [CaseOutcome], dialogues dialogueOutcomes: [DialogueOutcome]) {
        var scores: [String: IntentScore] = [:]
        var confusion: [String: Int] = [:]
        for outcome in cases {
            let expected = outcome.testCase.expectation.intent
            let got = outcome.result.best?.intent
            if expected == got {
                if let expected {
                    scores[expected, default: IntentScore(intent: expected)].truePositives += 1
                    countSlots(outcome)
                }
            } else {
                if let expected { scores[expected, default: IntentScore(intent: expected)].falseNegatives += 1 }
                if let got { scores[got, default: IntentScore(intent: got)].falsePositives += 1 }
                confusion["\(expected ?? "null")\t\(got ?? "null")", default: 0] += 1
            }
            if expected == nil {
                negatives += 1
                if got != nil { falseAccepts += 1 }
            } else {
                inScope.add(expected == got)
            }
            sentences.add(outcome.passed)
            byLocale[outcome.testCase.locale, default: PassRate()].add(outcome.passed)
            for tag in outcome.testCase.tags { byTag[tag, default: PassRate()].add(outcome.passed) }
        }
        for outcome in dialogueOutcomes {
            dialogues.add(outcome.passed)
            byLocale[outcome.dialogue.locale, default: PassRate()].add(outcome.passed)
            for tag in outcome.dialogue.tags { byTag[tag, default: PassRate()].add(outcome.passed) }
        }
        intents = scores.values.sorted { $0.intent < $1.intent }
        confusions = confusion.map { key, count in
            let parts = key.split(separator: "\t").map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "null", count)
        }.sorted { ($0.count, $1.expected, $1.got) > ($1.count, $0.expected, $0.got) }
    }

    private mutating func countSlots(_ outcome: CaseOutcome) {
        guard let best = outcome.result.best else { return }
        for (name, value) in outcome.testCase.expectation.parameters {
            slotsExpected += 1
            if let got = best.parameter(name), CorpusRunner.expectation(of: got) == value { slotsRight += 1 }
        }
    }
}

extension CorpusMetrics.PassRate {
    mutating func add(_ passed: Bool) {
        total += 1
        if passed { self.passed += 1 }
    }
}

private func ratio(_ a: Int, _ b: Int) -> Double { b > 0 ? Double(a) / Double(b) : 0 }

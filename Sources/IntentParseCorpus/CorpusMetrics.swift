import IntentParse

/// Accuracy figures over a corpus run: per intent precision, recall and F1, slot accuracy,
/// confusion pairs, the out-of-scope false-accept rate, and pass rates per locale and tag.
public struct CorpusMetrics: Sendable {
    /// Precision, recall and F1 of one intent over the cases.
    public struct IntentScore: Sendable {
        /// The intent's name.
        public var intent: String
        /// Cases of the intent read as the intent.
        public var truePositives = 0
        /// Cases of another intent (or none) read as the intent.
        public var falsePositives = 0
        /// Cases of the intent read as another intent or rejected.
        public var falseNegatives = 0

        /// True positives / cases read as the intent.
        public var precision: Double { ratio(truePositives, truePositives + falsePositives) }
        /// True positives / cases of the intent.
        public var recall: Double { ratio(truePositives, truePositives + falseNegatives) }
        /// The harmonic mean of precision and recall.
        public var f1: Double { precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0 }
    }

    /// Passed cases out of a total.
    public struct PassRate: Sendable {
        /// Cases that passed.
        public var passed = 0
        /// Cases run.
        public var total = 0
        /// Passed / total (0 when there are none).
        public var rate: Double { ratio(passed, total) }
    }

    /// One score per intent, by name.
    public var intents: [IntentScore] = []
    /// (expected, got, count), most frequent first; "null" stands for a rejection.
    public var confusions: [(expected: String, got: String, count: Int)] = []
    /// Parameters right / parameters expected, over cases whose intent was right.
    public var slotsRight = 0
    /// Parameters expected, over cases whose intent was right.
    public var slotsExpected = 0
    /// Out-of-scope sentences wrongly accepted / out-of-scope sentences.
    public var falseAccepts = 0
    /// Cases that must be rejected.
    public var negatives = 0
    /// In-scope sentences read as their intent (whatever else differed) / in-scope sentences.
    public var inScope = PassRate()
    /// Pass rate per locale.
    public var byLocale: [String: PassRate] = [:]
    /// Pass rate per tag.
    public var byTag: [String: PassRate] = [:]
    /// Utterance cases passed.
    public var sentences = PassRate()
    /// Conversations passed.
    public var dialogues = PassRate()

    /// Parameters right / parameters expected.
    public var slotAccuracy: Double { ratio(slotsRight, slotsExpected) }
    /// False accepts / cases that must be rejected.
    public var falseAcceptRate: Double { ratio(falseAccepts, negatives) }

    /// The figures over these outcomes.
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

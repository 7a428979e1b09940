import IntentParse
import IntentParseMatching

/// The result of one corpus sentence.
public struct CaseOutcome: Sendable {
    /// The case that ran.
    public var testCase: CorpusCase
    /// What the parser made of its utterance.
    public var result: MatchResult
    /// Empty when the case passed; otherwise what differed.
    public var differences: [String]

    /// True when nothing differed.
    public var passed: Bool { differences.isEmpty }
}

/// Runs corpus cases through a parser and compares strictly.
public struct CorpusRunner: Sendable {
    /// The parser the cases run against.
    public let parser: IntentParser
    /// The locale every sentence is parsed in ("auto": each must come out right among every
    /// loaded language); nil: each in its corpus file's language.
    public let locale: String?

    /// A runner of cases against `parser`, in `locale` (nil: each case in its own).
    public init(parser: IntentParser, locale: String? = nil) {
        self.parser = parser
        self.locale = locale
    }

    /// Runs every case, in order; the outcomes come in the same order.
    public func run(_ cases: [CorpusCase]) -> [CaseOutcome] {
        cases.map(run)
    }

    /// Runs one case.
    public func run(_ testCase: CorpusCase) -> CaseOutcome {
        var context = testCase.matchContext
        context.preferredLocale = testCase.locale
        let result = parser.parse(testCase.sentence, locale: locale ?? testCase.locale, context: context)
        return CaseOutcome(testCase: testCase, result: result, differences: CorpusRunner.compare(testCase.expectation, result))
    }

    static func compare(_ expected: Expectation, _ result: MatchResult) -> [String] {
        guard let actual = result.best else {
            return expected.intent == nil ? [] : ["expected \(expected.intent ?? "") but the sentence was rejected: \(result.reason ?? "no match")"]
        }
        guard let intent = expected.intent else {
            return ["expected a rejection but got \(actual.intent) @ \(actual.app?.displayName ?? "no app")"]
        }
        var differences: [String] = []
        if actual.intent != intent { differences.append("intent: expected \(intent), got \(actual.intent)") }
        if let app = expected.app, app != actual.app?.displayName {
            differences.append("app: expected \(app ?? "null"), got \(actual.app?.displayName ?? "null")")
        }
        if expected.checksEveryParameter { differences += compareParameters(expected.parameters, actual) }
        for (name, words) in expected.spokenSlots {
            let got = actual.parameter(name)?.values.map(\.spoken) ?? []
            if got != words { differences.append("\(name): expected \(words), got \(got)") }
        }
        if let missing = expected.missing, missing != actual.missing {
            differences.append("missing: expected \(missing), got \(actual.missing)")
        }
        if let also = expected.also {
            if also.count != result.also.count {
                let got = result.also.map { "\"\($0.text)\" → \($0.best?.intent ?? "rejected")" }
                differences.append(
                    "also: expected \(also.count) more request(s), got \(result.also.count)\(got.isEmpty ? "" : ": " + got.joined(separator: "; "))")
            } else {
                for (index, (request, part)) in zip(also, result.also).enumerated() {
                    differences += compare(request, part).map { "also[\(index)] (\"\(part.text)\"): \($0)" }
                }
            }
        }
        return differences
    }

    private static func compareParameters(_ expected: [(name: String, value: Expectation.Parameter)], _ actual: Interpretation) -> [String] {
        var differences: [String] = []
        for (name, value) in expected {
            guard let got = actual.parameter(name) else {
                differences.append("\(name): expected \(describe(value)), got nothing")
                continue
            }
            let gotExpectation = expectation(of: got)
            if gotExpectation != value {
                differences.append("\(name): expected \(describe(value)), got \(describe(gotExpectation))")
            }
        }
        for (name, value) in actual.parameters where !expected.contains(where: { $0.name == name }) {
            differences.append("\(name): not expected, got \(describe(expectation(of: value)))")
        }
        return differences
    }

    static func expectation(of value: ParameterValue) -> Expectation.Parameter {
        func convert(_ slot: SlotValue) -> Expectation.Value {
            Expectation.Value(spoken: slot.spoken, identifier: slot.identifier, value: slot.value?.canonical)
        }
        switch value {
        case .single(let slot): return .single(convert(slot))
        case .multiple(let slots): return .multiple(slots.map(convert))
        }
    }

    static func describe(_ parameter: Expectation.Parameter) -> String {
        switch parameter {
        case .single(let value): return describe(value)
        case .multiple(let values): return "[" + values.map(describe).joined(separator: ", ") + "]"
        }
    }

    static func describe(_ value: Expectation.Value) -> String {
        var text = "\"\(value.spoken)\""
        if let identifier = value.identifier { text += " id=\(identifier)" }
        if let v = value.value { text += " value=\(v.serialized)" }
        return text
    }
}

import Foundation
import IntentParse
import IntentParseBase

/// Renders corpus results: a readable summary, JSON for dashboards, JUnit XML for CI.
public enum CorpusReports {
    /// The text summary `intentparse test` prints: figures, then `N passed, N failed`.
    public static func summary(_ metrics: CorpusMetrics) -> String {
        var lines = ["intent                               precision  recall     F1   (tp/fp/fn)"]
        for score in metrics.intents {
            lines.append(
                score.intent.padding(toLength: 36, withPad: " ", startingAt: 0)
                    + String(
                        format: " %9.3f %7.3f %6.3f   (%d/%d/%d)", score.precision, score.recall, score.f1,
                        score.truePositives, score.falsePositives, score.falseNegatives))
        }
        lines.append(
            String(
                format: "slot accuracy %.3f (%d of %d parameters right where the intent was right)",
                metrics.slotAccuracy, metrics.slotsRight, metrics.slotsExpected))
        lines.append(
            String(
                format: "in-scope recall %.3f (%d of %d read as their intent)", metrics.inScope.rate, metrics.inScope.passed, metrics.inScope.total))
        lines.append(String(format: "out-of-scope false accepts %.3f (%d of %d)", metrics.falseAcceptRate, metrics.falseAccepts, metrics.negatives))
        if !metrics.confusions.isEmpty {
            lines.append(
                "confusions (expected → got): "
                    + metrics.confusions.prefix(8).map { "\($0.expected) → \($0.got) ×\($0.count)" }.joined(separator: ", "))
        }
        for (locale, rate) in metrics.byLocale.sorted(by: { $0.key < $1.key }) {
            lines.append("locale \(locale): \(rate.passed)/\(rate.total)")
        }
        if !metrics.byTag.isEmpty {
            lines.append(
                "tags: " + metrics.byTag.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.passed)/\($0.value.total)" }.joined(separator: ", "))
        }
        lines.append(
            "sentences \(metrics.sentences.passed)/\(metrics.sentences.total), dialogues \(metrics.dialogues.passed)/\(metrics.dialogues.total)")
        return lines.joined(separator: "\n")
    }

    /// The summary and every failure as one JSON object (`test --format json`).
    public static func json(_ metrics: CorpusMetrics, cases: [CaseOutcome], dialogues: [DialogueOutcome]) -> JSONValue {
        func rate(_ r: CorpusMetrics.PassRate) -> JSONValue {
            .object([("passed", .number(Double(r.passed))), ("total", .number(Double(r.total)))])
        }
        let failures: [JSONValue] =
            cases.filter { !$0.passed }.map { outcome in
                .object([
                    ("file", .string(outcome.testCase.file)), ("line", .number(Double(outcome.testCase.line))),
                    ("sentence", .string(outcome.testCase.sentence)), ("differences", .array(outcome.differences.map(JSONValue.string))),
                    ("actual", ResultJSON.object(outcome.result))
                ])
            }
            + dialogues.filter { !$0.passed }.map { outcome in
                .object([
                    ("file", .string(outcome.dialogue.file)), ("line", .number(Double(outcome.failedTurn?.line ?? outcome.dialogue.line))),
                    ("dialogue", .string(outcome.dialogue.name)), ("differences", .array(outcome.differences.map(JSONValue.string)))
                ])
            }
        return .object([
            ("passed", .number(Double(metrics.sentences.passed + metrics.dialogues.passed))),
            ("failed", .number(Double(metrics.sentences.total + metrics.dialogues.total - metrics.sentences.passed - metrics.dialogues.passed))),
            (
                "intents",
                .array(
                    metrics.intents.map { score in
                        .object([
                            ("intent", .string(score.intent)), ("precision", .number(score.precision)), ("recall", .number(score.recall)),
                            ("f1", .number(score.f1)), ("truePositives", .number(Double(score.truePositives))),
                            ("falsePositives", .number(Double(score.falsePositives))), ("falseNegatives", .number(Double(score.falseNegatives)))
                        ])
                    })
            ),
            ("slotAccuracy", .number(metrics.slotAccuracy)),
            ("inScopeRecall", .number(metrics.inScope.rate)),
            ("falseAcceptRate", .number(metrics.falseAcceptRate)),
            (
                "confusions",
                .array(
                    metrics.confusions.map {
                        .object([("expected", .string($0.expected)), ("got", .string($0.got)), ("count", .number(Double($0.count)))])
                    })
            ),
            ("locales", .object(metrics.byLocale.sorted { $0.key < $1.key }.map { ($0.key, rate($0.value)) })),
            ("tags", .object(metrics.byTag.sorted { $0.key < $1.key }.map { ($0.key, rate($0.value)) })),
            ("sentences", rate(metrics.sentences)), ("dialogues", rate(metrics.dialogues)),
            ("failures", .array(failures))
        ])
    }

    /// JUnit XML: one test suite per corpus file, one test case per sentence or dialogue.
    public static func junit(cases: [CaseOutcome], dialogues: [DialogueOutcome]) -> String {
        var files: [String: [(name: String, line: Int, failure: String?)]] = [:]
        for outcome in cases {
            files[outcome.testCase.file, default: []].append(
                (
                    outcome.testCase.sentence, outcome.testCase.line,
                    outcome.passed ? nil : outcome.differences.joined(separator: "\n")
                ))
        }
        for outcome in dialogues {
            files[outcome.dialogue.file, default: []].append(
                (
                    outcome.dialogue.name, outcome.dialogue.line,
                    outcome.passed ? nil : outcome.differences.joined(separator: "\n")
                ))
        }
        let total = files.values.map(\.count).reduce(0, +)
        let failed = files.values.flatMap { $0 }.filter { $0.failure != nil }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"intentparse\" tests=\"\(total)\" failures=\"\(failed)\">\n"
        for (file, tests) in files.sorted(by: { $0.key < $1.key }) {
            let failures = tests.filter { $0.failure != nil }.count
            xml += "  <testsuite name=\"\(escape(file))\" tests=\"\(tests.count)\" failures=\"\(failures)\">\n"
            for test in tests {
                xml += "    <testcase classname=\"\(escape(file))\" name=\"\(escape("line \(test.line): \(test.name)"))\""
                if let failure = test.failure {
                    xml +=
                        ">\n      <failure message=\"\(escape(failure.split(separator: "\n").first.map(String.init) ?? ""))\">\(escape(failure))</failure>\n    </testcase>\n"
                } else {
                    xml += "/>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case let c where c.value < 0x20 && c != "\n" && c != "\t": out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

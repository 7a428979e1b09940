import Foundation
import IntentParse
import IntentParseBase

/// The figures, as text for people or JSON for machines.
package struct BenchReport {
    package var startup: Startup
    package var workload: String
    package var timing: Timing
    package var check: (Int, Int)
    package var firstLineMilliseconds: Double?
    /// The same with the compiled-grammar cache off.
    package var firstLineUncachedMilliseconds: Double?
    package var scaling: (contacts: [Scaling.Row], grammar: [Scaling.Row])?

    package init(startup: Startup, workload: String, timing: Timing, check: (Int, Int), firstLineMilliseconds: Double?) {
        self.startup = startup
        self.workload = workload
        self.timing = timing
        self.check = check
        self.firstLineMilliseconds = firstLineMilliseconds
    }

    package static var build: String {
        #if DEBUG
            return "debug"
        #else
            return "release"
        #endif
    }

    package var text: String {
        let compiled = startup.parser.matchers.values
        var lines = [
            "intentparse bench (\(BenchReport.build) build, \(ProcessInfo.processInfo.activeProcessorCount) cores)",
            "workload      \(workload); \(timing.parses) timed parses",
            "grammar       \(compiled.map(\.grammar.templateCount).reduce(0, +)) templates, \(compiled.map(\.grammar.nodeCount).reduce(0, +)) automaton nodes, \(startup.parser.apps.count) apps",
            String(format: "start-up      load %.1f ms, compile %.1f ms", startup.loadMilliseconds, startup.compileMilliseconds),
            firstLineMilliseconds.map { warm in
                let cold = firstLineUncachedMilliseconds.map { String(format: "%.1f ms", $0) } ?? "not measured"
                return String(format: "first line    %.1f ms from the compiled-grammar cache, ", warm)
                    + "\(cold) without (process start to first answer, median of 11 and 5)"
            } ?? "first line    not measured",
            String(format: "throughput    %.0f utterances/s (parse + JSON line, one core)", timing.perSecond),
            String(
                format: "latency       median %.1f µs, p90 %.1f µs, p99 %.1f µs, max %.1f µs", timing.latency.median, timing.latency.at(0.9),
                timing.latency.at(0.99), timing.latency.max),
            String(format: "memory        peak %.1f MB", timing.peakMemoryMB),
            "check         \(check.0) of \(check.1) as expected"
        ]
        for (rank, slow) in timing.slowest.enumerated() {
            lines.append((rank == 0 ? "slowest       " : "              ") + String(format: "%7.1f µs  ", slow.microseconds) + slow.utterance)
        }
        if let scaling {
            lines.append("")
            lines.append("scaling        compile ms   Δ memory MB   median µs   p99 µs   utterances/s   templates     nodes")
            for row in scaling.contacts + scaling.grammar {
                let memory = row.residentMB.map { String(format: "%.1f", $0) } ?? "?"
                lines.append(
                    row.label.padding(toLength: 16, withPad: " ", startingAt: 0)
                        + String(format: "%9.1f   ", row.compileMilliseconds)
                        + String(repeating: " ", count: max(0, 11 - memory.count)) + memory
                        + String(
                            format: "   %9.1f   %6.1f   %12.0f   %9d   %7d", row.timing.latency.median, row.timing.latency.at(0.99),
                            row.timing.perSecond, row.templates, row.nodes))
            }
        }
        return lines.joined(separator: "\n")
    }

    package var json: JSONValue {
        func row(_ r: Scaling.Row) -> JSONValue {
            .object([
                ("label", .string(r.label)), ("compileMilliseconds", .number(r.compileMilliseconds)),
                ("residentDeltaMB", r.residentMB.map(JSONValue.number) ?? .null), ("latency", latency(r.timing)),
                ("utterancesPerSecond", .number(r.timing.perSecond)), ("templates", .number(Double(r.templates))), ("nodes", .number(Double(r.nodes)))
            ])
        }
        var members: [(String, JSONValue)] = [
            ("build", .string(BenchReport.build)), ("workload", .string(workload)), ("parses", .number(Double(timing.parses))),
            ("loadMilliseconds", .number(startup.loadMilliseconds)), ("compileMilliseconds", .number(startup.compileMilliseconds)),
            ("firstLineMilliseconds", firstLineMilliseconds.map(JSONValue.number) ?? .null),
            ("firstLineUncachedMilliseconds", firstLineUncachedMilliseconds.map(JSONValue.number) ?? .null),
            ("utterancesPerSecond", .number(timing.perSecond)), ("latency", latency(timing)),
            ("peakMemoryMB", .number(timing.peakMemoryMB)),
            ("slowest", .array(timing.slowest.map { .object([("text", .string($0.utterance)), ("medianMicroseconds", .number($0.microseconds))]) })),
            ("check", .object([("asExpected", .number(Double(check.0))), ("total", .number(Double(check.1)))]))
        ]
        if let scaling {
            members.append(("scaling", .object([("contacts", .array(scaling.contacts.map(row))), ("grammar", .array(scaling.grammar.map(row)))])))
        }
        return .object(members)
    }

    private func latency(_ timing: Timing) -> JSONValue {
        .object([
            ("medianMicroseconds", .number(timing.latency.median)), ("p90Microseconds", .number(timing.latency.at(0.9))),
            ("p99Microseconds", .number(timing.latency.at(0.99))), ("maxMicroseconds", .number(timing.latency.max))
        ])
    }
}

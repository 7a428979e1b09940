import ArgumentParser
import Foundation
import IntentParse
import IntentParseBase
import IntentParseBench

/// `intentparse bench`: throughput, latency, start-up and memory, on a corpus or on sentences
/// generated from the grammars; `--scale` sweeps vocabulary and grammar size.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure throughput, latency, start-up time and memory (use a release build)."
    )

    @OptionGroup var options: CommonOptions

    @Option(name: .customLong("corpus"), help: "Corpus files or folders whose sentences to parse (default: sentences generated from the grammars).")
    var corpusPaths: [String] = []

    @Option(help: "How many sentences to generate from the grammars when no corpus is given.")
    var generate = 2000

    @Option(help: "Seed for generated sentences.")
    var seed: UInt64 = 1

    @Option(help: "Parse at least this many utterances in the timed pass (the set is repeated).")
    var parses = 20_000

    @Flag(help: "Also sweep user vocabulary size (100 to 100,000 contacts in one app) and grammar size (1x, 10x, 100x templates).")
    var scale = false

    @Option(help: "Largest contact count in the --scale sweep.")
    var maxContacts = 100_000

    func validate() throws {
        for (name, value, limit) in [
            ("--generate", generate, 10_000_000), ("--parses", parses, 1_000_000_000), ("--max-contacts", maxContacts, 10_000_000)
        ]
        where value < 1 || value > limit {
            throw ValidationError("\(name) \(value) must be from 1 to \(limit)")
        }
    }

    func run() throws {
        let startup: Startup
        let workload: Workload
        do {
            startup = try Startup.measure(
                grammars: URL(fileURLWithPath: options.grammars), vocabulary: URL(fileURLWithPath: options.vocabulary),
                options: options.parserOptions())
            workload = try Workload.make(parser: startup.parser, corpus: corpusPaths, generate: generate, seed: seed, locale: options.locale)
        } catch let error as DiagnosticError {
            DiagnosticPrinter.standardError.print(error.diagnostics)
            throw ExitCode(2)
        }
        let parser = startup.parser
        let timing = Timing.measure(
            parser: parser, utterances: workload.utterances, locale: options.locale, context: options.context, minimumParses: parses)
        let check = workload.check(parser, locale: options.locale, context: options.context)
        let firstLineArguments = [
            "parse", "--grammars", options.grammars, "--vocabulary", options.vocabulary,
            "--locale", options.locale, "MonkeyChat Bobo please send more bananas"
        ]
        var report = BenchReport(
            startup: startup, workload: workload.description, timing: timing, check: check,
            firstLineMilliseconds: Startup.firstLine(arguments: firstLineArguments, cached: true))
        report.firstLineUncachedMilliseconds = Startup.firstLine(arguments: firstLineArguments, cached: false, runs: 5)
        if scale {
            report.scaling = Scaling(locale: options.locale, context: options.context, base: parser, seed: seed, maxContacts: maxContacts).run()
        }
        print((options.format ?? .text) == .json ? report.json.serialized : report.text)
    }
}

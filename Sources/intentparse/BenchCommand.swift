import ArgumentParser
import Foundation
import IntentParse
import IntentParseCorpus

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
        for (name, value, limit) in [("--generate", generate, 10_000_000), ("--parses", parses, 1_000_000_000), ("--max-contacts", maxContacts, 10_000_000)]
        where value < 1 || value > limit {
            throw ValidationError("\(name) \(value) must be from 1 to \(limit)")
        }
    }

    func run() throws {
        let startup = try Startup.measure(options)
        let parser = startup.parser
        let workload = try Workload.make(parser: parser, corpus: corpusPaths, generate: generate, seed: seed, locale: options.locale)
        let timing = Timing.measure(parser: parser, utterances: workload.utterances, locale: options.locale, context: options.context, minimumParses: parses)
        let check = workload.check(parser, locale: options.locale, context: options.context)
        let firstLine = Startup.firstLine(options)
        var report = BenchReport(startup: startup, workload: workload.description, timing: timing, check: check, firstLineMilliseconds: firstLine)
        if scale {
            report.scaling = Scaling(options: options, base: parser, seed: seed, maxContacts: maxContacts).run()
        }
        print((options.format ?? .text) == .json ? report.json.serialized : report.text)
    }
}

/// Loading and compiling, timed apart.
struct Startup {
    var parser: IntentParser
    var loadMilliseconds: Double
    var compileMilliseconds: Double

    static func measure(_ options: CommonOptions) throws -> Startup {
        let clock = ContinuousClock()
        let loadStart = clock.now
        let sources: IntentParser.Sources
        do {
            sources = try IntentParser.Sources.load(grammars: URL(fileURLWithPath: options.grammars), vocabulary: URL(fileURLWithPath: options.vocabulary),
                                                    options: options.parserOptions())
        } catch let error as DiagnosticError {
            DiagnosticPrinter.standardError.print(error.diagnostics)
            throw ExitCode(2)
        }
        let compileStart = clock.now
        let parser = try IntentParser(sources: sources, options: options.parserOptions())
        let end = clock.now
        return Startup(parser: parser, loadMilliseconds: (compileStart - loadStart).milliseconds,
                       compileMilliseconds: (end - compileStart).milliseconds)
    }

    /// Median wall time of running this binary on one utterance: process start to first answer
    /// (its exit, after printing the line).
    ///
    /// NB: spawned with posix_spawn and reaped with waitpid; Foundation's Process waits for the
    /// exit through its run loop, which added tens of milliseconds to every run.
    static func firstLine(_ options: CommonOptions, runs: Int = 11) -> Double? {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let arguments = [executable, "parse", "--grammars", options.grammars, "--vocabulary", options.vocabulary, "--locale", options.locale,
                         "MonkeyChat Bobo please send more bananas"]
        var times: [Double] = []
        for _ in 0..<runs {
            guard let milliseconds = timedRun(arguments) else { return nil }
            times.append(milliseconds)
        }
        return Percentiles(times).median
    }

    /// Runs `arguments` with output to /dev/null; its wall time in milliseconds, nil if it
    /// could not be started or did not exit 0.
    private static func timedRun(_ arguments: [String]) -> Double? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let start = ContinuousClock.now
        guard posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let elapsed = (ContinuousClock.now - start).milliseconds
        // WIFEXITED and WEXITSTATUS: a normal exit with status 0.
        return status & 0x7F == 0 && (status >> 8) & 0xFF == 0 ? elapsed : nil
    }
}

extension Duration {
    var milliseconds: Double { Double(components.seconds) * 1e3 + Double(components.attoseconds) / 1e15 }
    var microseconds: Double { Double(components.seconds) * 1e6 + Double(components.attoseconds) / 1e12 }
}

/// Sorted samples and their order statistics.
struct Percentiles {
    let sorted: [Double]

    init(_ samples: [Double]) { sorted = samples.sorted() }

    func at(_ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let index = Swift.min(sorted.count - 1, Swift.max(0, Int((Double(sorted.count) * fraction).rounded(.up)) - 1))
        return sorted[index]
    }

    var median: Double { at(0.5) }
    var max: Double { sorted.last ?? 0 }
}

/// The timed pass: every utterance parsed and rendered as its JSON line, one at a time.
struct Timing {
    var parses: Int
    var seconds: Double
    var latency: Percentiles
    var peakMemoryMB: Double
    /// The slowest utterances by their median latency over the rounds, slowest first.
    var slowest: [(utterance: String, microseconds: Double)] = []

    var perSecond: Double { seconds > 0 ? Double(parses) / seconds : 0 }

    static func measure(parser: IntentParser, utterances: [String], locale: String, context: MatchContext, minimumParses: Int) -> Timing {
        guard !utterances.isEmpty else { return Timing(parses: 0, seconds: 0, latency: Percentiles([]), peakMemoryMB: Memory.peakMB) }
        for utterance in utterances.prefix(200) { _ = ResultJSON.line(parser.parse(utterance, locale: locale, context: context)) }
        let rounds = max(1, (minimumParses + utterances.count - 1) / utterances.count)
        // Kept as durations and converted after the loop, so the timed loop does no arithmetic.
        var durations: [Duration] = []
        durations.reserveCapacity(rounds * utterances.count)
        let clock = ContinuousClock()
        var checksum = 0
        let start = clock.now
        for _ in 0..<rounds {
            for utterance in utterances {
                let before = clock.now
                checksum &+= ResultJSON.line(parser.parse(utterance, locale: locale, context: context)).utf8.count
                durations.append(clock.now - before)
            }
        }
        let seconds = (clock.now - start).milliseconds / 1000
        let samples = durations.map(\.microseconds)
        precondition(checksum > 0)
        // Sample i timed utterance i % count: each utterance's median over the rounds.
        let medians = utterances.indices.map { index in
            Percentiles(stride(from: index, to: samples.count, by: utterances.count).map { samples[$0] }).median
        }
        let slowest = medians.indices.sorted { medians[$0] > medians[$1] }.prefix(5).map { (utterances[$0], medians[$0]) }
        return Timing(parses: samples.count, seconds: seconds, latency: Percentiles(samples), peakMemoryMB: Memory.peakMB, slowest: slowest)
    }
}

enum Memory {
    /// The process's peak resident memory (Linux ru_maxrss is in kilobytes).
    static var peakMB: Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    /// Current resident memory, from /proc/self/statm (Linux); nil elsewhere.
    static var residentMB: Double? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return nil }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}

/// What is parsed: corpus sentences (checked against their expectations) or generated ones
/// (checked against the intent of the template they came from).
struct Workload {
    var utterances: [String]
    var description: String
    var corpus: [CorpusCase] = []
    var generated: [SentenceGenerator.Sample] = []

    static func make(parser: IntentParser, corpus paths: [String], generate: Int, seed: UInt64, locale: String) throws -> Workload {
        if !paths.isEmpty {
            let cases: [CorpusCase]
            do {
                cases = try CorpusLoader(intents: parser.intentNames).load(paths: paths).cases
            } catch let error as DiagnosticError {
                DiagnosticPrinter.standardError.print(error.diagnostics)
                throw ExitCode(2)
            }
            return Workload(utterances: cases.map(\.sentence), description: "\(cases.count) corpus sentences from \(paths.joined(separator: ", "))", corpus: cases)
        }
        let locales = Workload.locales(parser, locale: locale)
        guard !locales.isEmpty else { return Workload(utterances: [], description: "no grammar") }
        let samples = generated(parser, apps: parser.apps, locales: locales, count: generate, seed: seed)
        let from = locales.map { "Grammars/\($0)" }.joined(separator: ", ")
        return Workload(utterances: samples.map(\.text), description: "\(samples.count) sentences generated from \(from) (seed \(seed))", generated: samples)
    }

    /// The locales to generate from: the one asked for, or every loaded one for `auto`.
    static func locales(_ parser: IntentParser, locale: String) -> [String] {
        locale == "auto" ? parser.locales : parser.grammars[locale] == nil ? [] : [locale]
    }

    /// `count` sentences from the grammars of `locales`, an equal share from each, interleaved.
    static func generated(_ parser: IntentParser, apps: [AppVocabulary], locales: [String], count: Int, seed: UInt64) -> [SentenceGenerator.Sample] {
        var shares: [[SentenceGenerator.Sample]] = []
        for (index, locale) in locales.enumerated() {
            guard let grammar = parser.grammars[locale] else { continue }
            var generator = SentenceGenerator(grammar: grammar, apps: apps, seed: seed,
                                              entityExamples: parser.entityCatalogs[locale]?.examples ?? [:])
            let share = count / locales.count + (index < count % locales.count ? 1 : 0)
            shares.append(generator.samples(share))
        }
        var samples: [SentenceGenerator.Sample] = []
        for round in 0..<(shares.map(\.count).max() ?? 0) {
            for share in shares where round < share.count { samples.append(share[round]) }
        }
        return samples
    }

    /// (as expected, total).
    func check(_ parser: IntentParser, locale: String, context: MatchContext) -> (Int, Int) {
        if !corpus.isEmpty {
            let passed = CorpusRunner(parser: parser).run(corpus).filter(\.passed).count
            return (passed, corpus.count)
        }
        let agreeing = generated.filter { parser.parse($0.text, locale: locale, context: context).best?.intent == $0.intent }.count
        return (agreeing, generated.count)
    }
}

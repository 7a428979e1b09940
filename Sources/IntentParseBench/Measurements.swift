import Foundation
import IntentParse
import IntentParseBase
import IntentParseMatching

/// Loading and compiling, timed apart.
package struct Startup {
    package var parser: IntentParser
    package var loadMilliseconds: Double
    package var compileMilliseconds: Double

    /// Loads and compiles as the CLI does; throws the load's `DiagnosticError`.
    package static func measure(grammars: URL, vocabulary: URL, options: IntentParser.Options) throws -> Startup {
        let clock = ContinuousClock()
        let loadStart = clock.now
        let sources = try IntentParser.Sources.load(grammars: grammars, vocabulary: vocabulary, options: options)
        let compileStart = clock.now
        let parser = try IntentParser(sources: sources, options: options)
        let end = clock.now
        return Startup(
            parser: parser, loadMilliseconds: (compileStart - loadStart).milliseconds,
            compileMilliseconds: (end - compileStart).milliseconds)
    }

    /// Median wall time of running this binary on one utterance: process start to first answer
    /// (its exit, after printing the line).
    ///
    /// NB: spawned with posix_spawn and reaped with waitpid; Foundation's Process waits for the
    /// exit through its run loop, which added tens of milliseconds to every run.
    /// `arguments`: what follows the executable (this process's own binary). `cached`: with
    /// the compiled-grammar cache as the environment sets it (the first run fills it if need
    /// be), or with none (`INTENTPARSE_CACHE=off`: everything read and compiled).
    package static func firstLine(arguments: [String], cached: Bool, runs: Int = 11) -> Double? {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let arguments = [executable] + arguments
        var environment = ProcessInfo.processInfo.environment
        if !cached { environment["INTENTPARSE_CACHE"] = "off" }
        let variables = environment.map { "\($0.key)=\($0.value)" }
        var times: [Double] = []
        for _ in 0..<runs {
            guard let milliseconds = timedRun(arguments, environment: variables) else { return nil }
            times.append(milliseconds)
        }
        return Percentiles(times).median
    }

    /// Runs `arguments` with output to /dev/null; its wall time in milliseconds, nil if it
    /// could not be started or did not exit 0.
    private static func timedRun(_ arguments: [String], environment: [String]) -> Double? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid = pid_t()
        let start = ContinuousClock.now
        guard posix_spawn(&pid, arguments[0], &actions, nil, &argv, &envp) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let elapsed = (ContinuousClock.now - start).milliseconds
        // WIFEXITED and WEXITSTATUS: a normal exit with status 0.
        return status & 0x7F == 0 && (status >> 8) & 0xFF == 0 ? elapsed : nil
    }
}

/// Sorted samples and their order statistics.
package struct Percentiles {
    package let sorted: [Double]

    package init(_ samples: [Double]) { sorted = samples.sorted() }

    package func at(_ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let index = Swift.min(sorted.count - 1, Swift.max(0, Int((Double(sorted.count) * fraction).rounded(.up)) - 1))
        return sorted[index]
    }

    package var median: Double { at(0.5) }
    package var max: Double { sorted.last ?? 0 }
}

/// The timed pass: every utterance parsed and rendered as its JSON line, one at a time.
package struct Timing {
    package var parses: Int
    package var seconds: Double
    package var latency: Percentiles
    package var peakMemoryMB: Double
    /// The slowest utterances by their median latency over the rounds, slowest first.
    package var slowest: [(utterance: String, microseconds: Double)] = []

    package var perSecond: Double { seconds > 0 ? Double(parses) / seconds : 0 }

    package static func measure(parser: IntentParser, utterances: [String], locale: String, context: MatchContext, minimumParses: Int) -> Timing {
        guard !utterances.isEmpty else { return Timing(parses: 0, seconds: 0, latency: Percentiles([]), peakMemoryMB: Memory.peakMB) }
        // The line written as `intentparse` writes it: into one reused writer.
        var writer = JSONWriter(capacity: 1024)
        func line(_ utterance: String) -> Int {
            writer.removeAll()
            ResultJSON.emit(parser.parse(utterance, locale: locale, context: context), into: &writer)
            return writer.count
        }
        for utterance in utterances.prefix(200) { _ = line(utterance) }
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
                checksum &+= line(utterance)
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

package enum Memory {
    /// The process's peak resident memory (Linux ru_maxrss is in kilobytes).
    package static var peakMB: Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    /// Current resident memory, from /proc/self/statm (Linux); nil elsewhere.
    package static var residentMB: Double? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return nil }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}

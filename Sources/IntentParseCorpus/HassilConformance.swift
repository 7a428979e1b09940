import Foundation
import IntentParse
import IntentParseBase
import IntentParseMatching
import IntentParseYAML
import Yams

/// Home Assistant's own tests, run on its own sentence files, unchanged: a checkout of
/// github.com/home-assistant/intents (or the copy in `../shared/home-assistant-intents`) with
/// `sentences/<lang>/*.yaml` and `tests/<lang>/*.yaml`. Each language loads its sentence files
/// with its `tests/<lang>/_fixtures.yaml` as run-time lists (areas, floors, entities) and no
/// apps, and every test sentence is parsed in that language.
///
/// A sentence passes as Home Assistant's own test runner (`tests/test_language_sentences.py`)
/// passes it: the intent is the one named; every slot parsed is one the test names, with the
/// same value (a list on either side is "one of"); every slot the test names is parsed. The
/// value of a slot is its typed `value` where it has one (a list value's `out`, a number), else
/// the words as typed. Sentences listed in `tests/<lang>/_test_failures.yaml` are skipped, as
/// Home Assistant expects them to fail. A test's `context` is the sentence's match context
/// (`MatchContext.intentContext`), and the match's context must equal it. Responses are not
/// compared.
public struct HassilConformance: Sendable {
    /// The checkout's folder.
    public let folder: URL

    public init(folder: URL) { self.folder = folder }

    /// One test sentence that did not pass.
    public struct Failure: Sendable {
        public var location: SourceLocation
        public var sentence: String
        public var differences: [String]
    }

    /// One language's outcome.
    public struct LanguageResult: Sendable {
        public var language: String
        public var passed = 0
        public var failed: [Failure] = []
        /// Sentences Home Assistant lists as failing on purpose.
        public var skipped = 0
        /// Microseconds parsing every sentence once takes once the parser is warm (the mean of
        /// the timed rounds that follow the checked one; not loading).
        public var parseMicroseconds: Double = 0
        /// Timed rounds behind `parseMicroseconds`.
        public var timedRounds = 0

        public var total: Int { passed + failed.count }
        /// Passed per hundred sentences run.
        public var passRate: Double { total == 0 ? 0 : 100 * Double(passed) / Double(total) }
    }

    /// Rounds of every sentence timed after the checked one, and the least time they take.
    static let timedRounds = 3
    static let timedAtLeast = Duration.milliseconds(500)

    /// The languages with both sentence files and tests, sorted.
    public func languages() -> [String] {
        let fm = FileManager.default
        let sentences = (try? fm.contentsOfDirectory(atPath: folder.appendingPathComponent("sentences").path)) ?? []
        let tests = Set((try? fm.contentsOfDirectory(atPath: folder.appendingPathComponent("tests").path)) ?? [])
        return sentences.filter { tests.contains($0) && !$0.hasPrefix(".") }.sorted()
    }

    /// Loads `language` and runs its tests; throws `DiagnosticError` when its files do not load.
    public func run(language: String, cache: CompiledGrammarCache? = nil) throws -> LanguageResult {
        let noApps = FileManager.default.temporaryDirectory.appendingPathComponent("intentparse-no-apps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: noApps, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: noApps) }
        let testsFolder = folder.appendingPathComponent("tests").appendingPathComponent(language)
        let options = IntentParser.Options(
            learnFromExamples: false, locales: [language], cache: cache, lists: testsFolder.appendingPathComponent("_fixtures.yaml"))
        let parser = try IntentParser(grammars: folder.appendingPathComponent("sentences"), vocabulary: noApps, options: options)
        var log = DiagnosticLog()
        let skipped = Set(HassilConformance.strings(in: testsFolder.appendingPathComponent("_test_failures.yaml"), key: "sentences", log: &log))
        var result = LanguageResult(language: language)
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: testsFolder.path)) ?? [])
            .filter { $0.hasSuffix(".yaml") && !$0.hasPrefix("_") }.sorted()
        var runs: [(sentence: String, context: MatchContext)] = []
        for file in files {
            for test in HassilConformance.tests(in: testsFolder.appendingPathComponent(file), log: &log) {
                for (sentence, location) in test.sentences {
                    if skipped.contains(sentence) {
                        result.skipped += 1
                        continue
                    }
                    var context = MatchContext()
                    context.intentContext = test.context
                    context.preferredSlot = "name"
                    runs.append((sentence, context))
                    let differences = HassilConformance.compare(test, parser.parse(sentence, locale: language, context: context))
                    if differences.isEmpty {
                        result.passed += 1
                    } else {
                        result.failed.append(Failure(location: location, sentence: sentence, differences: differences))
                    }
                }
            }
        }
        // Timed apart from the checked round, which pays for what is built on first use.
        let clock = ContinuousClock()
        var elapsed = Duration.zero
        while !runs.isEmpty, result.timedRounds < HassilConformance.timedRounds || elapsed < HassilConformance.timedAtLeast {
            elapsed += clock.measure {
                for run in runs { _ = parser.parse(run.sentence, locale: language, context: run.context) }
            }
            result.timedRounds += 1
        }
        if result.timedRounds > 0 { result.parseMicroseconds = elapsed.microseconds / Double(result.timedRounds) }
        try log.throwIfErrors()
        return result
    }

    /// What one test says a sentence means.
    struct Test {
        var sentences: [(String, SourceLocation)]
        var intent: String
        var slots: [(name: String, value: JSONValue)]
        /// The context the sentence is said in, which the match's context must equal.
        var context: [(key: String, value: JSONValue)] = []
    }

    static func compare(_ test: Test, _ result: MatchResult) -> [String] {
        guard let best = result.best else { return ["expected \(test.intent), the sentence was rejected: \(result.reason ?? "no match")"] }
        guard best.intent == test.intent else { return ["expected \(test.intent), got \(best.intent)"] }
        var differences: [String] = []
        for (name, value) in best.parameters {
            let got = value.values.map { $0.value ?? .string($0.spoken) }
            let matched: JSONValue = got.count == 1 ? got[0] : .array(got)
            guard let expected = test.slots.first(where: { $0.name == name })?.value else {
                differences.append("\(name): not expected, got \(matched.serialized)")
                continue
            }
            if !agrees(expected, matched) { differences.append("\(name): expected \(expected.serialized), got \(matched.serialized)") }
        }
        for (name, value) in test.slots where best.parameter(name) == nil {
            differences.append("\(name): expected \(value.serialized), got nothing")
        }
        if !test.context.isEmpty {
            let expected = JSONValue.object(test.context.map { ($0.key, $0.value) }), got = JSONValue.object(best.context.map { ($0.key, $0.value) })
            if expected.canonical != got.canonical { differences.append("context: expected \(expected.serialized), got \(got.serialized)") }
        }
        return differences
    }

    /// Home Assistant's comparison: equal values, or a value that is one of a list's.
    static func agrees(_ expected: JSONValue, _ matched: JSONValue) -> Bool {
        switch (expected, matched) {
        case (.array(let wanted), .array(let got)): return wanted.allSatisfy { item in got.contains { same(item, $0) } }
        case (.array(let wanted), _): return wanted.contains { same($0, matched) }
        case (_, .array(let got)): return got.contains { same(expected, $0) }
        default: return same(expected, matched)
        }
    }

    /// Scalars compare as Home Assistant's YAML reads them: numbers by value, text exactly.
    private static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if case .number(let x) = a, case .number(let y) = b { return x == y }
        return a.canonical == b.canonical
    }

    /// The tests of one file: `tests: [{sentences, intent: {name, slots?, context?}, response?}]`.
    static func tests(in url: URL, log: inout DiagnosticLog) -> [Test] {
        var reader = YAMLReader(file: url.path, log: log)
        defer { log = reader.log }
        guard let root = reader.root(of: url), let pairs = reader.mapping(root, "a test file"),
            let testsNode = pairs.first(where: { $0.key == "tests" })?.value
        else { return [] }
        return (reader.sequence(testsNode, "tests") ?? []).compactMap { node -> Test? in
            guard let test = reader.mapping(node, "a test") else { return nil }
            guard let intentNode = test.first(where: { $0.key == "intent" })?.value, let intent = reader.mapping(intentNode, "intent"),
                let name = intent.first(where: { $0.key == "name" }).flatMap({ reader.string($0.value, "intent.name") })
            else {
                reader.error(node, "a test needs intent.name")
                return nil
            }
            let sentences = test.first { $0.key == "sentences" }.map { reader.strings($0.value, "sentences") } ?? []
            var slots: [(name: String, value: JSONValue)] = []
            if let slotsNode = intent.first(where: { $0.key == "slots" })?.value, slotsNode.mapping != nil {
                for pair in reader.mapping(slotsNode, "slots") ?? [] {
                    if let value = reader.json(pair.value) { slots.append((pair.key, value)) }
                }
            }
            var context: [(key: String, value: JSONValue)] = []
            if let contextNode = intent.first(where: { $0.key == "context" })?.value, case .object(let members)? = reader.json(contextNode) {
                context = members.map { (key: $0.0, value: $0.1) }
            }
            return Test(sentences: sentences.map { ($0.0, reader.location($0.1)) }, intent: name, slots: slots, context: context)
        }
    }

    /// A pass-rates file (the ratchet `.ci/run` checks): `language: least pass rate`, in
    /// percent; throws `DiagnosticError` naming the file and line of a problem.
    public static func passRates(file: String) throws -> [String: Double] {
        var reader = YAMLReader(file: file)
        var records: [String: Double] = [:]
        if !FileManager.default.fileExists(atPath: file) {
            reader.error(SourceLocation(file: file), "no such pass-rates file")
        } else if let root = reader.root(of: URL(fileURLWithPath: file)), let pairs = reader.mapping(root, "a pass-rates file") {
            for pair in pairs {
                switch reader.scalarValue(pair.value) {
                case .integer(let value)?: records[pair.key] = Double(value)
                case .decimal(let value)?: records[pair.key] = value
                default: reader.error(pair.value, "a pass rate is a number of percent, such as 61.5")
                }
            }
        }
        try reader.log.throwIfErrors()
        return records
    }

    /// The strings under `key` of a YAML file, if it exists.
    static func strings(in url: URL, key: String, log: inout DiagnosticLog) -> [String] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        var reader = YAMLReader(file: url.path, log: log)
        defer { log = reader.log }
        guard let root = reader.root(of: url), let pairs = reader.mapping(root, "a file"),
            let node = pairs.first(where: { $0.key == key })?.value
        else { return [] }
        return reader.strings(node, key).map(\.0)
    }
}

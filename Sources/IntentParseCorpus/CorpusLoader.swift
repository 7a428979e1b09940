import Foundation
import IntentParse
import IntentParseBase
import IntentParseEntities
import IntentParseYAML
import Yams

/// Reads corpus files (`Corpus/<locale>/*.yaml`):
///
///     language: en
///     now: 2026-11-21T09:30:00-05:00           # optional: the reference time for relative
///                                              # dates, like --now (its offset is the time zone)
///     tests:
///       - sentences: ["MonkeyChat Bobo please send more bananas"]
///         intent: INSendMessageIntent          # or null: must be rejected
///         app: MonkeyChat                      # or null: app unknown
///         given_app: MonkeyChat                # optional, like --app
///         parameters: {recipients: [Bobo], content: send more bananas}
///         # typed values may be mappings or lists, compared as JSON:
///         # currencyAmount: {spoken: "$20", value: {amount: 20, currencyCode: USD}}
///         missing: [app]                       # optional
///         also:                                # the requests said after the first in the
///           - intent: INStartCallIntent        # same line, each with intent, app, parameters
///             parameters: {contacts: [Bobo]}   # and missing; without it, one request
///         tags: [classic]                      # optional
public struct CorpusLoader {
    static let caseKeys = ["sentences", "intent", "app", "given_app", "parameters", "missing", "also", "tags"]
    static let requestKeys = ["intent", "app", "parameters", "missing"]

    /// The intents a case may name (the loaded schema's, custom intents included); nil accepts
    /// any name.
    package var intents: Set<String>?
    /// Each intent's parameter names, for the `slots` of JSON Lines requests (nil: none checked).
    package var parameters: [String: Set<String>]?

    /// A loader that checks every `intent:` against `intents`, when given: an unknown name is a
    /// file error, not a case that can only fail.
    package init(intents: Set<String>? = nil, parameters: [String: Set<String>]? = nil) {
        self.intents = intents
        self.parameters = parameters
    }

    /// A loader that checks cases against what `parser` loaded: its intents, and its intents'
    /// parameters for the `slots` of JSON Lines requests.
    public init(for parser: IntentParser) {
        self.init(intents: parser.intentNames, parameters: parser.schema.intents.mapValues { Set($0.parameters.map(\.name)) })
    }

    /// Every corpus file under the paths (files or folders, recursively): `.yaml` corpus files
    /// and `.jsonl` request files, in path order.
    public func files(under paths: [String]) -> [String] {
        var result: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                result.append(path)
                continue
            }
            if !isDirectory.boolValue {
                result.append(path)
                continue
            }
            let found = (fm.enumerator(atPath: path)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".jsonl") }
                .map { (path as NSString).appendingPathComponent($0) }
            result += found.sorted()
        }
        return result
    }

    /// Loads all sentence cases (files with `tests:`) and dialogues (files with `dialogues:`);
    /// throws `DiagnosticError` with every problem in every file.
    public func load(paths: [String]) throws -> Corpus {
        var log = DiagnosticLog()
        var corpus = Corpus()
        for file in files(under: paths) {
            if file.hasSuffix(".jsonl"), let data = FileManager.default.contents(atPath: file) {
                guard let text = String(data: data, encoding: .utf8) else {
                    log.error(SourceLocation(file: file), "not UTF-8 text")
                    continue
                }
                parseJSONLines(file, text: text, into: &corpus, log: &log)
                continue
            }
            var reader = YAMLReader(file: file, log: log)
            if FileManager.default.fileExists(atPath: file) {
                parseFile(&reader, url: URL(fileURLWithPath: file), into: &corpus)
            } else {
                reader.error(SourceLocation(file: file), "no such corpus file or folder")
            }
            log = reader.log
        }
        try log.throwIfErrors()
        return corpus
    }

    private func parseFile(_ reader: inout YAMLReader, url: URL, into corpus: inout Corpus) {
        guard let root = reader.root(of: url), let pairs = reader.mapping(root, "a corpus file") else { return }
        reader.checkKeys(pairs, allowed: ["language", "now", "tests", "dialogues"], in: "a corpus file")
        guard let locale = pairs.first(where: { $0.key == "language" }).flatMap({ reader.string($0.value, "language") }) else {
            reader.error(root, "missing 'language:'")
            return
        }
        let now = pairs.first { $0.key == "now" }.flatMap { referenceTime(&reader, $0.value) }
        if let tests = pairs.first(where: { $0.key == "tests" }) {
            corpus.cases += (reader.sequence(tests.value, "tests") ?? []).flatMap { parseCase(&reader, $0, locale: locale, now: now) }
        } else if let dialogues = pairs.first(where: { $0.key == "dialogues" }) {
            corpus.dialogues += (reader.sequence(dialogues.value, "dialogues") ?? []).compactMap {
                parseDialogue(&reader, $0, locale: locale, now: now)
            }
        } else {
            reader.error(root, "a corpus file needs 'tests:' (sentences) or 'dialogues:' (conversations)")
        }
    }

    /// `now:` as `--now` reads it: ISO 8601, its UTC offset the time zone of relative dates.
    private func referenceTime(_ reader: inout YAMLReader, _ node: Node) -> EntityContext? {
        guard let text = reader.string(node, "now") else { return nil }
        guard let context = EntityContext(iso: text) else {
            reader.error(node, "now: '\(text)' is not an ISO 8601 date and time (e.g. 2026-11-21T09:30:00-05:00)")
            return nil
        }
        return context
    }

    private func parseCase(_ reader: inout YAMLReader, _ node: Node, locale: String, now: EntityContext?) -> [CorpusCase] {
        guard let pairs = reader.mapping(node, "a test case") else { return [] }
        reader.checkKeys(pairs, allowed: CorpusLoader.caseKeys, in: "a test case")
        func value(_ key: String) -> Node? { pairs.first { $0.key == key }?.value }
        guard let sentencesNode = value("sentences") else {
            reader.error(node, "a test case needs 'sentences'")
            return []
        }
        guard let intentNode = value("intent") else {
            reader.error(node, "a test case needs 'intent' (an intent name, or null for a sentence that must be rejected)")
            return []
        }
        var expectation = parseRequest(&reader, intentNode, pairs: pairs)
        let givenApp = value("given_app").flatMap { reader.string($0, "given_app") }
        let tags = value("tags").map { reader.strings($0, "tags").map(\.0) } ?? []
        if expectation.intent == nil, !expectation.parameters.isEmpty {
            reader.error(node, "a case that must be rejected (intent: null) cannot list parameters")
        }
        if let alsoNode = value("also") {
            if expectation.intent == nil { reader.error(alsoNode, "a case that must be rejected (intent: null) cannot list more requests") }
            expectation.also = (reader.sequence(alsoNode, "also") ?? []).compactMap { item -> Expectation? in
                guard let itemPairs = reader.mapping(item, "a request of 'also'") else { return nil }
                reader.checkKeys(itemPairs, allowed: CorpusLoader.requestKeys, in: "a request of 'also'")
                guard let itemIntent = itemPairs.first(where: { $0.key == "intent" })?.value, !isNull(itemIntent) else {
                    reader.error(item, "a request of 'also' needs 'intent' (an intent name)")
                    return nil
                }
                return parseRequest(&reader, itemIntent, pairs: itemPairs)
            }
        }
        let sentences = isNull(sentencesNode) ? [] : reader.strings(sentencesNode, "sentences")
        if isNull(sentencesNode) || sentencesNode.sequence?.isEmpty == true {
            reader.error(sentencesNode, "a test case needs at least one sentence")
        }
        return sentences.map { sentence, sentenceNode in
            CorpusCase(
                file: reader.file, line: sentenceNode.mark?.line ?? 0, sentence: sentence, locale: locale,
                givenApp: givenApp, now: now, tags: tags, expectation: expectation)
        }
    }

    /// The `intent`, `app`, `parameters` and `missing` of a case or of a request of its `also`.
    private func parseRequest(_ reader: inout YAMLReader, _ intentNode: Node, pairs: [(key: String, keyNode: Node, value: Node)]) -> Expectation {
        func value(_ key: String) -> Node? { pairs.first { $0.key == key }?.value }
        let intent = isNull(intentNode) ? nil : intentName(&reader, intentNode)
        var app: String??
        if let appNode = value("app") { app = isNull(appNode) ? .some(nil) : .some(reader.string(appNode, "app")) }
        let parameters = value("parameters").map { parseParameters(&reader, $0) } ?? []
        let missing = value("missing").map { reader.strings($0, "missing").map(\.0) }
        return Expectation(intent: intent, app: app, parameters: parameters, missing: missing)
    }

    /// An `intent:` value: a name, which must be one of `intents` when they are known.
    func intentName(_ reader: inout YAMLReader, _ node: Node) -> String? {
        guard let name = reader.string(node, "intent") else { return nil }
        switch reader.scalarValue(node) {
        case .integer, .decimal, .boolean:
            reader.error(
                node, "intent: '\(name)' is no intent name (a SiriKit class name such as INSendMessageIntent, a custom intent's name, or null)")
            return nil
        default: break
        }
        if let intents, !intents.contains(name) {
            let hint = Suggestions.didYouMean(name, in: intents.sorted())
            reader.error(node, "unknown intent '\(name)'" + (hint.isEmpty ? ": neither SiriKit's nor a custom intent of a loaded app" : hint))
            return nil
        }
        return name
    }

    func isNull(_ node: Node) -> Bool {
        guard let scalar = node.scalar else { return false }
        return scalar.style == .plain && ["null", "~", ""].contains(scalar.string)
    }

    func parseParameters(_ reader: inout YAMLReader, _ node: Node) -> [(name: String, value: Expectation.Parameter)] {
        guard let pairs = reader.mapping(node, "parameters") else { return [] }
        return pairs.compactMap { pair in
            if let items = pair.value.sequence {
                return (pair.key, .multiple(items.compactMap { parseValue(&reader, $0) }))
            }
            return parseValue(&reader, pair.value).map { (pair.key, .single($0)) }
        }
    }

    private func parseValue(_ reader: inout YAMLReader, _ node: Node) -> Expectation.Value? {
        if node.scalar != nil { return reader.string(node, "a parameter value").map { Expectation.Value(spoken: $0) } }
        guard let pairs = reader.mapping(node, "a parameter value") else { return nil }
        reader.checkKeys(pairs, allowed: ["spoken", "identifier", "value"], in: "a parameter value")
        guard let spoken = pairs.first(where: { $0.key == "spoken" }).flatMap({ reader.string($0.value, "spoken") }) else {
            reader.error(node, "a parameter value needs 'spoken' (the words as typed)")
            return nil
        }
        let identifier = pairs.first { $0.key == "identifier" }.flatMap { reader.string($0.value, "identifier") }
        let value = pairs.first { $0.key == "value" }.flatMap { reader.json($0.value) }
        return Expectation.Value(spoken: spoken, identifier: identifier, value: value?.canonical)
    }
}

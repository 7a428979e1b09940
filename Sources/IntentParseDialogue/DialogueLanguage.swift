import Foundation
import IntentParseBase
import IntentParseGrammar
import IntentParseNormalization
import IntentParseVocabulary
import IntentParseYAML
import Yams

/// A language's conversation words: replies (yes, no, cancel, ordinals) and prompt templates,
/// read from `Grammars/<locale>/dialogue/*.yaml`, so no language lives in Swift code.
package struct DialogueLanguage: Sendable {
    package enum Reply: Sendable, Equatable {
        case yes, no, cancel
        /// 1-based position; -1 is "the last one".
        case ordinal(Int)
    }

    package let locale: String
    let normalizer: Normalizer
    /// Reply templates in file order; the first that matches a reply classifies it.
    var replies: [(pattern: ReplyPattern, reply: Reply)] = []
    var prompts: [String: String] = [:]
    var conjunction = "and"
    var optionFormat = "{number}. {name}"
    var optionSeparator = "  "
    /// Phrases that separate items of a multi-valued answer ("Bobo and Coco"), as token keys
    /// (punctuation by its text), longest first.
    var itemSeparators: [[String]] = []
    var skipWords: Set<String> = []

    static let fileKeys = ["language", "replies", "ordinals", "choices", "conjunction", "options", "prompts", "capabilities"]
    /// Stands for an app's name in capability questions ("what can {app} do").
    static let appMarker = "appnameplaceholder"
    /// "what can you do" and "what can {app} do", with `appMarker` for the name.
    var capabilityQuestions: [ReplyPattern] = []

    init(locale: String, rules: TokenRules = TokenRules()) {
        self.locale = locale
        self.normalizer = Normalizer.shared(locale: locale, rules: rules)
    }

    /// Loads `<localeFolder>/dialogue/*.yaml`; nil when the folder does not exist.
    package static func load(localeFolder: URL, grammar: LanguageGrammar, log: inout DiagnosticLog) -> DialogueLanguage? {
        let folder = localeFolder.appendingPathComponent("dialogue")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
        guard !files.isEmpty else { return nil }
        var language = DialogueLanguage(locale: grammar.locale, rules: grammar.tokenRules)
        language.skipWords = Set(grammar.skipWords.map(language.key))
        if let separator = grammar.rules[LanguageGrammar.itemSeparatorRule] {
            let phrases = Set(separator.source.expression.phrases(rules: grammar.rules).map(language.separatorKeys)).filter { !$0.isEmpty }
            language.itemSeparators = phrases.sorted { ($0.count, $0.joined()) > ($1.count, $1.joined()) }
        }
        let errorsBefore = log.diagnostics.filter { $0.severity == .error }.count
        for file in files {
            var reader = YAMLReader(file: folder.appendingPathComponent(file).path, log: log)
            language.read(&reader, url: folder.appendingPathComponent(file))
            log = reader.log
        }
        // A file that did not read already has its error; missing prompts would only repeat it.
        guard log.diagnostics.filter({ $0.severity == .error }).count == errorsBefore else { return language }
        for required in [
            "needsValue", "disambiguation", "confirmationRequired", "needsMoreDetails", "unsupported",
            "confirmIntent", "done", "failure", "cancelled", "choiceOutOfRange", "notUnderstood", "unsupportedRequest"
        ]
        where language.prompts[required] == nil {
            log.error(SourceLocation(file: folder.path), "dialogue prompts for '\(grammar.locale)' have no '\(required)'")
        }
        return language
    }

    private mutating func read(_ reader: inout YAMLReader, url: URL) {
        guard let root = reader.root(of: url), let pairs = reader.mapping(root, "a dialogue file") else { return }
        reader.checkKeys(pairs, allowed: DialogueLanguage.fileKeys, in: "a dialogue file")
        var ordinals: [(String, Int)] = []
        var choices: [(String, Node)] = []
        for pair in pairs {
            switch pair.key {
            case "replies": readReplies(&reader, pair.value)
            case "ordinals": ordinals = readOrdinals(&reader, pair.value)
            case "choices": choices = reader.strings(pair.value, "choices")
            case "capabilities":
                for (text, node) in reader.strings(pair.value, "capabilities") { addCapabilityQuestion(&reader, text, node: node) }
            case "conjunction": conjunction = reader.string(pair.value, "conjunction") ?? conjunction
            case "options": readOptions(&reader, pair.value)
            case "prompts":
                for prompt in reader.mapping(pair.value, "prompts") ?? [] {
                    prompts[prompt.key] = reader.string(prompt.value, "prompt \(prompt.key)")
                }
            default: break
            }
        }
        for (text, node) in choices {
            for (ordinal, position) in ordinals {
                let template = text.replacingOccurrences(of: "{ordinal}", with: "(\(ordinal))")
                addPhrases(&reader, template, node: node, reply: .ordinal(position))
            }
        }
    }

    private mutating func readReplies(_ reader: inout YAMLReader, _ node: Node) {
        let kinds: [String: Reply] = ["yes": .yes, "no": .no, "cancel": .cancel]
        let pairs = reader.mapping(node, "replies") ?? []
        reader.checkKeys(pairs, allowed: Array(kinds.keys).sorted(), in: "replies")
        for pair in pairs {
            guard let reply = kinds[pair.key] else { continue }
            for (text, item) in reader.strings(pair.value, "replies.\(pair.key)") { addPhrases(&reader, text, node: item, reply: reply) }
        }
    }

    private func readOrdinals(_ reader: inout YAMLReader, _ node: Node) -> [(String, Int)] {
        (reader.sequence(node, "ordinals") ?? []).compactMap { item in
            guard let pairs = reader.mapping(item, "an ordinal"),
                let text = pairs.first(where: { $0.key == "in" }).flatMap({ reader.string($0.value, "in") }),
                let position = pairs.first(where: { $0.key == "out" }).flatMap({ reader.integer($0.value, "out") })
            else {
                reader.error(item, "an ordinal needs 'in' (a template) and 'out' (a position; -1 for the last)")
                return nil
            }
            return (text, position)
        }
    }

    private mutating func readOptions(_ reader: inout YAMLReader, _ node: Node) {
        for pair in reader.mapping(node, "options") ?? [] {
            switch pair.key {
            case "format": optionFormat = reader.string(pair.value, "options.format") ?? optionFormat
            case "separator": optionSeparator = reader.string(pair.value, "options.separator") ?? optionSeparator
            default: reader.error(pair.keyNode, "unknown key '\(pair.key)' in options; expected format, separator")
            }
        }
    }

    private mutating func addPhrases(_ reader: inout YAMLReader, _ template: String, node: Node, reply: Reply) {
        guard let pattern = pattern(&reader, template, node: node) else { return }
        replies.append((pattern, reply))
    }

    private mutating func addCapabilityQuestion(_ reader: inout YAMLReader, _ template: String, node: Node) {
        let marked = template.replacingOccurrences(of: "{app}", with: DialogueLanguage.appMarker)
        if let pattern = pattern(&reader, marked, node: node) { capabilityQuestions.append(pattern) }
    }

    private func pattern(_ reader: inout YAMLReader, _ template: String, node: Node) -> ReplyPattern? {
        do {
            let expression = try TemplateParser.parse(template)
            // NB: a reply is matched on its words alone: no grammar file's rules are in scope.
            if let rule = expression.rules.first {
                reader.error(node, "a dialogue template cannot use the rule <\(rule.name)>: write its words out")
                return nil
            }
            return ReplyPattern(expression, key: normalizer.looseKeys)
        } catch {
            reader.error(node, "bad template: \(error.message)")
            return nil
        }
    }

    /// What a question about capabilities asks about.
    package enum CapabilityQuestion: Equatable {
        case allApps
        /// The app of this identifier.
        case app(String)
    }

    /// Whether `text` asks what the system, or one app, can do; the app is one of those that
    /// `mentions` finds in `text` (looked for only when the question is not about all apps).
    package func capabilityQuestion(_ text: String, mentions: () -> [AppMention]) -> CapabilityQuestion? {
        let said = normalizer.looseKeys(text)
        if capabilityQuestions.contains(where: { $0.matches(said) }) { return .allApps }
        // Finding the apps a line names costs a match of its own: asked only when some question
        // about an app has its words somewhere in the line (within words: the parts of a line
        // around a name may be cut into words otherwise than the whole line, as Chinese is).
        let whole = Array(said.joined().utf8)
        guard
            capabilityQuestions.contains(where: { pattern in
                pattern.requiredWords.allSatisfy { $0 == DialogueLanguage.appMarker || DialogueLanguage.occurs($0, in: whole) }
            })
        else { return nil }
        let utf16 = Array(text.utf16)
        for mention in mentions().preferringExact where mention.range.upperBound <= utf16.count {
            let before = String(decoding: utf16[..<mention.range.lowerBound], as: UTF16.self)
            let after = String(decoding: utf16[mention.range.upperBound...], as: UTF16.self)
            let marked = normalizer.looseKeys(before) + [DialogueLanguage.appMarker] + normalizer.looseKeys(after)
            if capabilityQuestions.contains(where: { $0.matches(marked) }) { return .app(mention.identifier) }
        }
        return nil
    }

    /// Whether `word`'s bytes occur in `text`.
    ///
    /// NB: searched as bytes (the keys are folded already): `String.contains` went through
    /// Foundation's locale-aware search, and the standard library's generic `firstRange(of:)`
    /// is not specialized here; either cost more than the rest of the question.
    private static func occurs(_ word: String, in text: [UInt8]) -> Bool {
        let needle = Array(word.utf8)
        guard let first = needle.first else { return true }
        guard needle.count <= text.count else { return false }
        for start in 0...(text.count - needle.count) where text[start] == first {
            if text[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    /// Loose keys of the words, joined by single spaces.
    package func key(_ text: String) -> String {
        normalizer.looseKeys(text).joined(separator: " ")
    }

    /// Reads a reply as yes / no / cancel / an ordinal; skip words around it are ignored.
    package func classify(_ text: String) -> Reply? {
        let words = normalizer.looseKeys(text)
        if let reply = replies.first(where: { $0.pattern.matches(words) })?.reply { return reply }
        let kept = words.filter { !skipWords.contains($0) }
        guard kept.count < words.count else { return nil }
        return replies.first { $0.pattern.matches(kept) }?.reply
    }

    /// Splits a reply into items at separator words ("Bobo and Coco" → Bobo | Coco). Emoji and
    /// emoticons are an item's text like its words ("🍎 and 🍌" → 🍎 | 🍌).
    package func items(_ text: String) -> [String] {
        let tokenized = normalizer.tokenize(text)
        let keys = tokenized.tokens.map(DialogueLanguage.separatorKey)
        var items: [String] = []
        var first: Int?, last: Int?
        var index = 0
        while index < keys.count {
            if let separator = itemSeparators.first(where: { keys[index...].starts(with: $0) }) {
                if let f = first, let l = last { items.append(tokenized.slice(tokens: f, through: l)) }
                first = nil
                index += separator.count
                continue
            }
            if !tokenized.tokens[index].isPunctuation || tokenized.tokens[index].isSymbol {
                if first == nil { first = index }
                last = index
            }
            index += 1
        }
        if let f = first, let l = last { items.append(tokenized.slice(tokens: f, through: l)) }
        return items
    }

    /// A separator phrase as token keys: words by loose key, punctuation by its text.
    func separatorKeys(_ phrase: String) -> [String] {
        normalizer.tokenize(phrase).tokens.map(DialogueLanguage.separatorKey)
    }

    static func separatorKey(_ token: Token) -> String { token.isPunctuation ? token.text : token.looseKey }

    /// The first prompt template found among `keys`, with `{name}` placeholders filled.
    package func prompt(_ keys: [String], _ values: [String: String]) -> String {
        DialogueLanguage.fill(keys.lazy.compactMap { prompts[$0] }.first ?? "", values)
    }

    /// `template` with each `{name}` placeholder replaced by `values[name]` (left as it is when
    /// `values` has no such name).
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            result += values[name] ?? "{\(name)}"
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// "A, B and C".
    package func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + (items.last ?? "")
    }

    /// "1. Bobo the Great  2. Bobo Jr."
    package func options(_ names: [String]) -> String {
        names.enumerated().map { index, name in
            DialogueLanguage.fill(optionFormat, ["number": String(index + 1), "name": name])
        }.joined(separator: optionSeparator)
    }
}

// The compiled-grammar cache keeps a locale's dialogue words as read (`BinaryStorable`), all
// but the normalizer, which is made anew from the grammar's token rules.

extension DialogueLanguage.Reply: BinaryStorable {
    package func write(to writer: BinaryWriter) {
        switch self {
        case .yes: writer.varint(0)
        case .no: writer.varint(1)
        case .cancel: writer.varint(2)
        case .ordinal(let position): writer.varint(3); writer.write(position)
        }
    }

    package init(from reader: BinaryReader) throws {
        switch try reader.varint() {
        case 0: self = .yes
        case 1: self = .no
        case 2: self = .cancel
        case 3: self = .ordinal(try reader.int())
        case let other: throw reader.damaged("no reply of kind \(other)")
        }
    }
}

extension DialogueLanguage {
    package func write(to writer: BinaryWriter) {
        writer.write(locale)
        writer.write(replies.map(\.pattern))
        writer.write(replies.map(\.reply))
        writer.write(prompts)
        writer.write(conjunction)
        writer.write(optionFormat)
        writer.write(optionSeparator)
        writer.write(itemSeparators)
        writer.write(skipWords)
        writer.write(capabilityQuestions)
    }

    /// The dialogue words `write(to:)` wrote, for a grammar with these token rules.
    package init(from reader: BinaryReader, rules: TokenRules) throws {
        self.init(locale: try reader.string(), rules: rules)
        let patterns = try reader.array(ReplyPattern.self), kinds = try reader.array(Reply.self)
        guard patterns.count == kinds.count else { throw reader.damaged("\(patterns.count) reply patterns, \(kinds.count) replies") }
        replies = Array(zip(patterns, kinds)).map { (pattern: $0.0, reply: $0.1) }
        prompts = try reader.read()
        conjunction = try reader.string()
        optionFormat = try reader.string()
        optionSeparator = try reader.string()
        itemSeparators = try reader.read()
        skipWords = try reader.read()
        capabilityQuestions = try reader.array()
    }

    /// Whether two languages hold the same words (their normalizers aside).
    package func holdsTheSameWords(as other: DialogueLanguage) -> Bool {
        locale == other.locale && replies.map(\.pattern) == other.replies.map(\.pattern) && replies.map(\.reply) == other.replies.map(\.reply)
            && prompts == other.prompts && conjunction == other.conjunction && optionFormat == other.optionFormat
            && optionSeparator == other.optionSeparator && itemSeparators == other.itemSeparators && skipWords == other.skipWords
            && capabilityQuestions == other.capabilityQuestions
    }
}

import Foundation
import IntentParseBase
import IntentParseNormalization
import IntentParseYAML
import Yams

/// Reads one grammar file (hassil format plus our list keys) into a `LanguageGrammar` fragment.
struct GrammarFileParser {
    static let topLevelKeys = ["language", "intents", "lists", "expansion_rules", "skip_words", "settings", "tokens", "responses"]
    static let tokenKeys = ["elisions", "split_at_apostrophe", "transform", "suffixes"]
    static let dataKeys = [
        "sentences", "slots", "requires_context", "excludes_context", "metadata", "response", "expansion_rules", "lists",
        "required_keywords"
    ]
    static let listKeys = ["values", "range", "wildcard", "vocabulary", "parameter", "entity", "exclude_first_words"]

    var reader: YAMLReader
    let locale: String
    var grammar: LanguageGrammar

    init(file: String, locale: String, log: DiagnosticLog) {
        self.reader = YAMLReader(file: file, log: log)
        self.locale = locale
        self.grammar = LanguageGrammar(locale: locale)
        grammar.files = [file]
    }

    mutating func parse(url: URL) {
        guard let root = reader.root(of: url), let pairs = reader.mapping(root, "a grammar file") else { return }
        reader.warnUnknownKeys(pairs, allowed: GrammarFileParser.topLevelKeys, in: "a grammar file")
        reader.requireLanguage(pairs, in: root, locale: locale)
        for pair in pairs {
            switch pair.key {
            case "language": reader.checkLanguage(pair.value, locale: locale)
            case "intents": parseIntents(pair.value)
            case "lists": parseLists(pair.value)
            case "expansion_rules": parseRules(pair.value)
            case "skip_words": grammar.skipWords += reader.strings(pair.value, "skip_words").map(\.0)
            case "settings": reader.warning(pair.keyNode, "hassil 'settings' are not used by intentparse and are ignored")
            case "tokens": parseTokenRules(pair.value)
            default: break
            }
        }
    }

    /// `tokens:` (ours): how the language cuts words further than ICU does.
    private mutating func parseTokenRules(_ node: Node) {
        guard let pairs = reader.mapping(node, "tokens") else { return }
        reader.checkKeys(pairs, allowed: GrammarFileParser.tokenKeys, in: "tokens")
        var rules = TokenRules()
        for pair in pairs {
            switch pair.key {
            case "elisions":
                for (elision, itemNode) in reader.strings(pair.value, "tokens.elisions") {
                    let last = elision.unicodeScalars.last.map { "'’ʼ".unicodeScalars.contains($0) } ?? false
                    if !last || elision.unicodeScalars.count < 2 {
                        reader.error(
                            reader.location(itemNode), "tokens.elisions: '\(elision)' is not an elided word ending in an apostrophe, such as \"l'\"")
                    } else {
                        rules.elisions.append(elision)
                    }
                }
            case "transform":
                guard let id = reader.string(pair.value, "tokens.transform") else { break }
                if Normalizer.isTransform(id) {
                    rules.transform = id
                } else {
                    reader.error(
                        reader.location(pair.value), "tokens.transform: ICU has no transform '\(id)' (e.g. Traditional-Simplified, Any-Latin)")
                }
            case "suffixes":
                for (suffix, itemNode) in reader.strings(pair.value, "tokens.suffixes") {
                    if suffix.isEmpty || suffix.contains(where: { !$0.isLetter }) {
                        reader.error(reader.location(itemNode), "tokens.suffixes: '\(suffix)' is not a suffix (letters only, no apostrophe)")
                    } else {
                        rules.suffixes.append(suffix)
                    }
                }
            case "split_at_apostrophe":
                if case .boolean(let flag)? = reader.scalarValue(pair.value) {
                    rules.splitAtApostrophe = flag
                } else {
                    reader.error(reader.location(pair.value), "tokens.split_at_apostrophe must be true or false")
                }
            default: break
            }
        }
        grammar.tokenRules = grammar.tokenRules.merged(with: rules)
    }

    /// Parses a template string node; reports a syntax error with a caret under it.
    mutating func template(_ text: String, node: Node) -> SourcedExpression? {
        let location = reader.location(node)
        let firstColumn = reader.firstColumn(of: node)
        do {
            let expression = try TemplateParser.parse(text)
            return SourcedExpression(text: text, expression: expression, location: location, firstColumn: firstColumn)
        } catch {
            var at = location
            if let firstColumn { at.column = firstColumn + error.offset }
            reader.error(at, "bad template: \(error.message)")
            return nil
        }
    }

    // MARK: intents

    private mutating func parseIntents(_ node: Node) {
        guard let intents = reader.mapping(node, "intents") else { return }
        for intent in intents {
            guard let intentPairs = reader.mapping(intent.value, "intent \(intent.key)") else { continue }
            reader.warnUnknownKeys(intentPairs, allowed: ["data", "frame"], in: "intent \(intent.key)")
            for pair in intentPairs {
                switch pair.key {
                case "data":
                    guard let blocks = reader.sequence(pair.value, "data") else { continue }
                    for block in blocks { parseDataBlock(block, intent: intent.key, intentNode: intent.keyNode) }
                case "frame": parseFrame(pair.value, intent: intent.key)
                default: break
                }
            }
        }
    }

    /// `frame:` (ours): the intent's cues for the second matching stage, each role a list of
    /// templates.
    private mutating func parseFrame(_ node: Node, intent: String) {
        guard let pairs = reader.mapping(node, "frame of \(intent)") else { return }
        let roles = FrameCue.Role.allCases
        reader.checkKeys(pairs, allowed: roles.map(\.key), in: "frame of \(intent)")
        for pair in pairs {
            guard let role = roles.first(where: { $0.key == pair.key }) else { continue }
            for (text, itemNode) in reader.strings(pair.value, "frame.\(pair.key)") {
                guard var source = template(text, node: itemNode) else { continue }
                source.location.keyPath = "intents.\(intent).frame.\(pair.key)"
                grammar.frameCues.append(FrameCue(intent: intent, role: role, source: source))
            }
        }
    }

    private mutating func parseDataBlock(_ node: Node, intent: String, intentNode: Node) {
        guard let pairs = reader.mapping(node, "a data block") else { return }
        reader.warnUnknownKeys(pairs, allowed: GrammarFileParser.dataKeys, in: "a data block")
        var fixed: [(name: String, value: ScalarValue)] = []
        var sentences: [(String, Node)] = []
        var scope = LocalScope()
        var requires: JSONValue?, excludes: JSONValue?
        for pair in pairs {
            switch pair.key {
            case "sentences": sentences = reader.strings(pair.value, "sentences")
            case "slots": fixed = parseFixedSlots(pair.value)
            // A block's own rules and lists: seen by its sentences only, before the shared ones.
            case "expansion_rules": scope.rules = readRules(pair.value)
            case "lists": scope.lists = readLists(pair.value)
            case "requires_context": requires = contextCondition(pair.value, "requires_context")
            case "excludes_context": excludes = contextCondition(pair.value, "excludes_context")
            default: break
            }
        }
        if sentences.isEmpty { reader.warning(node, "a data block of \(intent) has no sentences") }
        for (text, sentenceNode) in sentences {
            guard let source = template(text, node: sentenceNode) else { continue }
            var at = source
            at.location.keyPath = "intents.\(intent)"
            if !scope.isEmpty { scope.templates.append(grammar.templates.count) }
            grammar.templates.append(
                Template(
                    intent: intent, source: at, fixedSlots: fixed, index: grammar.templates.count, requiresContext: requires,
                    excludesContext: excludes))
        }
        if !scope.isEmpty, !scope.templates.isEmpty { grammar.localScopes.append(scope) }
    }

    /// `requires_context:` / `excludes_context:`: a mapping of context keys, kept as written.
    private mutating func contextCondition(_ node: Node, _ what: String) -> JSONValue? {
        guard let value = reader.json(node), case .object = value else {
            reader.error(node, "\(what) must be a mapping of context keys (such as {domain: light})")
            return nil
        }
        return value
    }

    /// `slots:`: each a value, or a list of the values it may be (one entry per value).
    private mutating func parseFixedSlots(_ node: Node) -> [(name: String, value: ScalarValue)] {
        guard let pairs = reader.mapping(node, "slots") else { return [] }
        return pairs.flatMap { pair -> [(name: String, value: ScalarValue)] in
            let items = pair.value.sequence ?? [pair.value]
            let values = items.compactMap { reader.scalarValue($0) }
            guard !values.isEmpty, values.count == items.count else {
                reader.error(pair.value, "a fixed slot value must be a value or a list of values")
                return []
            }
            return values.map { (pair.key, $0) }
        }
    }

    // MARK: expansion rules

    private mutating func parseRules(_ node: Node) {
        for rule in readRules(node) {
            if grammar.rules[rule.name] != nil {
                reader.error(rule.source.location, "expansion rule <\(rule.name)> is defined twice")
                continue
            }
            grammar.rules[rule.name] = rule
        }
    }

    /// An `expansion_rules` mapping's rules, in the order written (each name once).
    private mutating func readRules(_ node: Node) -> [ExpansionRule] {
        guard let pairs = reader.mapping(node, "expansion_rules") else { return [] }
        var rules: [ExpansionRule] = []
        for pair in pairs {
            guard let text = reader.string(pair.value, "expansion rule \(pair.key)"),
                let source = template(text, node: pair.value)
            else { continue }
            if rules.contains(where: { $0.name == pair.key }) {
                reader.error(pair.keyNode, "expansion rule <\(pair.key)> is defined twice")
                continue
            }
            rules.append(ExpansionRule(name: pair.key, source: source))
        }
        return rules
    }

    // MARK: lists

    private mutating func parseLists(_ node: Node) {
        for list in readLists(node) {
            if grammar.lists[list.name] != nil {
                reader.error(list.location, "list {\(list.name)} is defined twice")
                continue
            }
            grammar.lists[list.name] = list
        }
    }

    /// A `lists` mapping's lists, in the order written (each name once; not `app`).
    mutating func readLists(_ node: Node) -> [ListDefinition] {
        guard let pairs = reader.mapping(node, "lists") else { return [] }
        var lists: [ListDefinition] = []
        for pair in pairs {
            if pair.key == LanguageGrammar.appList {
                reader.error(pair.keyNode, "'app' is the built-in list of app names and cannot be redefined")
                continue
            }
            if lists.contains(where: { $0.name == pair.key }) {
                reader.error(pair.keyNode, "list {\(pair.key)} is defined twice")
                continue
            }
            if let list = parseList(pair.key, keyNode: pair.keyNode, node: pair.value) { lists.append(list) }
        }
        return lists
    }

    private mutating func parseList(_ name: String, keyNode: Node, node: Node) -> ListDefinition? {
        guard let pairs = reader.mapping(node, "list {\(name)}") else { return nil }
        reader.warnUnknownKeys(pairs, allowed: GrammarFileParser.listKeys, in: "list {\(name)}")
        var list = ListDefinition(name: name, location: reader.location(keyNode))
        for pair in pairs {
            switch pair.key {
            case "values": list.values = parseValues(pair.value)
            case "range":
                list.range = parseRange(pair.value)
                list.fractions = rangeFractions(pair.value)
            case "wildcard": list.isWildcard = reader.scalarValue(pair.value) == .boolean(true)
            case "vocabulary": list.vocabulary = reader.string(pair.value, "vocabulary")
            case "parameter": list.parameter = reader.string(pair.value, "parameter")
            case "entity": list.entity = reader.string(pair.value, "entity")
            case "exclude_first_words": list.excludedFirstWords = reader.strings(pair.value, "exclude_first_words").map(\.0)
            default: break
            }
        }
        if !list.excludedFirstWords.isEmpty, !list.isWildcard {
            reader.error(keyNode, "list {\(name)}: exclude_first_words applies only to a wildcard list")
        }
        let sources = [!list.values.isEmpty, list.range != nil, list.entity != nil].filter { $0 }.count
        if sources > 1 {
            reader.error(keyNode, "list {\(name)} mixes values, range and entity; use one of them")
        }
        if sources == 0, !list.isWildcard, list.vocabulary == nil, list.parameter == nil {
            reader.error(keyNode, "list {\(name)} has no values: give values, range, wildcard, vocabulary, parameter or entity")
        }
        return list
    }

    private mutating func parseValues(_ node: Node) -> [ListValue] {
        guard let items = reader.sequence(node, "values") else { return [] }
        return items.compactMap { item in
            if item.scalar != nil {
                guard let value = reader.scalarValue(item), let spoken = template(value.description, node: item) else { return nil }
                return ListValue(spoken: spoken, out: value.json)
            }
            guard let pairs = reader.mapping(item, "a list value") else { return nil }
            reader.warnUnknownKeys(pairs, allowed: ["in", "out", "context", "metadata"], in: "a list value")
            guard let inPair = pairs.first(where: { $0.key == "in" }) else {
                reader.error(item, "a list value needs 'in' (what is said)")
                return nil
            }
            guard let text = reader.string(inPair.value, "in"), let spoken = template(text, node: inPair.value) else { return nil }
            var out = JSONValue.string(text)
            if let outPair = pairs.first(where: { $0.key == "out" }), let value = reader.json(outPair.value) { out = value }
            var context: JSONValue?
            if let contextPair = pairs.first(where: { $0.key == "context" }) {
                context = reader.json(contextPair.value)
                if case .object? = context {
                } else {
                    reader.error(contextPair.value, "a list value's context must be a mapping (such as {domain: light})")
                    context = nil
                }
            }
            return ListValue(spoken: spoken, out: out, context: context)
        }
    }

    /// A range's `fractions` (hassil): `halves` or `tenths`, as parts of one.
    private mutating func rangeFractions(_ node: Node) -> Int {
        guard let value = node.mapping?[Node("fractions")] else { return 1 }
        switch reader.string(value, "range.fractions") {
        case "halves"?: return 2
        case "tenths"?: return 10
        default:
            reader.error(value, "range.fractions is halves or tenths")
            return 1
        }
    }

    private mutating func parseRange(_ node: Node) -> (from: Int, to: Int, step: Int)? {
        guard let pairs = reader.mapping(node, "range") else { return nil }
        reader.warnUnknownKeys(pairs, allowed: ["from", "to", "step", "type", "multiplier", "digits", "words", "fractions"], in: "range")
        var from: Int?, to: Int?, step = 1
        for pair in pairs {
            switch pair.key {
            case "from": from = reader.integer(pair.value, "range.from")
            case "to": to = reader.integer(pair.value, "range.to")
            case "step": step = reader.integer(pair.value, "range.step") ?? 1
            default: break
            }
        }
        guard let from, let to else {
            reader.error(node, "a range needs 'from' and 'to'")
            return nil
        }
        guard step > 0, from <= to else {
            reader.error(node, "a range needs from ≤ to and a positive step")
            return nil
        }
        return (from, to, step)
    }
}

import IntentParseBase
import IntentParseSchema

/// Checks a merged grammar against the schema and itself, reporting every problem at once, so
/// that nothing first surfaces at match time.
struct GrammarValidator {
    let schema: Schema
    let entities: [String]
    static let maxPermutationItems = TemplateParser.maxPermutationItems

    /// Validates `grammar` and sets aside the templates of intents the schema does not know
    /// (`inactiveTemplates`): a grammar may carry templates for apps that are not loaded.
    func validate(_ grammar: inout LanguageGrammar, log: inout DiagnosticLog) {
        // Custom intents of apps that are not loaded are set aside; intents no schema names
        // otherwise are the grammar's own (`schemalessIntents`).
        let schema = self.schema.including(grammar.schemalessIntents(in: self.schema))
        let undeclared = grammar.templates.filter { schema[$0.intent] == nil }
        if !undeclared.isEmpty {
            grammar.inactiveTemplates += undeclared
            grammar.templates = grammar.templates.filter { schema[$0.intent] != nil }.enumerated().map { $0.element.renumbered($0.offset) }
        }
        checkLists(grammar, log: &log)
        checkRules(grammar, log: &log)
        for template in grammar.templates {
            checkReferences(template.source, grammar: grammar, intent: schema[template.intent], log: &log)
            checkFixedSlots(template, log: &log)
        }
        for template in grammar.inactiveTemplates {
            checkReferences(template.source, grammar: grammar, intent: nil, log: &log)
        }
        // The cues of an intent no loaded app declares go with its templates.
        grammar.frameCues = grammar.frameCues.filter { schema[$0.intent] != nil }
        checkFrames(grammar, schema: schema, log: &log)
    }

    /// Cues name known rules, lists and parameters; verbs and exclusions are words only; each
    /// intent with cues has a verb and an object.
    private func checkFrames(_ grammar: LanguageGrammar, schema: Schema, log: inout DiagnosticLog) {
        var roles: [String: Set<FrameCue.Role>] = [:]
        var firstCue: [String: FrameCue] = [:]
        for cue in grammar.frameCues {
            checkReferences(cue.source, grammar: grammar, intent: schema[cue.intent], log: &log)
            roles[cue.intent, default: []].insert(cue.role)
            if firstCue[cue.intent] == nil { firstCue[cue.intent] = cue }
            if cue.role == .verb || cue.role == .exclude, let slot = cue.source.expression.slots.first {
                log.error(
                    cue.source.location(at: slot.offset),
                    "frame.\(cue.role.key) of \(cue.intent): a cue of this kind is words only, without slots such as {\(slot.list)}")
            }
        }
        for (intent, cue) in firstCue.sorted(by: { $0.key < $1.key }) {
            for role in [FrameCue.Role.verb, .object] where roles[intent]?.contains(role) != true {
                log.error(cue.source.location, "the frame of \(intent) has no \(role.key): a frame needs at least one verb and one object")
            }
        }
    }

    /// One warning per intent that no loaded app declares but the grammar uses, in templates
    /// (inactive) or in lists bound to its parameters (left without vocabulary), at its first
    /// use, with the closest known intent.
    /// Across several locales' grammars, still one warning per intent, naming the locales.
    static func inactiveIntentWarnings(_ grammars: [LanguageGrammar], schema: Schema) -> [Diagnostic] {
        var templates: [String: [Template]] = [:]
        var lists: [String: [ListDefinition]] = [:]
        var locales: [String: Set<String>] = [:]
        for grammar in grammars.sorted(by: { $0.locale < $1.locale }) {
            for template in grammar.inactiveTemplates {
                templates[template.intent, default: []].append(template)
                locales[template.intent, default: []].insert(grammar.locale)
            }
            for list in grammar.lists.values.sorted(by: { $0.name < $1.name }) {
                guard let path = list.parameter, let dot = path.firstIndex(of: "."), schema[String(path[..<dot])] == nil else { continue }
                lists[String(path[..<dot]), default: []].append(list)
                locales[String(path[..<dot]), default: []].insert(grammar.locale)
            }
        }
        return Set(templates.keys).union(lists.keys).sorted().map { name in
            var parts: [String] = []
            if let uses = templates[name] {
                parts.append(uses.count == 1 ? "its template is inactive" : "its \(uses.count) templates are inactive")
            }
            if let bound = lists[name] {
                parts.append(bound.map { "{\($0.name)}" }.joined(separator: ", ") + (bound.count == 1 ? " has" : " have") + " no vocabulary")
            }
            let location = templates[name]?.first?.source.location ?? lists[name]?.first?.location ?? SourceLocation(file: name)
            let places = locales[name].map { $0.count > 1 ? " (in \($0.sorted().joined(separator: ", ")))" : "" } ?? ""
            return .warning(
                location,
                "no loaded app declares intent '\(name)'; " + parts.joined(separator: " and ") + places
                    + Suggestions.didYouMean(name, in: schema.intentNames))
        }
    }

    private func checkLists(_ grammar: LanguageGrammar, log: inout DiagnosticLog) {
        for list in grammar.lists.values.sorted(by: { $0.name < $1.name }) {
            if let type = list.vocabulary, !schema.vocabularyTypes.contains(type) {
                log.error(
                    list.location, "list {\(list.name)}: unknown vocabulary type '\(type)'" + Suggestions.didYouMean(type, in: schema.vocabularyTypes)
                )
            }
            if let path = list.parameter, schema.parameter(path: path) == nil,
                schema[String(path.prefix { $0 != "." })] != nil || !path.contains(".")
            {
                log.error(list.location, "list {\(list.name)}: unknown parameter '\(path)'; expected IntentName.parameterName")
            }
            if let entity = list.entity, !entities.contains(entity) {
                log.error(
                    list.location,
                    "list {\(list.name)}: unknown entity '\(entity)'" + Suggestions.didYouMean(entity, in: entities)
                        + "; known: \(entities.joined(separator: ", "))")
            }
            for value in list.values where !value.spoken.expression.slots.isEmpty {
                log.error(value.spoken.location, "list {\(list.name)}: a value cannot contain a slot")
            }
        }
    }

    private func checkRules(_ grammar: LanguageGrammar, log: inout DiagnosticLog) {
        for rule in grammar.rules.values.sorted(by: { $0.name < $1.name }) {
            // A shared rule may name a block's own rule or list: blocks that use it get a copy
            // that sees theirs.
            checkReferences(rule.source, grammar: grammar, intent: nil, log: &log, scoped: grammar.scopedNames)
            if let cycle = cycle(from: rule.name, grammar: grammar, path: []) {
                log.error(rule.source.location, "expansion rule <\(rule.name)> refers to itself: \(cycle.map { "<\($0)>" }.joined(separator: " → "))")
            }
        }
        for name in [LanguageGrammar.appPrefixRule, LanguageGrammar.appSuffixRule] {
            if let rule = grammar.rules[name], !rule.source.expression.slots.contains(where: { $0.list == LanguageGrammar.appList }) {
                log.error(rule.source.location, "reserved rule <\(name)> must mention {app}")
            }
        }
        for name in [LanguageGrammar.itemSeparatorRule, LanguageGrammar.requestSeparatorRule] {
            if let rule = grammar.rules[name], !rule.source.expression.slots.isEmpty {
                log.error(rule.source.location, "reserved rule <\(name)> cannot contain slots")
            }
        }
    }

    private func cycle(from name: String, grammar: LanguageGrammar, path: [String]) -> [String]? {
        if path.contains(name) { return path + [name] }
        guard let rule = grammar.rules[name], path.count < 64 else { return nil }
        for reference in rule.source.expression.rules {
            if let found = cycle(from: reference.name, grammar: grammar, path: path + [name]), found.first == found.last {
                return found
            }
        }
        return nil
    }

    /// Rules and lists exist; slot names are parameters of the intent; permutations are small.
    private func checkReferences(
        _ source: SourcedExpression, grammar: LanguageGrammar, intent: IntentSchema?, log: inout DiagnosticLog, scoped: Set<String> = []
    ) {
        for reference in source.expression.rules where grammar.rules[reference.name] == nil && !scoped.contains(reference.name) {
            log.error(
                source.location(at: reference.offset),
                "unknown expansion rule <\(reference.name)>"
                    + Suggestions.didYouMean(reference.name, in: grammar.rules.keys), sourceLine: nil)
        }
        for slot in source.expression.slots {
            if slot.list != LanguageGrammar.appList, grammar.lists[slot.list] == nil, !scoped.contains(slot.list) {
                log.error(source.location(at: slot.offset), "unknown list {\(slot.list)}" + Suggestions.didYouMean(slot.list, in: grammar.lists.keys))
            }
            if let intent, slot.slot != LanguageGrammar.appList, intent.parameter(slot.slot) == nil {
                log.error(
                    source.location(at: slot.offset),
                    "\(intent.name) has no parameter '\(slot.slot)'"
                        + Suggestions.didYouMean(slot.slot, in: intent.parameters.map(\.name))
                        + "; its parameters: \(intent.parameters.map(\.name).joined(separator: ", "))")
            }
        }
        checkPermutations(source.expression, source: source, log: &log)
    }

    private func checkPermutations(_ expression: Expression, source: SourcedExpression, log: inout DiagnosticLog) {
        switch expression {
        case .words, .slot, .rule: return
        case .optional(let inner): checkPermutations(inner, source: source, log: &log)
        case .sequence(let items), .choice(let items), .glued(let items):
            for item in items { checkPermutations(item, source: source, log: &log) }
        case .permutation(let items):
            if items.count > GrammarValidator.maxPermutationItems {
                log.error(
                    source.location, "a permutation of \(items.count) items has too many orders; use at most \(GrammarValidator.maxPermutationItems)")
            }
            for item in items { checkPermutations(item, source: source, log: &log) }
        }
    }

    private func checkFixedSlots(_ template: Template, log: inout DiagnosticLog) {
        guard let intent = schema[template.intent] else { return }
        for fixed in template.fixedSlots where intent.parameter(fixed.name) == nil {
            log.error(
                template.source.location,
                "\(intent.name) has no parameter '\(fixed.name)' (in slots:)"
                    + Suggestions.didYouMean(fixed.name, in: intent.parameters.map(\.name)))
        }
    }
}

import IntentParseBase
import IntentParseSchema

extension LanguageGrammar {
    /// Intents the templates use that no schema names and that are no app's custom intent:
    /// a hassil grammar's own (`HassTurnOn`), accepted as the grammar declares them. Each has
    /// the parameters its templates capture (slots, through rules, and fixed `slots:`), all
    /// optional text, in the order first seen, and needs no app.
    ///
    /// NB: an app's custom intent is named like its class, `<Name>Intent` (`OrderPizzaIntent`);
    /// one that no loaded app declares belongs to an app that is not loaded, and its templates
    /// are inactive instead (`inactiveTemplates`).
    package func schemalessIntents(in schema: Schema) -> [IntentSchema] {
        var order: [String] = []
        var parameters: [String: [String]] = [:]
        var expanded: [String: [String]] = [:]
        for template in templates where schema[template.intent] == nil && !LanguageGrammar.looksLikeCustomIntent(template.intent) {
            if parameters[template.intent] == nil {
                order.append(template.intent)
                parameters[template.intent] = []
            }
            let names =
                slotNames(template.source.expression, expanded: &expanded, visiting: []) + template.fixedSlots.map(\.name)
                + LanguageGrammar.contextSlots(template.requiresContext)
            for name in names where name != LanguageGrammar.appList && !(parameters[template.intent] ?? []).contains(name) {
                parameters[template.intent, default: []].append(name)
            }
        }
        return order.map { name in
            var intent = IntentSchema(name, .custom, (parameters[name] ?? []).map { ParameterSchema($0, .string) })
            intent.needsApp = false
            return intent
        }
    }

    /// The slots a `requires_context` copies context values into (`area: {slot: true}`).
    static func contextSlots(_ requires: JSONValue?) -> [String] { contextCopies(requires).map(\.slot) }

    /// What a `requires_context` copies: each context key with `slot: true` (into the slot of
    /// its name) or `slot: "name"` (into that one).
    package static func contextCopies(_ requires: JSONValue?) -> [(key: String, slot: String)] {
        guard case .object(let members)? = requires else { return [] }
        return members.compactMap { key, condition in
            guard case .object(let options) = condition else { return nil }
            switch options.first(where: { $0.0 == "slot" })?.1 {
            case .bool(true)?: return (key, key)
            case .string(let slot)?: return (key, slot)
            default: return nil
            }
        }
    }

    /// Whether an intent name is a custom intent's class name (`OrderPizzaIntent`).
    package static func looksLikeCustomIntent(_ name: String) -> Bool { name.hasSuffix("Intent") }

    /// The slot names of an expression, its rules' included, in order.
    private func slotNames(_ expression: Expression, expanded: inout [String: [String]], visiting: Set<String>) -> [String] {
        var names = expression.slots.map(\.slot)
        for reference in expression.rules where !visiting.contains(reference.name) {
            if let known = expanded[reference.name] {
                names += known
                continue
            }
            guard let rule = rules[reference.name] else { continue }
            let found = slotNames(rule.source.expression, expanded: &expanded, visiting: visiting.union([reference.name]))
            expanded[reference.name] = found
            names += found
        }
        return names
    }
}

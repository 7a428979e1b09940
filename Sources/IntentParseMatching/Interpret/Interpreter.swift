import IntentParseBase
import IntentParseGrammar
import IntentParseNormalization
import IntentParseSchema
import IntentParseVocabulary

/// Turns an accepted thread into an `Interpretation`: decides the app, types the values,
/// lists what is missing and scores it. Returns a rejection reason when the parse is invalid
/// (the app named cannot do the intent, or no app can).
struct Interpreter {
    let grammar: CompiledGrammar
    let text: TokenizedText
    let contextApp: Int?
    let wordCount: Int
    /// The caller's match context (`MatchContext.intentContext`).
    var intentContext: [(String, JSONValue)] = []

    enum Outcome {
        case accepted(Interpretation)
        case rejected(String)
        /// Its intent and app are among `kept`: not worth typing its values.
        case alreadyKept
    }

    /// `kept`: the (intent, app identifier) pairs already interpreted, best first; a parse of
    /// one of them again is not interpreted further.
    func interpret(
        template compiled: CompiledTemplate, thread: Thread, captures: [Capture],
        kept: [(intent: String, app: String?)] = []
    ) -> Outcome {
        let template = compiled.template
        guard let intent = compiled.intent else { return .rejected("unknown intent \(template.intent)") }
        let appSlot = grammar.appSlot
        let appCaptures = captures.filter { $0.slot == appSlot }
        let app: (index: Int, source: AppSource)?
        switch resolveApp(intent: intent, supporting: compiled.supportingApps, appCaptures: appCaptures, captures: captures) {
        case .failure(let rejection): return .rejected(rejection.reason)
        case .success(let resolved): app = resolved
        }
        let appIdentifier = app.map { grammar.apps[$0.index].identifier }
        if kept.contains(where: { $0.intent == intent.name && $0.app == appIdentifier }) { return .alreadyKept }
        var given = GivenParameters()
        var parameters = self.parameters(intent: intent, template: template, captures: captures, app: app?.index, given: &given)
        let context: [(String, JSONValue)]
        switch matchContext(template: template, captures: captures) {
        case .failure(let rejection): return .rejected(rejection.reason)
        case .success(let found): context = found
        }
        // Values the template's context conditions copy into slots, where the words gave none,
        // then all in the intent's order.
        let copies = ContextRules.copiedSlots(template.requiresContext, context)
        for (slot, value) in copies {
            guard let index = intent.parameters.firstIndex(where: { $0.name == slot }), !given.contains(index) else { continue }
            given.insert(index)
            let spoken: String
            if case .string(let text) = value { spoken = text } else { spoken = value.serialized }
            parameters.append((slot, .single(SlotValue(spoken: spoken, value: value))))
        }
        if !copies.isEmpty {
            parameters.sort { a, b in
                (intent.parameters.firstIndex { $0.name == a.name } ?? 0) < (intent.parameters.firstIndex { $0.name == b.name } ?? 0)
            }
        }
        let missing = intent.missing(appKnown: app != nil, isGiven: given.contains)
        let interpretation = Interpretation(
            intent: intent.name, domain: intent.domain, app: app.map { grammar.apps[$0.index] }, appSource: app?.source,
            score: score(thread, appKnown: app != nil, missing: missing.count),
            parameters: parameters, missing: missing, template: template, isLearnedTemplate: compiled.isLearned,
            evidence: thread.evidence, weight: thread.weight,
            requiresAuthentication: intent.requiresAuthentication(app: app.map { grammar.apps[$0.index] }))
        var result = interpretation
        result.context = context.map { (key: $0.0, value: $0.1) }
        if app?.source == .named, let mention = appCaptures.first, mention.end > mention.start {
            result.appRange = text.tokens[Int(mention.start)].range.lowerBound..<text.tokens[Int(mention.end) - 1].range.upperBound
        }
        return .accepted(result)
    }

    // MARK: context

    /// The caller's context with the contexts of the list values matched, each value the first
    /// of its phrase's that the template's conditions allow; a rejection when none is, or when
    /// the whole breaks `excludes_context` or does not meet `requires_context`.
    private func matchContext(template: Template, captures: [Capture]) -> Result<[(String, JSONValue)], Rejection> {
        var context = intentContext
        // Most grammars use no context at all: nothing to gather or check.
        if !grammar.hasValueContexts, template.requiresContext == nil, template.excludesContext == nil { return .success(context) }
        for capture in captures where grammar.hasValueContexts {
            guard case .phrase(let set, let values, _) = capture.source, let list = grammar.phraseValues[Int(set)].list else { continue }
            var contexts: [[(String, JSONValue)]] = []
            for entry in values {
                guard case .listValue(let index) = grammar.phraseValues[Int(set)].entries[Int(entry)],
                    index < grammar.lists[Int(list)].values.count, let own = grammar.lists[Int(list)].values[index].context
                else { continue }
                contexts.append(ContextRules.members(own))
            }
            guard !contexts.isEmpty else { continue }
            guard
                let allowed = contexts.first(where: {
                    ContextRules.meets(template.requiresContext, $0, allowingMissingKeys: true) && ContextRules.avoids(template.excludesContext, $0)
                })
            else {
                let words = text.slice(tokens: Int(capture.start), through: max(Int(capture.start), Int(capture.end) - 1))
                return .failure(Rejection(reason: "\"\(words)\" is not what \(template.intent) asks for here"))
            }
            context = ContextRules.merged(context, allowed)
        }
        guard ContextRules.avoids(template.excludesContext, context) else {
            return .failure(Rejection(reason: "the context excludes \(template.intent) here"))
        }
        guard ContextRules.meets(template.requiresContext, context) else {
            return .failure(Rejection(reason: "\(template.intent) here needs context the request does not have"))
        }
        return .success(context)
    }

    // MARK: app

    private struct Rejection: Error { var reason: String }

    /// `supporting`: the loaded apps that support `intent`.
    private func resolveApp(intent: IntentSchema, supporting: [Int], appCaptures: [Capture], captures: [Capture]) -> Result<
        (index: Int, source: AppSource)?, Rejection
    > {
        // An intent no app handles (a hassil grammar's own) has no app to choose.
        if !intent.needsApp { return .success(nil) }
        if appCaptures.count > 1 {
            return .failure(Rejection(reason: "the utterance names an app more than once"))
        }
        if let capture = appCaptures.first {
            let named = appIndexes(capture)
            if let named = named.first(where: supporting.contains) {
                return .success((named, .named))
            }
            let name = named.first.map { grammar.apps[$0].displayName } ?? "the app"
            return .failure(Rejection(reason: "\(name) does not support \(intent.name)"))
        }
        if let contextApp {
            guard supporting.contains(contextApp) else {
                return .failure(
                    Rejection(reason: "\(grammar.apps[contextApp].displayName) (the app given as context) does not support \(intent.name)"))
            }
            return .success((contextApp, .context))
        }
        if supporting.isEmpty { return .failure(Rejection(reason: "no loaded app supports \(intent.name)")) }
        if supporting.count == 1 { return .success((supporting[0], .onlySupportingApp)) }
        let known = Set(captures.flatMap(termApps)).intersection(supporting)
        if known.count == 1, let only = known.first { return .success((only, .vocabulary)) }
        return .success(nil)
    }

    private func appIndexes(_ capture: Capture) -> [Int] {
        guard case .phrase(let set, let values, _) = capture.source else { return [] }
        return values.compactMap { value in
            if case .app(let index) = grammar.phraseValues[Int(set)].entries[Int(value)] { return index }
            return nil
        }
    }

    /// Apps whose vocabulary the capture matched.
    private func termApps(_ capture: Capture) -> [Int] {
        // A part of a term ("Bobo") is no evidence of the app whose term it is part of.
        guard case .phrase(let set, let values, let match) = capture.source, match != .partial else { return [] }
        return values.compactMap { value in
            if case .term(let app, _, _, _) = grammar.phraseValues[Int(set)].entries[Int(value)] { return app }
            return nil
        }
    }

    // MARK: parameters

    /// Which of an intent's parameters (by index) have a value: bits for the first 64, which
    /// is every intent there is, without an allocation.
    struct GivenParameters {
        private var bits: UInt64 = 0
        private var beyond: Set<Int> = []

        mutating func insert(_ index: Int) {
            if index < 64 { bits |= 1 << UInt64(index) } else { beyond.insert(index) }
        }

        func contains(_ index: Int) -> Bool {
            index < 64 ? bits & (1 << UInt64(index)) != 0 : beyond.contains(index)
        }
    }

    /// The parameters' values, in the intent's order; `given` gets the index of each parameter
    /// that has one. Captures of the app slot are not parameters.
    private func parameters(
        intent: IntentSchema, template: Template, captures: [Capture], app: Int?,
        given: inout GivenParameters
    ) -> [(name: String, value: ParameterValue)] {
        var result: [(name: String, value: ParameterValue)] = []
        // At most one a capture: grown from empty, the array was allocated anew for each.
        result.reserveCapacity(min(captures.count, intent.parameters.count))
        let slotNames = grammar.slotNames, appSlot = grammar.appSlot
        // NB: the parameters are read in place, by index: a copy of each (its strings and
        // lists retained and released) cost more than finding its values.
        let parameters = intent.parameters
        for index in parameters.indices {
            let name = parameters[index].name
            let keepsPunctuation = parameters[index].type == .string
            func fills(_ capture: Capture) -> Bool { capture.slot != appSlot && slotNames[Int(capture.slot)] == name }
            // NB: most parameters have one value: an array is made only for a second one.
            var first: SlotValue?
            var values: [SlotValue] = []
            var inOrder = true, previousStart = Int32.min
            for capture in captures where fills(capture) {
                inOrder = inOrder && previousStart <= capture.start
                previousStart = capture.start
                let value = slotValue(capture, app: app, keepsPunctuation: keepsPunctuation)
                if first == nil {
                    first = value
                } else if let only = first, values.isEmpty {
                    values = [only, value]
                } else {
                    values.append(value)
                }
            }
            if values.isEmpty, let first {
                given.insert(index)
                result.append((name, parameters[index].isMultiValued ? .multiple([first]) : .single(first)))
                continue
            }
            // Captures come in utterance order; sorting is for the rare joined ones.
            if !inOrder {
                var slots = captures.filter(fills)
                slots.sort { $0.start < $1.start }
                values = slots.map { slotValue($0, app: app, keepsPunctuation: keepsPunctuation) }
            }
            // A fixed slot given as a list (hassil: `device_class: [blind, curtain]`) is one of
            // those values: its value is the list.
            // NB: most parameters have no fixed value: looked for without making a list.
            if values.isEmpty, template.fixedSlots.contains(where: { $0.name == name }) {
                let fixed = template.fixedSlots.filter { $0.name == name }
                values = [
                    fixed.count == 1
                        ? SlotValue(spoken: fixed[0].value.description, value: fixed[0].value.json)
                        : SlotValue(spoken: fixed.map(\.value.description).joined(separator: ", "), value: .array(fixed.map(\.value.json)))
                ]
            }
            guard !values.isEmpty else { continue }
            given.insert(index)
            result.append((name, parameters[index].isMultiValued ? .multiple(values) : .single(values[0])))
        }
        return result
    }

    /// The value of a capture. Free text keeps the punctuation written right after its last
    /// word ("are you there?"); names do not ("Send it to Bobo." → "Bobo").
    private func slotValue(_ capture: Capture, app: Int?, keepsPunctuation: Bool) -> SlotValue {
        let first = text.tokens[Int(capture.start)]
        var lastIndex = max(Int(capture.start), Int(capture.end) - 1)
        if keepsPunctuation, case .wildcard = capture.source {
            while lastIndex + 1 < text.tokens.count, text.tokens[lastIndex + 1].isPunctuation,
                text.tokens[lastIndex + 1].range.lowerBound == text.tokens[lastIndex].range.upperBound
            {
                lastIndex += 1
            }
        }
        let range = first.range.lowerBound..<text.tokens[lastIndex].range.upperBound
        var value = SlotValue(spoken: text.slice(range), range: range)
        switch capture.source {
        case .wildcard: break
        case .entity(let entity):
            value.value = entity.json
        case .phrase(let set, let values, let match):
            value.isSoundsLike = match == .sound
            value.isPartial = match == .partial
            // A part of a term names none: its identifier is the dialogue's to find.
            if match != .partial { describe(&value, set: grammar.phraseValues[Int(set)], values: values, app: app) }
        }
        return value
    }

    /// Fills identifier (a term of the chosen app, highest priority first) or a list's `out`.
    private func describe(_ value: inout SlotValue, set: PhraseValues, values: [Int32], app: Int?) {
        var bestTerm: (identifier: String?, priority: Int)?
        var exact = false
        for entryIndex in values {
            switch set.entries[Int(entryIndex)] {
            case .listValue(let index):
                // Of several values said alike ("Trader Joe's", "Trader Joes"), the first, or
                // the one written as typed.
                if let list = set.list, index < grammar.lists[Int(list)].values.count, !exact {
                    if values.count > 1 {
                        exact = grammar.lists[Int(list)].values[index].spoken.text.lowercased() == value.spoken.lowercased()
                    }
                    if value.value == nil || exact { value.value = grammar.lists[Int(list)].values[index].out }
                }
            case .term(let termApp, let identifier, _, let priority):
                if termApp == app, priority < (bestTerm?.priority ?? Int.max) { bestTerm = (identifier, priority) }
            case .app: break
            }
        }
        value.identifier = bestTerm?.identifier
    }

    // MARK: score

    /// Share of the utterance explained, weighted by how strongly (literal > named > sound >
    /// wildcard > skipped), mapped into [0, 1]; an unknown app or missing values lower it.
    private func score(_ thread: Thread, appKnown: Bool, missing: Int) -> Double {
        let coverage = wordCount > 0 ? min(1, max(0, thread.weight / Double(wordCount))) : 0
        var score = 0.4 + 0.6 * coverage
        if !appKnown { score -= 0.1 }
        score -= 0.03 * Double(missing)
        return (min(1, max(0, score)) * 100).rounded() / 100
    }
}

import Foundation
import IntentParseBase
import IntentParseNormalization
import IntentParseSchema
import IntentParseVocabulary

/// Runs SiriKit's conversation: each user line in, one system turn out.
///
/// A new request is parsed, then every parameter is resolved in the intent's order (handler
/// first, vocabulary resolver by default); the first one that needs the user produces the turn.
/// When all resolve, confirm runs, then (where configured) the final "Ready to …?", then handle.
/// The session is a value the caller keeps (and may save between turns).
public struct DialogueEngine: Sendable {
    /// Parser, handlers, locale and time limits the engine runs with.
    public let configuration: DialogueConfiguration

    /// An engine with `configuration`.
    public init(configuration: DialogueConfiguration) { self.configuration = configuration }

    /// Answers one user line: a new request, or a reply to the question the session is waiting on.
    /// Updates `session` (the request so far and what it waits for) and returns the system's turn.
    ///
    /// A line that asks for several requests ("add milk to my list and text Bobo hi") runs them
    /// in turn: when one ends (done, cancelled by a "no" to its final question, failed), the
    /// next starts in the same turn, whose `ended` holds the turns that ended before it and
    /// whose prompt says theirs first. "Cancel" drops the requests still to come.
    public func respond(to line: String, session: inout DialogueSession) async -> DialogueTurn {
        session.turns += 1
        let text = line.trimmedOfWhitespace
        guard let request = session.request, let awaiting = session.awaiting else {
            return await runPending(after: await start(text, session: &session), session: &session)
        }
        let language = self.language(request.locale)
        if text.isEmpty { return reprompt(session, language: language) }
        let reply = classify(text, preferred: request.locale)
        if reply == .cancel { return cancel(&session, language: language) }
        if reply == nil, let parsed = newRequest(text, replacing: request) {
            return await runPending(after: await start(parsed: parsed, text: text, session: &session), session: &session)
        }
        let queued = session.pending
        let turn = await answer(text, reply: reply, awaiting: awaiting, request: request, session: &session)
        session.pending = queued
        return await runPending(after: turn, session: &session)
    }

    /// After a turn that ends its request, the requests still to come from the same line, each
    /// until one needs the user (or none is left).
    private func runPending(after turn: DialogueTurn, session: inout DialogueSession) async -> DialogueTurn {
        var turn = turn
        var ended: [DialogueTurn] = []
        while turn.endsRequest, var queue = session.pending, !queue.isEmpty {
            let next = queue.removeFirst()
            ended.append(turn)
            let parsed = configuration.parse(next.text, next.locale, next.app ?? configuration.contextApp)
            turn = await start(parsed: parsed, text: next.text, session: &session)
            session.pending = queue.isEmpty ? nil : queue
        }
        guard !ended.isEmpty else { return turn }
        // Sentences follow one another with a space, except after a full-width stop ("。").
        turn.prompt = (ended.map(\.prompt) + [turn.prompt]).filter { !$0.isEmpty }.reduce("") { text, next in
            text.isEmpty ? next : text + (text.last.map { "。！？".contains($0) } == true ? "" : " ") + next
        }
        // NB: the session's last turn stays the new request's own: a reply not understood
        // repeats its question, not what ended before it.
        turn.ended = ended
        return turn
    }

    // MARK: starting a request

    private func start(_ text: String, session: inout DialogueSession) async -> DialogueTurn {
        session = DialogueSession(turns: session.turns)
        let language = self.language(configuration.locale)
        guard !text.isEmpty else {
            return DialogueTurn(state: .unsupported, prompt: language.prompt(["notUnderstood"], [:]), reason: "empty request")
        }
        if let turn = capabilities(text) { return turn }
        let parsed = configuration.parse(text, configuration.locale, configuration.contextApp)
        return await start(parsed: parsed, text: text, session: &session)
    }

    /// "What can you do?" / "What can MonkeyChat do?": the apps' IntentPhrases examples, in the
    /// order their plists give them (for all apps: each app's first examples, app by app).
    /// With every locale tried, the question is understood in any loaded language (the
    /// preferred one first) and answered in the language it was asked in.
    private func capabilities(_ text: String) -> DialogueTurn? {
        let apps = configuration.apps
        let first = self.language(configuration.locale)
        let others =
            configuration.locale == nil ? configuration.languages.sorted { $0.key < $1.key }.map(\.value).filter { $0.locale != first.locale } : []
        guard
            let (language, question) = ([first] + others).lazy.compactMap({ language in
                language.capabilityQuestion(text, mentions: { self.configuration.findApps(text, language.locale) }).map { (language, $0) }
            }).first
        else { return nil }
        var asked: AppVocabulary?
        if case .app(let identifier) = question { asked = apps.first { $0.identifier == identifier } }
        let examples = (asked.map { [$0] } ?? apps).flatMap { app -> [String] in
            let phrases = app.localization(for: language.locale)?.intentPhrases.flatMap(\.examples) ?? []
            return Array(phrases.prefix(asked == nil ? 2 : Int.max))
        }
        let values = ["app": asked?.displayName ?? "", "examples": language.list(examples.map { "\"\($0)\"" })]
        let prompt = language.prompt(asked == nil ? ["capabilities"] : ["capabilities.app", "capabilities"], values)
        return DialogueTurn(state: .done, prompt: prompt, options: examples, response: IntentResponse(code: .success, text: prompt))
    }

    private func start(parsed: DialogueConfiguration.Parsed, text: String, session: inout DialogueSession) async -> DialogueTurn {
        session = DialogueSession(turns: session.turns)
        guard let intent = parsed.intent else {
            let language = self.language(parsed.locale)
            return DialogueTurn(state: .unsupported, prompt: language.prompt(["unsupportedRequest"], [:]), reason: parsed.reason ?? "no match")
        }
        if configuration.schema[intent] == nil, let app = configuration.apps.first(where: { $0.identifier == parsed.appIdentifier }) {
            // A user-activity shortcut: the app opens; there is nothing to resolve.
            let prompt = language(parsed.locale).prompt(["openApp"], ["app": app.displayName])
            return DialogueTurn(state: .done, prompt: prompt, response: IntentResponse(code: .success, text: prompt))
        }
        var parameters: [String: [ParameterSlot]] = [:]
        for (name, values) in parsed.parameters { parameters[name] = values.map { ParameterSlot(value: $0) } }
        var request = DialogueRequest(
            utterance: text, locale: parsed.locale, intent: intent,
            appIdentifier: parsed.appIdentifier, parameters: parameters)
        request.score = parsed.score
        if !parsed.also.isEmpty { session.pending = parsed.also }
        return await advance(request, session: &session)
    }

    /// A reply that is itself a whole new request: it names an app, or it is a confident parse
    /// of another intent with at least two template words.
    private func newRequest(_ text: String, replacing request: DialogueRequest) -> DialogueConfiguration.Parsed? {
        let parsed = configuration.parse(text, configuration.locale, configuration.contextApp)
        guard let intent = parsed.intent else { return nil }
        if parsed.appWasNamed { return parsed }
        if intent != request.intent, parsed.score >= 0.75, parsed.literalWords >= 2 { return parsed }
        // "text Kiki saying hi" while being asked who: a whole request of the same kind.
        if intent == request.intent, parsed.literalWords >= 1, parsed.parameters.count >= 2 { return parsed }
        return nil
    }

    // MARK: answers

    private func answer(
        _ text: String, reply: DialogueLanguage.Reply?, awaiting: Awaiting, request: DialogueRequest,
        session: inout DialogueSession
    ) async -> DialogueTurn {
        var request = request
        let language = self.language(request.locale)
        switch awaiting {
        case .value(let parameter):
            let schema = configuration.schema[request.intent]?.parameter(parameter)
            // "yes" or "the first one" is no name; free text (a message) may be anything.
            if reply != nil, schema?.type.isNamed ?? false { return reprompt(session, language: language) }
            let items = schema?.isMultiValued ?? false ? language.items(text) : [text]
            let kept = request.parameters[parameter] ?? []
            request.parameters[parameter] =
                kept
                + items.map { item in
                    let value = schema.flatMap { configuration.readValue?(item, $0.type, request.locale) }
                    return ParameterSlot(value: SlotValue(spoken: item, value: value))
                }
            request.dropped.removeAll { $0 == parameter }
        case .choice(let parameter, let item, let options):
            switch choose(text, reply: reply, among: options.map(\.display), language: language) {
            case .chosen(let index): setSlot(&request, parameter, item, ParameterSlot(value: options[index], isResolved: true))
            case .outOfRange: return choiceOutOfRange(session, count: options.count, language: language)
            case .declined: return ask(parameter, item: item, of: &request, session: &session)
            case .unclear: return reprompt(session, language: language)
            case .other: setSlot(&request, parameter, item, ParameterSlot(value: SlotValue(spoken: text)))
            }
        case .confirmation(let parameter, let item, let candidate):
            switch reply {
            case .yes: setSlot(&request, parameter, item, ParameterSlot(value: candidate, isResolved: true))
            case .no: return ask(parameter, item: item, of: &request, session: &session)
            case .ordinal, .cancel: return reprompt(session, language: language)
            case nil: setSlot(&request, parameter, item, ParameterSlot(value: SlotValue(spoken: text)))
            }
        case .intentConfirmation:
            switch reply {
            case .yes: request.isConfirmed = true
            case .no: return cancel(&session, language: language)
            default: return reprompt(session, language: language)
            }
        case .app(let options):
            let apps = options.map { id in configuration.apps.first { $0.identifier == id } }
            let names = apps.enumerated().map { $1?.displayName ?? options[$0] }
            switch choose(text, reply: reply, among: names, language: language) {
            case .chosen(let index): request.appIdentifier = options[index]
            case .outOfRange: return choiceOutOfRange(session, count: options.count, language: language)
            case .declined, .unclear: return reprompt(session, language: language)
            case .other:
                // Any of an app's names, anywhere in the reply ("in ListOMat", "monkey to do").
                let mentioned = Set(configuration.findApps(text, language.locale).preferringExact.map(\.identifier))
                let named = options.filter(mentioned.contains)
                guard named.count == 1 else { return reprompt(session, language: language) }
                request.appIdentifier = named[0]
            }
        }
        return await advance(request, session: &session)
    }

    enum Choice {
        case chosen(Int)
        case outOfRange, declined, unclear, other
    }

    /// Reads a choice: an ordinal or number, or an option's name (exact, or the only option
    /// containing the words said).
    private func choose(_ text: String, reply: DialogueLanguage.Reply?, among options: [String], language: DialogueLanguage) -> Choice {
        switch reply {
        case .ordinal(let position):
            let index = position < 0 ? options.count + position : position - 1
            return options.indices.contains(index) ? .chosen(index) : .outOfRange
        case .no: return .declined
        case .yes: return .unclear
        default: break
        }
        let digits = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let number = Int(digits), digits.allSatisfy(\.isASCII) {
            return options.indices.contains(number - 1) ? .chosen(number - 1) : .outOfRange
        }
        let said = language.key(text)
        if let exact = options.firstIndex(where: { language.key($0) == said }) { return .chosen(exact) }
        let containing = options.indices.filter { " \(language.key(options[$0])) ".contains(" \(said) ") }
        return containing.count == 1 ? .chosen(containing[0]) : .other
    }

    private func setSlot(_ request: inout DialogueRequest, _ parameter: String, _ item: Int, _ slot: ParameterSlot) {
        var slots = request.parameters[parameter] ?? []
        if slots.indices.contains(item) { slots[item] = slot } else { slots.append(slot) }
        request.parameters[parameter] = slots
    }

    // MARK: shared turns

    /// The words of the request's language (its locale, else its language subtag); a locale
    /// with no dialogue file speaks the preferred language, else the first loaded one.
    func language(_ locale: String?) -> DialogueLanguage {
        for locale in [locale, configuration.preferredLocale].compactMap({ $0 }) {
            if let found = configuration.languages[locale] ?? configuration.languages[Normalizer.language(of: locale)] { return found }
        }
        if let first = configuration.languages.keys.sorted().first, let found = configuration.languages[first] { return found }
        return DialogueLanguage(locale: locale ?? "und")
    }

    /// Reply words are understood in every loaded language, the request's own first.
    private func classify(_ text: String, preferred: String) -> DialogueLanguage.Reply? {
        if let reply = configuration.languages[preferred]?.classify(text) { return reply }
        for (locale, language) in configuration.languages.sorted(by: { $0.key < $1.key }) where locale != preferred {
            if let reply = language.classify(text) { return reply }
        }
        return nil
    }

    private func cancel(_ session: inout DialogueSession, language: DialogueLanguage) -> DialogueTurn {
        let request = session.request
        session = DialogueSession(turns: session.turns)
        return DialogueTurn(state: .cancelled, prompt: language.prompt(["cancelled"], [:]), request: request)
    }

    /// The last question again, after "Sorry, I didn't catch that."
    private func reprompt(_ session: DialogueSession, language: DialogueLanguage) -> DialogueTurn {
        var turn = session.lastTurn ?? DialogueTurn(state: .unsupported, prompt: "")
        turn.prompt = language.prompt(["notUnderstood"], [:]) + (turn.prompt.isEmpty ? "" : " " + turn.prompt)
        return turn
    }

    private func choiceOutOfRange(_ session: DialogueSession, count: Int, language: DialogueLanguage) -> DialogueTurn {
        var turn = session.lastTurn ?? DialogueTurn(state: .disambiguation, prompt: "")
        turn.prompt = language.prompt(["choiceOutOfRange"], ["count": String(count)]) + " " + turn.prompt
        return turn
    }

    /// Asks for a parameter again, forgetting what was said for it (or for one of its values).
    func ask(_ parameter: String, item: Int? = nil, of request: inout DialogueRequest, session: inout DialogueSession) -> DialogueTurn {
        remove(parameter, item: item, from: &request)
        let language = self.language(request.locale)
        let turn = DialogueTurn(
            state: .needsValue, parameter: parameter,
            prompt: language.prompt(promptKeys("needsValue", request.intent, parameter), promptValues(request, parameter: parameter)),
            request: request)
        return remember(turn, awaiting: .value(parameter: parameter), request: request, session: &session)
    }

    /// Drops one value of a parameter, or all of them.
    func remove(_ parameter: String, item: Int?, from request: inout DialogueRequest) {
        guard let item, var slots = request.parameters[parameter], slots.indices.contains(item) else {
            request.parameters[parameter] = nil
            return
        }
        slots.remove(at: item)
        request.parameters[parameter] = slots.isEmpty ? nil : slots
    }

    /// Stores the request and what the turn asked, for the next line.
    func remember(_ turn: DialogueTurn, awaiting: Awaiting?, request: DialogueRequest, session: inout DialogueSession) -> DialogueTurn {
        session.request = awaiting == nil ? nil : request
        session.awaiting = awaiting
        session.lastTurn = awaiting == nil ? nil : turn
        return turn
    }

    /// Prompt keys, most specific first. Without a parameter, `kind.Intent.with.p` keys come
    /// first for every parameter `p` that has a value, so "OK, I added nails to Hardware Store"
    /// can differ from "OK, I added nails".
    func promptKeys(_ kind: String, _ intent: String, _ parameter: String?, request: DialogueRequest? = nil) -> [String] {
        guard let parameter else {
            let given = configuration.schema[intent]?.parameters.map(\.name).filter { !(request?.values($0).isEmpty ?? true) } ?? []
            return given.map { "\(kind).\(intent).with.\($0)" } + ["\(kind).\(intent)", kind]
        }
        return ["\(kind).\(intent).\(parameter)", "\(kind).\(parameter)", kind]
    }

    /// Placeholder values: every parameter's display text, the app, the parameter asked about.
    func promptValues(_ request: DialogueRequest, parameter: String? = nil) -> [String: String] {
        let language = self.language(request.locale)
        var values: [String: String] = ["parameter": parameter ?? ""]
        for (name, slots) in request.parameters {
            values[name] = language.list(slots.map(\.value.display))
        }
        values["app"] = configuration.apps.first { $0.identifier == request.appIdentifier }?.displayName ?? ""
        return values
    }
}

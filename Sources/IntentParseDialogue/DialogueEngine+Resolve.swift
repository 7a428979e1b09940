import IntentParseSchema
import IntentParseVocabulary

/// Resolve → confirm → handle, for the request as it stands.
extension DialogueEngine {
    func advance(_ request: DialogueRequest, session: inout DialogueSession) async -> DialogueTurn {
        var request = request
        let language = self.language(request.locale)
        guard let intent = configuration.schema[request.intent] else {
            return finish(
                .failure, request: request, response: IntentResponse(code: .failure), reason: "unknown intent \(request.intent)", session: &session)
        }
        if let turn = resolveApp(&request, intent: intent, session: &session) { return turn }
        let handler = configuration.handlers[intent.name] ?? configuration.defaultHandler
        for parameter in intent.parameters where !request.dropped.contains(parameter.name) {
            if let turn = await resolve(parameter, of: intent, in: &request, handler: handler, session: &session) { return turn }
        }
        let timeout = configuration.handlerTimeout
        let snapshot = request
        var confirmation = await handler.call(within: timeout, fallback: IntentResponse(code: .failure, text: nil)) {
            await handler.confirm(snapshot)
        }
        if confirmation.code.isFailure {
            if confirmation.text == nil, let declared = declaredResponse(confirmation.code, of: intent) {
                confirmation.text = fill(declared, request)
            }
            return finish(.failure, request: request, response: confirmation, reason: "confirm answered \(confirmation.code)", session: &session)
        }
        if configuration.confirmIntents.contains(intent.name), !request.isConfirmed {
            let prompt = language.prompt(promptKeys("confirmIntent", intent.name, nil, request: request), promptValues(request))
            return remember(
                DialogueTurn(state: .confirmIntent, prompt: prompt, request: request), awaiting: .intentConfirmation, request: request,
                session: &session)
        }
        let final = request
        var response = await handler.call(within: timeout, fallback: IntentResponse(code: .failure, text: nil)) { await handler.handle(final) }
        let timedOut = response.code == .failure && response.text == nil
        if !ResponseCode.builtIn.contains(response.code), !intent.responseCodes.contains(where: { $0.name == response.code.rawValue }) {
            return finish(
                .failure, request: request, response: response,
                reason: "handle answered \(response.code), which \(intent.name) does not declare", session: &session)
        }
        if response.text == nil, let declared = declaredResponse(response.code, of: intent) {
            response.text = fill(declared, request)
        }
        if response.text == nil {
            let kind = response.code.isFailure ? "failure" : "done"
            response.text = language.prompt(
                promptKeys(kind, intent.name, nil, request: request) + ["\(kind).\(response.code)"], promptValues(request))
        }
        if response.code.isFailure {
            return finish(
                .failure, request: request, response: response,
                reason: timedOut ? "the handler did not answer in \(timeout) s" : "handle answered \(response.code)", session: &session)
        }
        return finish(.done, request: request, response: response, reason: nil, session: &session)
    }

    /// A custom intent's own sentence for a response code ("success" also finds the declared
    /// success code), from its intent definition.
    private func declaredResponse(_ code: ResponseCode, of intent: IntentSchema) -> String? {
        let declared =
            intent.responseCodes.first { $0.name == code.rawValue }
            ?? (code == .success ? intent.responseCodes.first(where: \.isSuccess) : nil)
        return declared?.formatString
    }

    /// Fills `${name}` placeholders with what the request says for that parameter.
    private func fill(_ format: String, _ request: DialogueRequest) -> String {
        let values = promptValues(request)
        var result = ""
        var rest = Substring(format)
        while let open = rest.range(of: "${"), let close = rest[open.upperBound...].firstIndex(of: "}") {
            result += rest[..<open.lowerBound]
            result += values[String(rest[open.upperBound..<close])] ?? ""
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    private func finish(
        _ state: DialogueTurn.State, request: DialogueRequest, response: IntentResponse, reason: String?, session: inout DialogueSession
    ) -> DialogueTurn {
        let prompt = response.text ?? language(request.locale).prompt(["failure"], promptValues(request))
        let turn = DialogueTurn(state: state, prompt: prompt, request: request, response: response, reason: reason)
        return remember(turn, awaiting: nil, request: request, session: &session)
    }

    /// The app: named, in focus, the only one supporting the intent, or the user's choice.
    private func resolveApp(_ request: inout DialogueRequest, intent: IntentSchema, session: inout DialogueSession) -> DialogueTurn? {
        guard request.appIdentifier == nil else { return nil }
        let supporting = configuration.apps.filter { $0.supports(intent.name) }
        if supporting.count == 1 {
            request.appIdentifier = supporting[0].identifier
            return nil
        }
        let language = self.language(request.locale)
        guard !supporting.isEmpty else {
            return finish(
                .failure, request: request, response: IntentResponse(code: .failure, text: language.prompt(["unsupportedRequest"], [:])),
                reason: "no loaded app supports \(intent.name)", session: &session)
        }
        let names = supporting.map(\.displayName)
        var values = promptValues(request, parameter: "app")
        values["options"] = language.options(names)
        let turn = DialogueTurn(
            state: .disambiguation, parameter: "app", prompt: language.prompt(["disambiguation.app", "disambiguation"], values),
            options: names, request: request)
        return remember(turn, awaiting: .app(options: supporting.map(\.identifier)), request: request, session: &session)
    }

    /// Resolves every value of one parameter; returns a turn when the user must answer.
    private func resolve(
        _ parameter: ParameterSchema, of intent: IntentSchema, in request: inout DialogueRequest,
        handler: any IntentHandler, session: inout DialogueSession
    ) async -> DialogueTurn? {
        var slots = request.parameters[parameter.name] ?? []
        let snapshot = request
        if slots.isEmpty {
            let custom = await handler.call(within: configuration.handlerTimeout, fallback: nil) {
                await handler.resolve(parameter: parameter.name, value: nil, request: snapshot)
            }
            let given = Set(request.parameters.filter { !$0.value.isEmpty }.map(\.key))
            let required = intent.missing(given: given).contains(parameter.name)
            if custom == .notRequired || (custom == nil && !required) { return nil }
            if case .success(let value)? = custom {
                request.parameters[parameter.name] = [ParameterSlot(value: value, isResolved: true)]
                return nil
            }
            return ask(parameter.name, of: &request, session: &session)
        }
        let app = configuration.apps.first { $0.identifier == request.appIdentifier }
        let terms = VocabularyResolver.terms(intent: intent.name, parameter: parameter, app: app, locale: request.locale)
        for index in slots.indices where !slots[index].isResolved {
            let value = slots[index].value
            let custom = await handler.call(within: configuration.handlerTimeout, fallback: nil) {
                await handler.resolve(parameter: parameter.name, value: value, request: snapshot)
            }
            let result =
                custom ?? VocabularyResolver(normalizer: language(request.locale).normalizer).resolve(value, parameter: parameter, terms: terms)
            switch result {
            case .success(var resolved):
                if resolved.value == nil { resolved.value = value.value }
                slots[index] = ParameterSlot(value: resolved, isResolved: true)
            case .notRequired:
                request.parameters[parameter.name] = nil
                request.dropped.append(parameter.name)
                return nil
            case .needsValue:
                return ask(parameter.name, of: &request, session: &session)
            default:
                request.parameters[parameter.name] = slots
                return question(result, parameter: parameter.name, item: index, value: value, request: &request, session: &session)
            }
        }
        request.parameters[parameter.name] = slots
        return nil
    }

    /// The turn for a result that needs the user: disambiguation, confirmation, more details,
    /// or unsupported (which then asks for a new value).
    private func question(
        _ result: ResolutionResult, parameter: String, item: Int, value: SlotValue,
        request: inout DialogueRequest, session: inout DialogueSession
    ) -> DialogueTurn {
        let language = self.language(request.locale)
        var values = promptValues(request, parameter: parameter)
        values["spoken"] = value.spoken
        let intent = request.intent
        switch result {
        case .disambiguation(let options):
            let names = options.map(\.display)
            values["options"] = language.options(names)
            let turn = DialogueTurn(
                state: .disambiguation, parameter: parameter, prompt: language.prompt(promptKeys("disambiguation", intent, parameter), values),
                options: names, request: request)
            return remember(turn, awaiting: .choice(parameter: parameter, item: item, options: options), request: request, session: &session)
        case .confirmationRequired(let candidate):
            values["value"] = candidate.display
            let turn = DialogueTurn(
                state: .confirmationRequired, parameter: parameter,
                prompt: language.prompt(promptKeys("confirmationRequired", intent, parameter), values),
                options: [candidate.display], request: request)
            return remember(
                turn, awaiting: .confirmation(parameter: parameter, item: item, candidate: candidate), request: request, session: &session)
        case .needsMoreDetails(let count):
            values["count"] = String(count)
            remove(parameter, item: item, from: &request)
            let turn = DialogueTurn(
                state: .needsMoreDetails, parameter: parameter, prompt: language.prompt(promptKeys("needsMoreDetails", intent, parameter), values),
                request: request)
            return remember(turn, awaiting: .value(parameter: parameter), request: request, session: &session)
        case .unsupported(let reason):
            remove(parameter, item: item, from: &request)
            let again = language.prompt(promptKeys("needsValue", intent, parameter), promptValues(request, parameter: parameter))
            let turn = DialogueTurn(
                state: .unsupported, parameter: parameter,
                prompt: language.prompt(promptKeys("unsupported", intent, parameter), values) + " " + again,
                request: request, reason: reason)
            return remember(turn, awaiting: .value(parameter: parameter), request: request, session: &session)
        case .success, .needsValue, .notRequired:
            return ask(parameter, of: &request, session: &session)
        }
    }
}

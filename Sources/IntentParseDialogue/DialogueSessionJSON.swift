import IntentParseBase
import IntentParseSchema

/// A session's state written as JSON directly, in the shape its `Codable` conformance gives it
/// (the same keys, optional members left out when absent), so `JSONDecoder` reads it back as
/// the session it was.
///
/// NB: a service writes the state of a conversation after every turn; through `JSONEncoder`
/// that cost several times the turn's parse. Reading stays with `JSONDecoder`.
extension DialogueSession {
    /// The session as compact JSON (UTF-8).
    package var json: [UInt8] {
        var out = JSONWriter(capacity: 1024)
        emit(into: &out)
        return out.bytes
    }

    func emit(into out: inout JSONWriter) {
        out.beginObject()
        if let request {
            out.fixedKey("request")
            request.emit(into: &out)
        }
        if let pending {
            out.fixedKey("pending")
            out.beginArray()
            for item in pending { item.emit(into: &out) }
            out.endArray()
        }
        if let awaiting {
            out.fixedKey("awaiting")
            awaiting.emit(into: &out)
        }
        if let lastTurn {
            out.fixedKey("lastTurn")
            lastTurn.emit(into: &out)
        }
        out.fixedKey("turns")
        out.exactNumber(Double(turns))
        out.endObject()
    }
}

extension DialogueRequest {
    func emit(into out: inout JSONWriter) {
        out.beginObject()
        out.fixedKey("utterance")
        out.string(utterance)
        out.fixedKey("locale")
        out.string(locale)
        out.fixedKey("intent")
        out.string(intent)
        out.member("appIdentifier", ifPresent: appIdentifier)
        out.fixedKey("parameters")
        out.beginObject()
        for (name, slots) in parameters {
            out.key(name)
            out.beginArray()
            for slot in slots {
                out.beginObject()
                out.fixedKey("value")
                slot.value.emit(into: &out)
                out.fixedKey("isResolved")
                out.bool(slot.isResolved)
                out.endObject()
            }
            out.endArray()
        }
        out.endObject()
        out.fixedKey("score")
        out.exactNumber(score)
        out.fixedKey("isConfirmed")
        out.bool(isConfirmed)
        out.fixedKey("dropped")
        out.strings(dropped)
        out.endObject()
    }
}

extension SlotValue {
    /// As `SlotValue`'s own `encode(to:)` writes it.
    func emit(into out: inout JSONWriter) {
        out.beginObject()
        out.fixedKey("spoken")
        out.string(spoken)
        out.member("identifier", ifPresent: identifier)
        out.fixedKey("display")
        out.string(display)
        if let value {
            out.fixedKey("value")
            out.exactValue(value)
        }
        out.endObject()
    }
}

extension PendingRequest {
    func emit(into out: inout JSONWriter) {
        out.beginObject()
        out.fixedKey("text")
        out.string(text)
        out.fixedKey("locale")
        out.string(locale)
        out.member("app", ifPresent: app)
        out.endObject()
    }
}

extension Awaiting {
    /// As Swift's synthesized coding of an enum writes it: the case's name, holding an object
    /// of its values by label.
    func emit(into out: inout JSONWriter) {
        out.beginObject()
        switch self {
        case .value(let parameter):
            out.fixedKey("value")
            out.beginObject()
            out.fixedKey("parameter")
            out.string(parameter)
            out.endObject()
        case .choice(let parameter, let item, let options):
            out.fixedKey("choice")
            out.beginObject()
            out.fixedKey("parameter")
            out.string(parameter)
            out.fixedKey("item")
            out.exactNumber(Double(item))
            out.fixedKey("options")
            out.beginArray()
            for option in options { option.emit(into: &out) }
            out.endArray()
            out.endObject()
        case .confirmation(let parameter, let item, let candidate):
            out.fixedKey("confirmation")
            out.beginObject()
            out.fixedKey("parameter")
            out.string(parameter)
            out.fixedKey("item")
            out.exactNumber(Double(item))
            out.fixedKey("candidate")
            candidate.emit(into: &out)
            out.endObject()
        case .intentConfirmation:
            out.fixedKey("intentConfirmation")
            out.beginObject()
            out.endObject()
        case .app(let options):
            out.fixedKey("app")
            out.beginObject()
            out.fixedKey("options")
            out.strings(options)
            out.endObject()
        }
        out.endObject()
    }
}

extension DialogueTurn {
    func emit(into out: inout JSONWriter) {
        out.beginObject()
        out.fixedKey("state")
        out.string(state.rawValue)
        out.member("parameter", ifPresent: parameter)
        out.fixedKey("prompt")
        out.string(prompt)
        out.fixedKey("options")
        out.strings(options)
        if let request {
            out.fixedKey("request")
            request.emit(into: &out)
        }
        if let response {
            out.fixedKey("response")
            out.beginObject()
            out.fixedKey("code")
            out.string(response.code.rawValue)
            out.member("text", ifPresent: response.text)
            out.endObject()
        }
        out.member("reason", ifPresent: reason)
        if let ended {
            out.fixedKey("ended")
            out.beginArray()
            for turn in ended { turn.emit(into: &out) }
            out.endArray()
        }
        out.endObject()
    }
}

extension JSONWriter {
    fileprivate mutating func strings(_ strings: [String]) {
        beginArray()
        for string in strings { self.string(string) }
        endArray()
    }

    /// `value` as its `Codable` conformance writes it, numbers included exactly.
    fileprivate mutating func exactValue(_ value: JSONValue) {
        switch value {
        case .object(let members):
            beginObject()
            for (key, member) in members {
                self.key(key)
                exactValue(member)
            }
            endObject()
        case .array(let items):
            beginArray()
            for item in items { exactValue(item) }
            endArray()
        case .number(let number): exactNumber(number)
        default: self.value(value)
        }
    }
}

// MARK: reading

/// Reading a session's state back without `JSONDecoder` (which cost a continued conversation's
/// turn a tenth of a service's time), in the same terms: a member that must be there, one that
/// may be absent or null, values of the types the `Codable` form gives them.
extension DialogueSession {
    /// The session `json` (or `JSONEncoder`) wrote; nil when the text is no session.
    package init?(json bytes: [UInt8]) {
        guard let value = try? JSONValue.parse(bytes), let session = DialogueSession(value) else { return nil }
        self = session
    }

    init?(_ value: JSONValue) {
        guard case .object = value, let turns = value["turns"]?.integer else { return nil }
        self.init(turns: turns)
        if let request = value.present("request") {
            guard let read = DialogueRequest(request) else { return nil }
            self.request = read
        }
        if let pending = value.present("pending") {
            guard let read = pending.items(PendingRequest.init) else { return nil }
            self.pending = read
        }
        if let awaiting = value.present("awaiting") {
            guard let read = Awaiting(awaiting) else { return nil }
            self.awaiting = read
        }
        if let lastTurn = value.present("lastTurn") {
            guard let read = DialogueTurn(lastTurn) else { return nil }
            self.lastTurn = read
        }
    }
}

extension DialogueRequest {
    init?(_ value: JSONValue) {
        guard let utterance = value["utterance"]?.stringValue, let locale = value["locale"]?.stringValue,
            let intent = value["intent"]?.stringValue, case .object(let members)? = value["parameters"],
            let score = value["score"]?.number, case .bool(let isConfirmed)? = value["isConfirmed"],
            let dropped = value["dropped"]?.strings
        else { return nil }
        var parameters: [String: [ParameterSlot]] = [:]
        for (name, slots) in members {
            guard
                let read = slots.items({ slot -> ParameterSlot? in
                    guard let value = slot["value"].flatMap(SlotValue.init), case .bool(let isResolved)? = slot["isResolved"] else { return nil }
                    return ParameterSlot(value: value, isResolved: isResolved)
                })
            else { return nil }
            parameters[name] = read
        }
        guard let appIdentifier = value.optionalString("appIdentifier") else { return nil }
        self.init(utterance: utterance, locale: locale, intent: intent, appIdentifier: appIdentifier, parameters: parameters)
        self.score = score
        self.isConfirmed = isConfirmed
        self.dropped = dropped
    }
}

extension SlotValue {
    init?(_ value: JSONValue) {
        guard let spoken = value["spoken"]?.stringValue else { return nil }
        guard let identifier = value.optionalString("identifier"), let display = value.optionalString("display") else { return nil }
        // As `JSONValue`'s own decoding reads them: objects with their members in key order.
        self.init(spoken: spoken, identifier: identifier, display: display, value: value.present("value").map(\.keySorted))
    }
}

extension PendingRequest {
    init?(_ value: JSONValue) {
        guard let text = value["text"]?.stringValue, let locale = value["locale"]?.stringValue else { return nil }
        guard let app = value.optionalString("app") else { return nil }
        self.init(text: text, locale: locale, app: app)
    }
}

extension Awaiting {
    init?(_ value: JSONValue) {
        guard case .object(let members) = value, members.count == 1, let (name, body) = members.first, case .object = body else { return nil }
        switch name {
        case "value":
            guard let parameter = body["parameter"]?.stringValue else { return nil }
            self = .value(parameter: parameter)
        case "choice":
            guard let parameter = body["parameter"]?.stringValue, let item = body["item"]?.integer,
                let options = body["options"]?.items(SlotValue.init)
            else { return nil }
            self = .choice(parameter: parameter, item: item, options: options)
        case "confirmation":
            guard let parameter = body["parameter"]?.stringValue, let item = body["item"]?.integer,
                let candidate = body["candidate"].flatMap(SlotValue.init)
            else { return nil }
            self = .confirmation(parameter: parameter, item: item, candidate: candidate)
        case "intentConfirmation": self = .intentConfirmation
        case "app":
            guard let options = body["options"]?.strings else { return nil }
            self = .app(options: options)
        default: return nil
        }
    }
}

extension DialogueTurn {
    init?(_ value: JSONValue) {
        guard let stateName = value["state"]?.stringValue, let state = State(rawValue: stateName), let prompt = value["prompt"]?.stringValue,
            let options = value["options"]?.strings
        else { return nil }
        guard let parameter = value.optionalString("parameter"), let reason = value.optionalString("reason") else { return nil }
        self.init(state: state, parameter: parameter, prompt: prompt, options: options, reason: reason)
        if let request = value.present("request") {
            guard let read = DialogueRequest(request) else { return nil }
            self.request = read
        }
        if let response = value.present("response") {
            guard let code = response["code"]?.stringValue else { return nil }
            guard let text = response.optionalString("text") else { return nil }
            self.response = IntentResponse(code: ResponseCode(code), text: text)
        }
        if let ended = value.present("ended") {
            guard let read = ended.items(DialogueTurn.init) else { return nil }
            self.ended = read
        }
    }
}

extension JSONValue {
    /// The member `key` unless it is absent or null (as `decodeIfPresent` reads it).
    fileprivate func present(_ key: String) -> JSONValue? {
        guard let member = self[key], member != .null else { return nil }
        return member
    }

    /// The string member `key`: `.some(nil)` when it is absent or null, nil when it is not a string.
    fileprivate func optionalString(_ key: String) -> String?? {
        guard let member = present(key) else { return .some(nil) }
        return member.stringValue.map { .some($0) }
    }

    fileprivate var number: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// A whole number that fits an `Int`, as `Int`'s decoding takes it.
    fileprivate var integer: Int? {
        guard let number, number == number.rounded(), abs(number) < 9.0e15 else { return nil }
        return Int(number)
    }

    /// Each item of an array read by `read`; nil when this is no array or an item is unreadable.
    fileprivate func items<T>(_ read: (JSONValue) -> T?) -> [T]? {
        guard case .array(let items) = self else { return nil }
        var result: [T] = []
        result.reserveCapacity(items.count)
        for item in items {
            guard let value = read(item) else { return nil }
            result.append(value)
        }
        return result
    }

    fileprivate var strings: [String]? { items(\.stringValue) }

    /// The value with every object's members in key order.
    fileprivate var keySorted: JSONValue {
        switch self {
        case .object(let members): return .object(members.map { ($0.0, $0.1.keySorted) }.sorted { $0.0 < $1.0 })
        case .array(let items): return .array(items.map(\.keySorted))
        default: return self
        }
    }
}

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

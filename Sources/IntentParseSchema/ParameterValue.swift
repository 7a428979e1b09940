import IntentParseBase

/// One parameter value, the one type a value has from the matcher through the dialogue to the
/// JSON output: the words as the user said them and, where known, what they name.
public struct SlotValue: Sendable, Equatable {
    /// The words as typed, cut from the original utterance (or a reply).
    public var spoken: String
    /// The vocabulary identifier, when the words named a term of the chosen app.
    public var identifier: String?
    /// The typed value: a list's `out`, a number, an enum case.
    public var value: JSONValue?
    /// UTF-16 offsets of `spoken` in the utterance (nil for fixed slots and replies).
    public var range: Range<Int>?
    /// True when the words matched a vocabulary phrase only by sound.
    public var isSoundsLike = false
    /// True when the words are only the first or last words of vocabulary terms ("Bobo" of
    /// "Bobo the Great", "Bobo Jr." and "Little Bobo"): they name no single term, so the value
    /// has no identifier, and the dialogue asks which one is meant.
    public var isPartial = false
    /// How the dialogue says the value back when that is not `spoken`: the vocabulary term's
    /// name once resolution has found it ("Bobo the Great" for "bobo the grate").
    @usableFromInline var displayName: String?

    /// How to say the value back ("Bobo the Great"): the resolved term's name, else `spoken`.
    public var display: String { displayName ?? spoken }

    /// A value as spoken; `display` defaults to `spoken`, `range` is in UTF-16 offsets of the
    /// utterance.
    @inlinable public init(
        spoken: String, identifier: String? = nil, display: String? = nil, value: JSONValue? = nil,
        range: Range<Int>? = nil
    ) {
        self.spoken = spoken
        self.identifier = identifier
        // NB: a display equal to the words is not kept, so that a value compares equal however
        // it was made (and the matcher's values carry no second string).
        self.displayName = display == spoken ? nil : display
        self.value = value
        self.range = range
    }
}

/// Session files keep what a conversation needs of a value: the words, the identifier, how to
/// say it back, the typed value (the keys `spoken`, `identifier`, `display`, `value`).
extension SlotValue: Codable {
    private enum CodingKeys: String, CodingKey { case spoken, identifier, display, value }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            spoken: try container.decode(String.self, forKey: .spoken),
            identifier: try container.decodeIfPresent(String.self, forKey: .identifier),
            display: try container.decodeIfPresent(String.self, forKey: .display),
            value: try container.decodeIfPresent(JSONValue.self, forKey: .value))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(spoken, forKey: .spoken)
        try container.encodeIfPresent(identifier, forKey: .identifier)
        try container.encode(display, forKey: .display)
        try container.encodeIfPresent(value, forKey: .value)
    }
}

/// A parameter's value: one, or several for multi-valued parameters (`recipients`, `taskTitles`).
public enum ParameterValue: Sendable, Equatable {
    case single(SlotValue)
    case multiple([SlotValue])

    /// The value or values, in the order spoken.
    public var values: [SlotValue] {
        switch self {
        case .single(let value): return [value]
        case .multiple(let values): return values
        }
    }
}

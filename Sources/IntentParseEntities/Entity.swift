import IntentParseNormalization

/// A typed value found in an utterance by a built-in entity parser.
public enum EntityValue: Sendable, Hashable {
    case number(Double)

    /// The number as an integer when it has no fraction.
    public var integer: Int? {
        if case .number(let n) = self, n == n.rounded(), abs(n) < 1e15 { return Int(n) }
        return nil
    }
}

/// One way to read tokens `start..<end` as an entity.
public struct EntityMatch: Sendable, Hashable {
    /// Token indexes: the match covers tokens `start..<end`.
    public var start: Int
    public var end: Int
    public var value: EntityValue

    public init(start: Int, end: Int, value: EntityValue) {
        self.start = start
        self.end = end
        self.value = value
    }
}

/// A built-in value parser: given tokens and a start, every reading that starts there.
public protocol EntityParser: Sendable {
    var name: String { get }
    func matches(in text: TokenizedText, from start: Int) -> [EntityMatch]
}

/// The built-in entities of one locale, by the name grammar lists use (`entity: number`).
public struct EntityCatalog: Sendable {
    /// Every entity name a grammar may use.
    public static let names = ["number"]

    public let parsers: [String: any EntityParser]

    public init(locale: String) {
        parsers = ["number": NumberParser(locale: locale)]
    }

    public func parser(_ name: String) -> (any EntityParser)? { parsers[name] }
}

import IntentParseEntities

/// Where a captured slot value came from.
enum CaptureSource: Sendable {
    case wildcard
    /// Entries of `phraseSets[set]`; `isSound` when matched by the sounds-like key.
    case phrase(set: Int32, values: [Int32], isSound: Bool)
    case entity(EntityValue)
}

/// One slot value: tokens `start..<end` (token indexes) captured as `slot`.
struct Capture: Sendable {
    var slot: Int32
    var start: Int32
    var end: Int32
    var source: CaptureSource
}

/// An immutable linked list of captures, newest first, shared between threads.
final class CaptureList: Sendable {
    let capture: Capture
    let next: CaptureList?

    init(_ capture: Capture, next: CaptureList?) {
        self.capture = capture
        self.next = next
    }

    /// Oldest first.
    var all: [Capture] {
        var result: [Capture] = []
        var node: CaptureList? = self
        while let current = node {
            result.append(current.capture)
            node = current.next
        }
        return result.reversed()
    }
}

/// How much of the utterance a parse explains, and how; the ranking weight is derived from it.
public struct Evidence: Sendable, Hashable {
    /// Tokens matched by template literals.
    public var literal = 0
    /// Tokens matched by list values, vocabulary, app names or entities.
    public var named = 0
    /// Tokens matched only by a sounds-like key.
    public var soundsLike = 0
    /// Tokens taken by wildcards.
    public var wildcard = 0
    /// Skip words dropped.
    public var skipped = 0

    public init() {}

    public var total: Int { literal + named + soundsLike + wildcard + skipped }
}

/// A partial parse: its weight, evidence and captures. Per (node, position) only the best
/// thread survives, which is what bounds the simulation.
struct Thread: Sendable {
    var weight: Double = 0
    var evidence = Evidence()
    var captures: CaptureList?
    /// An open wildcard: its first token, slot and order (-1 when none is open).
    var pendingStart: Int32 = -1
    var pendingSlot: Int32 = -1
    var pendingOrder: Int32 = 0

    static let empty = Thread()

    func adding(_ capture: Capture) -> Thread {
        var copy = self
        copy.captures = CaptureList(capture, next: captures)
        return copy
    }

    /// Appends another thread's captures and evidence (a suffix after a template).
    func joined(with other: Thread) -> Thread {
        var copy = self
        copy.weight += other.weight
        copy.evidence.literal += other.evidence.literal
        copy.evidence.named += other.evidence.named
        copy.evidence.soundsLike += other.evidence.soundsLike
        copy.evidence.wildcard += other.evidence.wildcard
        copy.evidence.skipped += other.evidence.skipped
        for capture in other.captures?.all ?? [] { copy = copy.adding(capture) }
        return copy
    }
}

/// Per-token weights. A literal is the strongest evidence, a wildcard word the weakest; a
/// skip word counts a little, so that a template that uses a word beats one that skips it.
enum Weights {
    static let literal = 1.0
    /// A punctuation mark a template asks for (a list separator ","): a little more than
    /// skipping it, far less than a word.
    static let punctuation = 0.1
    static let named = 0.95
    static let soundsLike = 0.7
    static let entity = 0.9
    static let wildcard = 0.3
    /// Added per wildcard word times the slot's order in its template: of two equal parses the
    /// one with shorter earlier wildcards wins.
    static let wildcardOrder = 1e-5
    static let wildcardOpen = -0.02
    static let skipped = 0.1
}

import IntentParseEntities

/// Where a captured slot value came from.
enum CaptureSource: Sendable {
    case wildcard
    /// Entries of `phraseSets[set]`, and how the phrase matched (by sound, or only a part of
    /// a term).
    case phrase(set: Int32, values: [Int32], match: PhraseHit.Match)
    case entity(EntityValue)
}

/// One slot value: tokens `start..<end` (token indexes) captured as `slot`.
struct Capture: Sendable {
    var slot: Int32
    var start: Int32
    var end: Int32
    var source: CaptureSource
}

/// A capture as stored in a simulation's arena: plain values only, linked to the capture
/// before it by index, so that copying a thread never touches a reference count.
struct PackedCapture: Sendable {
    enum Kind: UInt8, Sendable { case wildcard, phrase, soundPhrase, partialPhrase, entity }

    var slot: Int32
    var start: Int32
    var end: Int32
    var kind: Kind
    /// Phrase set (phrases) or entity index (entities).
    var set: Int32 = 0
    /// Index into the simulation's phrase hits, or into its entity values.
    var values: Int32 = 0
    /// The capture before this one in the same thread, or -1.
    var parent: Int32 = -1
}

/// How much of the utterance a parse explains, and how; the ranking weight is derived from it.
///
/// NB: counts are stored as Int32 (an utterance has at most a few hundred words), which keeps a
/// thread at 48 bytes instead of 64; the chart copies threads constantly.
package struct Evidence: Sendable, Hashable {
    /// Tokens matched by template literals.
    @Count package var literal: Int
    /// Tokens matched by list values, vocabulary, app names or entities.
    @Count package var named: Int
    /// Tokens matched only by a sounds-like key.
    @Count package var soundsLike: Int
    /// Tokens taken by wildcards.
    @Count package var wildcard: Int
    /// Skip words dropped.
    @Count package var skipped: Int

    package init() {}

    package var total: Int { literal + named + soundsLike + wildcard + skipped }

    /// An Int held in 32 bits (clamped).
    @propertyWrapper
    package struct Count: Sendable, Hashable {
        private var stored: Int32 = 0

        package init() {}

        package var wrappedValue: Int {
            get { Int(stored) }
            set { stored = Int32(clamping: newValue) }
        }
    }
}

/// A partial parse: its weight, evidence and captures (newest capture's index in the arena).
/// Per (node, position) only the best thread survives, which is what bounds the simulation.
struct Thread: Sendable {
    var weight: Double = 0
    var evidence = Evidence()
    var captures: Int32 = -1
    /// An open wildcard: its first token, slot and order (-1 when none is open).
    var pendingStart: Int32 = -1
    var pendingSlot: Int32 = -1
    var pendingOrder: Int32 = 0

    static let empty = Thread()
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
    /// A template's word typed one edit away (`TypoIndex`): below a sounds-alike name.
    static let corrected = 0.6
    /// The first or last words of vocabulary terms ("Bobo" of "Bobo the Great"): below a
    /// sounds-alike match (as the dialogue ranks them), above any words a wildcard takes.
    static let partial = 0.5
    static let entity = 0.9
    static let wildcard = 0.3
    /// A symbol (emoji, emoticon) a wildcard takes in. Passing over one costs nothing, so this
    /// is what keeps the emoji at free text's edges; it outweighs opening a wildcard (a value
    /// of emoji alone beats passing them over: "add 🍎 to my list", "apples, 🍌 and pears")
    /// and weighs less than a punctuation mark a template asks for (a list separator).
    static let symbol = 0.05
    /// Added per wildcard word times the slot's order in its template: of two equal parses the
    /// one with shorter earlier wildcards wins.
    static let wildcardOrder = 1e-5
    static let wildcardOpen = -0.02
    static let skipped = 0.1
}

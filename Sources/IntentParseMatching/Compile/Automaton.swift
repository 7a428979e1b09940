import Foundation
import IntentParseEntities

/// The compiled matcher's graph: one small automaton per template (Thompson construction), plus
/// the shared app-prefix and app-suffix automata, all in one node array.
///
/// Edges either consume tokens (a literal word, a phrase of a slot list, an entity, one wildcard
/// word) or not (epsilon, opening/closing a wildcard capture, accepting). Every cycle consumes a
/// token, so the simulation in `Simulation` is polynomial: O(tokens × live nodes × phrase length).
struct Edge: Sendable {
    enum Kind: Sendable, Equatable {
        case epsilon
        /// A literal token, by interned loose key.
        case word(Int32)
        /// A phrase from `phraseSets[set]`, captured as `slot`.
        case phrases(set: Int32, slot: Int32)
        /// A built-in entity reading, captured as `slot`; `list` filters ranges.
        case entity(entity: Int32, slot: Int32, list: Int32)
        /// Starts a wildcard capture; `order` is the slot's position in its template, so that of
        /// two equal parses the one whose earlier wildcard is shorter wins (as hassil does).
        case wildcardOpen(slot: Int32, order: Int32)
        /// One word of an open wildcard.
        case wildcardToken
        /// The first word of an open wildcard, which may not be one of `excluded` (an index into
        /// the compiled grammar's excluded word sets).
        case wildcardFirstToken(excluded: Int32)
        case wildcardClose
        /// Passes only if an app's name starts at the position or a few tokens on: the way into
        /// an app suffix after free text, closed wherever no app is named.
        case ifAppNamed
        /// A whole automaton matched: a template index, `Automaton.prefixAccept` / `suffixAccept`,
        /// or a frame cue's (`Automaton.frameCueAccept`).
        case accept(Int32)
    }

    var kind: Kind
    var target: Int32

    var consumes: Bool {
        switch kind {
        case .word, .phrases, .entity, .wildcardToken, .wildcardFirstToken: return true
        case .epsilon, .wildcardOpen, .wildcardClose, .ifAppNamed, .accept: return false
        }
    }
}

/// The automaton while it is compiled: nodes as they are created and edges as a flat list,
/// so that building 60,000 nodes allocates a few arrays, not one per node.
struct AutomatonDraft: Sendable {
    /// False inside a slot: skip words there belong to the slot's value.
    var allowsSkip: [Bool] = []
    var edges: [(from: Int32, edge: Edge)] = []

    mutating func newNode(allowsSkip: Bool) -> Int32 {
        self.allowsSkip.append(allowsSkip)
        return Int32(self.allowsSkip.count - 1)
    }

    mutating func add(_ edge: Edge, from: Int32) { edges.append((from, edge)) }
}

enum Automaton {
    static let prefixAccept: Int32 = -1
    static let suffixAccept: Int32 = -2

    /// The accept id of the second stage's cue `index` (`GrammarTables.frameCues`), below the
    /// wrappers' ids; nil for an id that is no cue's.
    static func frameCueAccept(_ index: Int) -> Int32 { Int32(-3 - index) }
    static func frameCueIndex(_ id: Int32) -> Int? { id <= -3 ? Int(-3 - id) : nil }
}

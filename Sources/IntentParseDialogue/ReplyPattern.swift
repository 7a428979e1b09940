import IntentParseBase
import IntentParseGrammar

/// A dialogue template ("(yes|yeah) [please]", "the {ordinal} one") compiled for matching a
/// reply's word keys directly. Replies are short and there are few templates, so each template
/// is tried in turn; spelling every template out into its phrases instead costs more than the
/// rest of a language's load (German's reply templates spell out into millions of phrases).
struct ReplyPattern: Sendable, Equatable {
    fileprivate indirect enum Node: Sendable, Equatable {
        /// Word keys, one after another.
        case words([String])
        case sequence([Node])
        case choice([Node])
        case optional(Node)
        case permutation([Node])
        /// A slot or rule: dialogue templates have none to fill, so it never matches.
        case never
    }

    fileprivate let root: Node
    /// Word keys that every phrase of the template holds (those outside optional parts and
    /// common to every alternative), each once, in order.
    let requiredWords: [String]

    /// `key` cuts literal text into word keys the way replies are cut.
    init(_ expression: Expression, key: (String) -> [String]) {
        self.init(root: ReplyPattern.node(expression, key: key))
    }

    fileprivate init(root: Node) {
        self.root = root
        requiredWords = ReplyPattern.required(root).sorted()
    }

    private static func node(_ expression: Expression, key: (String) -> [String]) -> Node {
        switch expression {
        case .words(let text): return .words(key(text))
        case .sequence(let items), .glued(let items): return .sequence(items.map { node($0, key: key) })
        case .choice(let items): return .choice(items.map { node($0, key: key) })
        case .optional(let inner): return .optional(node(inner, key: key))
        case .permutation(let items): return .permutation(items.map { node($0, key: key) })
        case .slot, .rule: return .never
        }
    }

    private static func required(_ node: Node) -> Set<String> {
        switch node {
        case .words(let keys): return Set(keys)
        case .sequence(let items), .permutation(let items): return items.reduce(into: Set<String>()) { $0.formUnion(required($1)) }
        case .choice(let items):
            guard let first = items.first else { return [] }
            return items.dropFirst().reduce(required(first)) { $0.intersection(required($1)) }
        case .optional, .never: return []
        }
    }

    /// Whether the whole of `words` is one of the template's phrases.
    func matches(_ words: [String]) -> Bool {
        ReplyPattern.ends(of: root, in: words, from: [0]).contains(words.count)
    }

    /// The positions where `node` can end when it starts at one of `starts`.
    private static func ends(of node: Node, in words: [String], from starts: Set<Int>) -> Set<Int> {
        guard !starts.isEmpty else { return [] }
        switch node {
        case .words(let keys):
            return Set(
                starts.filter { start in
                    start + keys.count <= words.count && words[start..<start + keys.count].elementsEqual(keys)
                }.map { $0 + keys.count })
        case .sequence(let items):
            return items.reduce(starts) { positions, item in ends(of: item, in: words, from: positions) }
        case .choice(let items):
            return items.reduce(into: Set<Int>()) { $0.formUnion(ends(of: $1, in: words, from: starts)) }
        case .optional(let inner):
            return starts.union(ends(of: inner, in: words, from: starts))
        case .permutation(let items):
            return Expression.orderings(items).reduce(into: Set<Int>()) { result, order in
                result.formUnion(ends(of: .sequence(order), in: words, from: starts))
            }
        case .never:
            return []
        }
    }
}

// The compiled-grammar cache keeps a locale's dialogue words as read (`BinaryStorable`).

extension ReplyPattern.Node: BinaryStorable {
    func write(to writer: BinaryWriter) {
        switch self {
        case .words(let keys): writer.varint(0); writer.write(keys)
        case .sequence(let items): writer.varint(1); writer.write(items)
        case .choice(let items): writer.varint(2); writer.write(items)
        case .optional(let inner): writer.varint(3); inner.write(to: writer)
        case .permutation(let items): writer.varint(4); writer.write(items)
        case .never: writer.varint(5)
        }
    }

    init(from reader: BinaryReader) throws {
        switch try reader.varint() {
        case 0: self = .words(try reader.array())
        case 1: self = .sequence(try reader.array())
        case 2: self = .choice(try reader.array())
        case 3: self = .optional(try reader.read())
        case 4: self = .permutation(try reader.array())
        case 5: self = .never
        case let other: throw reader.damaged("no reply pattern part of kind \(other)")
        }
    }
}

extension ReplyPattern: BinaryStorable {
    package func write(to writer: BinaryWriter) { root.write(to: writer) }
    package init(from reader: BinaryReader) throws { self.init(root: try reader.read()) }
}

/// The syntax tree of one template ("<send> [a] message to {recipients}").
///
/// Offsets are in Unicode scalars from the start of the template text, so a diagnostic can put
/// its caret under the exact character.
package indirect enum Expression: Sendable, Hashable {
    /// Literal words, tokenized by the normalizer when the grammar is compiled.
    case words(String)
    /// Items one after another.
    case sequence([Expression])
    /// `(a|b)`: one of the choices. An empty choice makes the group optional.
    case choice([Expression])
    /// `[a]`: the item or nothing.
    case optional(Expression)
    /// `(a;b;c)`: every item, in any order.
    case permutation([Expression])
    /// `{list}` or `{list:slot}`: a value from a list, captured as parameter `slot`.
    case slot(list: String, slot: String, offset: Int)
    /// `<rule>`: the named expansion rule, inlined.
    case rule(String, offset: Int)
    /// Items written with no space between, one of them a slot or a rule (`{name}<suffix>`,
    /// `irgend<article>`): one word, made once the grammar's rules and lists are known
    /// (`LanguageGrammar.resolveGluedWords`); until then, and where it cannot be made, its
    /// items one after another.
    case glued([Expression])

    /// The empty expression (matches nothing, consumes nothing).
    package static let empty = Expression.sequence([])

    /// One of a word's `spellings`: a choice of words, optional when one spelling is blank.
    package static func words(oneOf spellings: [String]) -> Expression {
        let words = spellings.filter { !TemplateParser.isBlank($0) }
        let choice: Expression = words.count == 1 ? .words(words[0]) : .choice(words.map { .words($0) })
        return spellings.contains(where: TemplateParser.isBlank) ? .optional(choice) : choice
    }

    /// Slots in order of appearance, with rules not expanded.
    package var slots: [(list: String, slot: String, offset: Int)] {
        switch self {
        case .words, .rule: return []
        case .slot(let list, let slot, let offset): return [(list, slot, offset)]
        case .optional(let inner): return inner.slots
        case .sequence(let items), .choice(let items), .permutation(let items), .glued(let items): return items.flatMap(\.slots)
        }
    }

    /// Rules referenced, with their offsets.
    package var rules: [(name: String, offset: Int)] {
        switch self {
        case .words, .slot: return []
        case .rule(let name, let offset): return [(name, offset)]
        case .optional(let inner): return inner.rules
        case .sequence(let items), .choice(let items), .permutation(let items), .glued(let items): return items.flatMap(\.rules)
        }
    }

    /// A readable dump of the tree, one node a line; used by `explain` and golden tests.
    package func dump(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent)
        switch self {
        case .words(let text): return pad + "words \"\(text)\""
        case .slot(let list, let slot, _): return pad + (list == slot ? "slot {\(list)}" : "slot {\(list):\(slot)}")
        case .rule(let name, _): return pad + "rule <\(name)>"
        case .optional(let inner): return pad + "optional\n" + inner.dump(indent: indent + 1)
        case .sequence(let items): return ([pad + "sequence"] + items.map { $0.dump(indent: indent + 1) }).joined(separator: "\n")
        case .choice(let items): return ([pad + "choice"] + items.map { $0.dump(indent: indent + 1) }).joined(separator: "\n")
        case .permutation(let items): return ([pad + "permutation"] + items.map { $0.dump(indent: indent + 1) }).joined(separator: "\n")
        case .glued(let items): return ([pad + "glued"] + items.map { $0.dump(indent: indent + 1) }).joined(separator: "\n")
        }
    }
}

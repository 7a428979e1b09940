import Foundation

/// Parses hassil template syntax into an `Expression`.
///
///     template  := choices
///     choices   := sequence ('|' sequence)*
///     group     := choices (';' choices)*          a permutation when ';' appears
///     sequence  := ( '(' group ')' | '[' group ']' | '{' name [':' name] '}' | '<' name '>' | text )*
///
/// `\` escapes the next character. Nesting is limited (`maxDepth`) so adversarial templates fail
/// with a diagnostic instead of exhausting the stack.
public struct TemplateParser {
    public struct Failure: Error, Sendable, Equatable {
        public var message: String
        /// Offset in Unicode scalars into the template.
        public var offset: Int
    }

    public static let maxDepth = 32

    private let chars: [Unicode.Scalar]
    private var position = 0
    private var depth = 0

    public static func parse(_ template: String) throws(Failure) -> Expression {
        var parser = TemplateParser(chars: Array(template.unicodeScalars))
        let expression = try parser.parseChoices(closing: nil)
        if parser.position < parser.chars.count {
            throw Failure(message: "unexpected '\(parser.chars[parser.position])' with no opening bracket", offset: parser.position)
        }
        return expression
    }

    private init(chars: [Unicode.Scalar]) { self.chars = chars }

    private var current: Unicode.Scalar? { position < chars.count ? chars[position] : nil }

    /// Parses `a|b|c` up to the closing bracket (not consumed). A `;` makes a permutation.
    private mutating func parseChoices(closing: Unicode.Scalar?) throws(Failure) -> Expression {
        var permutationItems: [Expression] = []
        var choices: [Expression] = [try parseSequence()]
        while let c = current, c == "|" || c == ";" {
            position += 1
            if c == ";" {
                guard closing != nil else { throw Failure(message: "';' (permutation) is only allowed inside ( )", offset: position - 1) }
                permutationItems.append(TemplateParser.collapse(choices))
                choices = []
            }
            choices.append(try parseSequence())
        }
        let last = TemplateParser.collapse(choices)
        if permutationItems.isEmpty { return last }
        return .permutation(permutationItems + [last])
    }

    private static func collapse(_ choices: [Expression]) -> Expression {
        choices.count == 1 ? choices[0] : .choice(choices)
    }

    /// One item of a sequence, and whether it touches the item before it with no space
    /// between ("fan[s]", "batter(y|ies)"): touching items make one word.
    private struct Piece {
        var expression: Expression
        var gluedToPrevious: Bool
        /// Scalar offset where the piece starts, for diagnostics.
        var offset: Int
    }

    private mutating func parseSequence() throws(Failure) -> Expression {
        var pieces: [Piece] = []
        var text = ""
        var textStart = position
        /// The last thing read ended with a letter or a bracket, not a space.
        var touching = false
        func flush() {
            defer {
                text = ""
                textStart = position
            }
            guard text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
                if !text.isEmpty { touching = false }
                return
            }
            let leadingSpace = text.unicodeScalars.first?.properties.isWhitespace ?? false
            var body = Substring(text)
            // A first word touching the item before it is a piece of its own.
            if touching && !leadingSpace && !pieces.isEmpty {
                let end = body.unicodeScalars.firstIndex { $0.properties.isWhitespace } ?? body.endIndex
                pieces.append(Piece(expression: .words(String(body[..<end])), gluedToPrevious: true, offset: textStart))
                body = body[end...]
            }
            if body.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) {
                pieces.append(Piece(expression: .words(String(body)), gluedToPrevious: false, offset: textStart))
            }
            touching = !(text.unicodeScalars.last?.properties.isWhitespace ?? false)
        }
        func append(_ expression: Expression, at offset: Int) {
            // The last word of a text touching this group is a piece of its own.
            if touching, let last = pieces.last, case .words(let words) = last.expression,
               let space = words.unicodeScalars.lastIndex(where: { $0.properties.isWhitespace }) {
                let head = String(words.unicodeScalars[...space])
                let tail = String(words.unicodeScalars[words.unicodeScalars.index(after: space)...])
                pieces.removeLast()
                if head.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) {
                    pieces.append(Piece(expression: .words(head), gluedToPrevious: last.gluedToPrevious, offset: last.offset))
                }
                pieces.append(Piece(expression: .words(tail), gluedToPrevious: false, offset: last.offset))
            }
            pieces.append(Piece(expression: expression, gluedToPrevious: touching && !pieces.isEmpty, offset: offset))
            touching = true
        }
        while let c = current {
            switch c {
            case "|", ";", ")", "]":
                flush()
                return try TemplateParser.joinWords(pieces)
            case "(", "[":
                flush()
                let open = position
                append(try parseGroup(optional: c == "["), at: open)
            case "{":
                flush()
                let open = position
                append(try parseSlot(), at: open)
            case "<":
                flush()
                let open = position
                append(try parseRule(), at: open)
            case "}", ">":
                throw Failure(message: "unexpected '\(c)' with no opening bracket", offset: position)
            case "\\":
                position += 1
                guard let escaped = current else { throw Failure(message: "'\\' at the end of the template", offset: position - 1) }
                text.unicodeScalars.append(escaped)
                position += 1
            default:
                text.unicodeScalars.append(c)
                position += 1
            }
        }
        flush()
        return try TemplateParser.joinWords(pieces)
    }

    /// Most spellings one word may expand to (`batter(y|ies)` has two).
    public static let maxWordVariants = 256

    /// Turns runs of touching pieces into one choice of whole words: `fan[s]` is "fan" or
    /// "fans", `liste(yi|ye)` is "listeyi" or "listeye" (hassil's meaning). A run that holds a
    /// slot or a rule (`{name}['s]`) stays a sequence of separate words.
    private static func joinWords(_ pieces: [Piece]) throws(Failure) -> Expression {
        var items: [Expression] = []
        var index = 0
        while index < pieces.count {
            var end = index + 1
            while end < pieces.count, pieces[end].gluedToPrevious { end += 1 }
            let run = pieces[index..<end]
            if run.count > 1, let spellings = wordVariants(run.map(\.expression)) {
                guard spellings.count <= maxWordVariants else {
                    throw Failure(message: "a word with \(spellings.count) spellings; use at most \(maxWordVariants)", offset: pieces[index].offset)
                }
                let words = spellings.filter { !$0.isEmpty }
                let choice: Expression = words.count == 1 ? .words(words[0]) : .choice(words.map { .words($0) })
                items.append(spellings.contains("") ? .optional(choice) : choice)
            } else {
                items += run.map(\.expression)
            }
            index = end
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    /// Every spelling of touching pieces written one after another, or nil when one holds a
    /// slot, a rule or a permutation. Spellings keep the order written, without repeats.
    private static func wordVariants(_ pieces: [Expression]) -> [String]? {
        var result = [""]
        for piece in pieces {
            guard let variants = spellings(piece) else { return nil }
            result = result.flatMap { prefix in variants.map { prefix + $0 } }
            if result.count > maxWordVariants { return result }
        }
        var seen = Set<String>()
        return result.map { trimmingSpaces($0) }.filter { seen.insert($0).inserted }
    }

    private static func spellings(_ expression: Expression) -> [String]? {
        switch expression {
        case .words(let text): return [text]
        case .optional(let inner): return spellings(inner).map { $0 + [""] }
        case .choice(let items):
            var all: [String] = []
            for item in items {
                guard let inner = spellings(item) else { return nil }
                all += inner
                if all.count > maxWordVariants { return all }
            }
            return all
        case .sequence(let items):
            // Items of a sequence are separate words (touching ones were joined already).
            var result = [""]
            for item in items {
                guard let inner = spellings(item) else { return nil }
                result = result.flatMap { prefix in
                    inner.map { spelling in
                        let word = trimmingSpaces(spelling)
                        return prefix.isEmpty || word.isEmpty ? prefix + word : prefix + " " + word
                    }
                }
                if result.count > maxWordVariants { return result }
            }
            return result
        case .slot, .rule, .permutation: return nil
        }
    }

    private mutating func parseGroup(optional: Bool) throws(Failure) -> Expression {
        let open = position
        let closing: Unicode.Scalar = optional ? "]" : ")"
        depth += 1
        guard depth <= TemplateParser.maxDepth else {
            throw Failure(message: "brackets nested more than \(TemplateParser.maxDepth) deep", offset: open)
        }
        position += 1
        let inner = try parseChoices(closing: closing)
        guard current == closing else {
            let found = current.map { "'\($0)'" } ?? "the end of the template"
            throw Failure(message: "'\(chars[open])' is never closed: expected '\(closing)', found \(found)", offset: open)
        }
        position += 1
        depth -= 1
        return optional ? .optional(inner) : inner
    }

    /// `{list}` or `{list:slot}`.
    private mutating func parseSlot() throws(Failure) -> Expression {
        let open = position
        let body = try readName(closing: "}", what: "slot")
        let parts = body.split(separator: ":", omittingEmptySubsequences: false).map { TemplateParser.trimmingSpaces($0) }
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty }) else {
            throw Failure(message: "a slot is {list} or {list:slot}, not {\(body)}", offset: open)
        }
        return .slot(list: parts[0], slot: parts.count == 2 ? parts[1] : parts[0], offset: open)
    }

    /// Without leading and trailing spaces and tabs (what Foundation's `.whitespaces` trims,
    /// at a fraction of its cost).
    static func trimmingSpaces(_ text: some StringProtocol) -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[first...last])
    }

    private mutating func parseRule() throws(Failure) -> Expression {
        let open = position
        let name = TemplateParser.trimmingSpaces(try readName(closing: ">", what: "rule"))
        guard !name.isEmpty else { throw Failure(message: "empty rule name <>", offset: open) }
        return .rule(name, offset: open)
    }

    /// Reads up to `closing` (consumed) after the opening character.
    private mutating func readName(closing: Unicode.Scalar, what: String) throws(Failure) -> String {
        let open = position
        position += 1
        var name = ""
        while let c = current, c != closing {
            if "()[]{}<>|;".unicodeScalars.contains(c) {
                throw Failure(message: "unexpected '\(c)' inside a \(what) name", offset: position)
            }
            name.unicodeScalars.append(c)
            position += 1
        }
        guard current == closing else {
            throw Failure(message: "'\(chars[open])' is never closed: expected '\(closing)'", offset: open)
        }
        position += 1
        return name
    }
}

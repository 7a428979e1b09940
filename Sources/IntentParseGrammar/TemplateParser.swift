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

    private mutating func parseSequence() throws(Failure) -> Expression {
        var items: [Expression] = []
        var text = ""
        func flush() {
            if text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) { items.append(.words(text)) }
            text = ""
        }
        while let c = current {
            switch c {
            case "|", ";", ")", "]":
                flush()
                return items.count == 1 ? items[0] : .sequence(items)
            case "(", "[":
                flush()
                items.append(try parseGroup(optional: c == "["))
            case "{":
                flush()
                items.append(try parseSlot())
            case "<":
                flush()
                items.append(try parseRule())
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
        return items.count == 1 ? items[0] : .sequence(items)
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

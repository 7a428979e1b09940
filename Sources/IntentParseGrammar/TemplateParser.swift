import Foundation

/// Parses hassil template syntax into an `Expression`.
///
///     template  := choices
///     choices   := sequence ('|' sequence)*
///     group     := choices (';' choices)*          a permutation when ';' appears
///     sequence  := ( '(' group ')' | '[' group ']' | '{' name [':' name] '}' | '<' name '>' | text )*
///
/// `\` escapes the next character. Nesting (`maxDepth`) and permutations (`maxPermutationItems`)
/// are limited so adversarial templates fail with a diagnostic instead of exhausting the stack
/// or expanding without end.
///
/// The parser reads the template's UTF-8 bytes: every syntax character is ASCII, so text runs
/// are copied as bytes and become strings once, when a run ends.
package struct TemplateParser {
    package struct Failure: Error, Sendable, Equatable {
        package var message: String
        /// Offset in Unicode scalars into the template.
        package var offset: Int
    }

    package static let maxDepth = 32
    /// The most items a permutation may have: n items have n! orders, and whatever expands
    /// orders (phrases, reply patterns, the compiler past its lattice) must stay bounded.
    package static let maxPermutationItems = 5

    private let bytes: [UInt8]
    /// Byte offset of the next unread byte.
    private var position = 0
    private var depth = 0
    /// A byte offset and its offset in scalars, where `scalarOffset` last stopped.
    private var scalarCursor = (byte: 0, scalar: 0)
    /// Of the group `parseChoices` read last: whether every alternative starts, and ends, with
    /// white space. Only then does that side of the group touch nothing ("(lo |la )<x>" is
    /// two words; "(<le>|au )<media>" writes "l'" against the word after it).
    private var groupEdges = (allStartWithSpace: false, allEndWithSpace: false)

    package static func parse(_ template: String) throws(Failure) -> Expression {
        var parser = TemplateParser(bytes: Array(template.utf8))
        let expression = try parser.parseChoices(closing: nil)
        if let c = parser.current {
            throw parser.failure("unexpected '\(Unicode.Scalar(c))' with no opening bracket", at: parser.position)
        }
        return expression
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// The offset in Unicode scalars of a byte offset (diagnostics count scalars). Offsets are
    /// asked for in increasing order while parsing, so counting resumes where it stopped.
    private mutating func scalarOffset(_ byteOffset: Int) -> Int {
        if byteOffset < scalarCursor.byte { scalarCursor = (0, 0) }
        let scalars = bytes[scalarCursor.byte..<byteOffset].reduce(scalarCursor.scalar) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        scalarCursor = (byteOffset, scalars)
        return scalars
    }

    private mutating func failure(_ message: String, at byteOffset: Int) -> Failure {
        Failure(message: message, offset: scalarOffset(byteOffset))
    }

    /// Parses `a|b|c` up to the closing bracket (not consumed). A `;` makes a permutation.
    private mutating func parseChoices(closing: UInt8?) throws(Failure) -> Expression {
        var permutationItems: [Expression] = []
        /// Where the item past `maxPermutationItems` starts (its ';'): the items are all read,
        /// which costs what their text does, but never expanded.
        var firstExtraItem: Int?
        var startsWithSpace = true, endsWithSpace = true
        var start = position
        var choices: [Expression] = [try parseSequence()]
        func noteEdges() {
            startsWithSpace = startsWithSpace && start < position && UTF8Spaces.isSpace(bytes[start])
            endsWithSpace = endsWithSpace && start < position && UTF8Spaces.isSpace(bytes[position - 1])
        }
        noteEdges()
        while let c = current, c == UInt8(ascii: "|") || c == UInt8(ascii: ";") {
            position += 1
            if c == UInt8(ascii: ";") {
                guard closing != nil else { throw failure("';' (permutation) is only allowed inside ( )", at: position - 1) }
                if permutationItems.count + 1 == TemplateParser.maxPermutationItems { firstExtraItem = position - 1 }
                permutationItems.append(TemplateParser.collapse(choices))
                choices = []
            }
            start = position
            choices.append(try parseSequence())
            noteEdges()
        }
        groupEdges = (startsWithSpace, endsWithSpace)
        let last = TemplateParser.collapse(choices)
        if permutationItems.isEmpty { return last }
        if let firstExtraItem {
            let count = permutationItems.count + 1, most = TemplateParser.maxPermutationItems
            throw failure("a permutation of \(count) items has too many orders; use at most \(most)", at: firstExtraItem)
        }
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
        /// Byte offset where the piece starts, for diagnostics.
        var offset: Int
    }

    private mutating func parseSequence() throws(Failure) -> Expression {
        var pieces: [Piece] = []
        var text: [UInt8] = []
        var textStart = position
        /// The last thing read ended with a letter or a bracket, not a space.
        var touching = false
        func flush() {
            defer {
                text.removeAll(keepingCapacity: true)
                textStart = position
            }
            let spaces = UTF8Spaces(text)
            guard spaces.hasNonSpace(text.startIndex..<text.endIndex) else {
                if !text.isEmpty { touching = false }
                return
            }
            var body = text.startIndex..<text.endIndex
            // A first word touching the item before it is a piece of its own.
            if touching && !spaces.startsWithSpace && !pieces.isEmpty {
                let end = spaces.firstSpace(in: body) ?? body.upperBound
                pieces.append(Piece(expression: .words(spaces.string(body.lowerBound..<end)), gluedToPrevious: true, offset: textStart))
                body = end..<body.upperBound
            }
            if spaces.hasNonSpace(body) {
                pieces.append(Piece(expression: .words(spaces.string(body)), gluedToPrevious: false, offset: textStart))
            }
            touching = !spaces.endsWithSpace
        }
        /// `openLeft` / `openRight`: the item's own text starts / ends with a space ("[ <area>]",
        /// "[(der|die) ]"), so that side touches nothing, as in hassil, where spaces are text.
        func append(_ expression: Expression, at offset: Int, openLeft: Bool = false, openRight: Bool = false) {
            if openLeft { touching = false }
            // The last word of a text touching this group is a piece of its own.
            if touching, let last = pieces.last, case .words(let words) = last.expression {
                let utf8 = Array(words.utf8)
                let spaces = UTF8Spaces(utf8)
                if let space = spaces.lastSpace {
                    let head = utf8.startIndex..<space.upperBound
                    pieces.removeLast()
                    if spaces.hasNonSpace(head) {
                        pieces.append(Piece(expression: .words(spaces.string(head)), gluedToPrevious: last.gluedToPrevious, offset: last.offset))
                    }
                    pieces.append(
                        Piece(expression: .words(spaces.string(space.upperBound..<utf8.endIndex)), gluedToPrevious: false, offset: last.offset))
                }
            }
            pieces.append(Piece(expression: expression, gluedToPrevious: touching && !pieces.isEmpty, offset: offset))
            touching = !openRight
        }
        /// A space ending the sequence after a group, slot or rule ("i[l] " of "(i[l] |gli )")
        /// ends its word: kept, so that what the sequence is written against later starts a
        /// new word ("il clima" of `[<the>]<climate>`).
        func keepTrailingSpace() {
            guard touching, !pieces.isEmpty, !text.isEmpty, !UTF8Spaces(text).hasNonSpace(text.startIndex..<text.endIndex) else { return }
            pieces.append(Piece(expression: .words(" "), gluedToPrevious: true, offset: textStart))
            text.removeAll(keepingCapacity: true)
        }
        while let c = current {
            switch c {
            case UInt8(ascii: "|"), UInt8(ascii: ";"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                keepTrailingSpace()
                flush()
                return try joinWords(pieces)
            case UInt8(ascii: "("), UInt8(ascii: "["):
                flush()
                let open = position
                var group = try parseGroup(optional: c == UInt8(ascii: "["))
                var (openLeft, openRight) = groupEdges
                // "l'[ ]aria": a group of white space alone is a space that may be there,
                // between the pieces of one word or of two.
                if position - open > 2, bytes[(open + 1)..<(position - 1)].allSatisfy(UTF8Spaces.isSpace) {
                    group = c == UInt8(ascii: "[") ? .optional(.words(" ")) : .words(" ")
                    openLeft = false
                    openRight = false
                }
                append(group, at: open, openLeft: openLeft, openRight: openRight)
            case UInt8(ascii: "{"):
                flush()
                let open = position
                append(try parseSlot(), at: open)
            case UInt8(ascii: "<"):
                flush()
                let open = position
                append(try parseRule(), at: open)
            case UInt8(ascii: "}"), UInt8(ascii: ">"):
                throw failure("unexpected '\(Unicode.Scalar(c))' with no opening bracket", at: position)
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { throw failure("'\\' at the end of the template", at: position - 1) }
                let end = position + UTF8Spaces.scalarLength(bytes[position])
                text += bytes[position..<min(end, bytes.count)]
                position = end
            default:
                text.append(c)
                position += 1
            }
        }
        keepTrailingSpace()
        flush()
        return try joinWords(pieces)
    }

    /// Most spellings one word may expand to (`batter(y|ies)` has two).
    package static let maxWordVariants = 1024

    /// Turns runs of touching pieces into one choice of whole words: `fan[s]` is "fan" or
    /// "fans", `liste(yi|ye)` is "listeyi" or "listeye" (hassil's meaning). A run that holds a
    /// slot or a rule (`{name}['s]`, `irgend<article>`) is `.glued`, made a word once the rules
    /// and lists are known.
    private mutating func joinWords(_ pieces: [Piece]) throws(Failure) -> Expression {
        var items: [Expression] = []
        var index = 0
        while index < pieces.count {
            var end = index + 1
            while end < pieces.count, pieces[end].gluedToPrevious { end += 1 }
            let run = pieces[index..<end]
            if run.count > 1, let spellings = TemplateParser.wordVariants(run.map(\.expression)) {
                guard spellings.count <= TemplateParser.maxWordVariants else {
                    throw failure(
                        "a word with more than \(TemplateParser.maxWordVariants) spellings; use at most that many", at: pieces[index].offset)
                }
                items.append(.words(oneOf: spellings))
            } else if run.count > 1 {
                items.append(.glued(run.map(\.expression)))
            } else {
                items += run.map(\.expression)
            }
            index = end
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    /// Every spelling of touching pieces written one after another, or nil when one holds a
    /// slot, a rule or a permutation. Spellings keep the order written, without repeats.
    /// More than `maxWordVariants` come back as `tooMany` (never made: their product can be
    /// millions of strings).
    private static func wordVariants(_ pieces: [Expression]) -> [String]? {
        var result = [""]
        for piece in pieces {
            guard let variants = spellings(piece) else { return nil }
            guard result.count * variants.count <= maxWordVariants else { return tooMany }
            result = result.flatMap { prefix in variants.map { prefix + $0 } }
        }
        var seen = Set<String>()
        return result.map { edgeSpaces($0) }.filter { seen.insert($0).inserted }
    }

    /// What `wordVariants` and `spellings` give for more than `maxWordVariants` spellings: one
    /// more empty spelling than allowed, which the caller refuses by its count.
    private static var tooMany: [String] { Array(repeating: "", count: maxWordVariants + 1) }

    private static func spellings(_ expression: Expression) -> [String]? {
        switch expression {
        case .words(let text): return [text]
        case .optional(let inner): return spellings(inner).map { $0 + [""] }
        case .choice(let items):
            var all: [String] = []
            for item in items {
                guard let inner = spellings(item) else { return nil }
                guard all.count + inner.count <= maxWordVariants else { return tooMany }
                all += inner
            }
            return all
        case .sequence(let items):
            // Items of a sequence are separate words (touching ones were joined already).
            var result = [""]
            for item in items {
                guard let inner = spellings(item) else { return nil }
                guard result.count * inner.count <= maxWordVariants else { return tooMany }
                result = result.flatMap { prefix in
                    inner.map { spelling in
                        let word = trimmingSpaces(spelling)
                        return prefix.isEmpty || word.isEmpty ? prefix + word : prefix + " " + word
                    }
                }
            }
            return result
        case .slot, .rule, .permutation, .glued: return nil
        }
    }

    private mutating func parseGroup(optional: Bool) throws(Failure) -> Expression {
        let open = position
        let closing = UInt8(ascii: optional ? "]" : ")")
        depth += 1
        guard depth <= TemplateParser.maxDepth else {
            throw failure("brackets nested more than \(TemplateParser.maxDepth) deep", at: open)
        }
        position += 1
        let inner = try parseChoices(closing: closing)
        guard current == closing else {
            let found = current.map { "'\(Unicode.Scalar($0))'" } ?? "the end of the template"
            throw failure("'\(Unicode.Scalar(bytes[open]))' is never closed: expected '\(Unicode.Scalar(closing))', found \(found)", at: open)
        }
        position += 1
        depth -= 1
        return optional ? .optional(inner) : inner
    }

    /// `{list}` or `{list:slot}`.
    private mutating func parseSlot() throws(Failure) -> Expression {
        let open = position
        let body = try readName(closing: UInt8(ascii: "}"), what: "slot")
        var parts: [String] = []
        var start = body.lowerBound
        for index in body where bytes[index] == UInt8(ascii: ":") {
            parts.append(TemplateParser.trimmingSpaces(String(decoding: bytes[start..<index], as: UTF8.self)))
            start = index + 1
        }
        parts.append(TemplateParser.trimmingSpaces(String(decoding: bytes[start..<body.upperBound], as: UTF8.self)))
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty }) else {
            throw failure("a slot is {list} or {list:slot}, not {\(String(decoding: bytes[body], as: UTF8.self))}", at: open)
        }
        return .slot(list: parts[0], slot: parts.count == 2 ? parts[1] : parts[0], offset: scalarOffset(open))
    }

    /// Without leading and trailing spaces and tabs (what Foundation's `.whitespaces` trims,
    /// at a fraction of its cost).
    /// `text` with a space at either end where it has white space there ("lo " of "(lo |la )"
    /// stays "lo "): a word that ends in a space touches nothing after it, as in hassil
    /// (`[<the>]<climate>` with `the` "(lo |l')" spells "lo clima" and "l'aria condizionata").
    static func edgeSpaces(_ text: String) -> String {
        let trimmed = trimmingSpaces(text)
        guard !trimmed.isEmpty else { return text.isEmpty ? "" : " " }
        let isSpace: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
        return (text.first.map(isSpace) == true ? " " : "") + trimmed + (text.last.map(isSpace) == true ? " " : "")
    }

    /// Whether a spelling is no word at all (empty or white space).
    static func isBlank(_ text: String) -> Bool { text.allSatisfy(\.isWhitespace) }

    static func trimmingSpaces(_ text: some StringProtocol) -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[first...last])
    }

    private mutating func parseRule() throws(Failure) -> Expression {
        let open = position
        let body = try readName(closing: UInt8(ascii: ">"), what: "rule")
        let name = TemplateParser.trimmingSpaces(String(decoding: bytes[body], as: UTF8.self))
        guard !name.isEmpty else { throw failure("empty rule name <>", at: open) }
        return .rule(name, offset: scalarOffset(open))
    }

    /// Reads up to `closing` (consumed) after the opening character; returns the bytes between.
    private mutating func readName(closing: UInt8, what: String) throws(Failure) -> Range<Int> {
        let open = position
        position += 1
        let start = position
        while let c = current, c != closing {
            switch c {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
                UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: ";"):
                throw failure("unexpected '\(Unicode.Scalar(c))' inside a \(what) name", at: position)
            default:
                position += 1
            }
        }
        guard current == closing else {
            throw failure("'\(Unicode.Scalar(bytes[open]))' is never closed: expected '\(Unicode.Scalar(closing))'", at: open)
        }
        position += 1
        return start..<(position - 1)
    }
}

/// Unicode white space in a UTF-8 buffer, as `Unicode.Scalar.Properties.isWhitespace` decides
/// it, without decoding ASCII.
private struct UTF8Spaces {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether a byte is ASCII white space (a space, a tab, a line break).
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    /// How many bytes the scalar starting with `lead` takes.
    static func scalarLength(_ lead: UInt8) -> Int {
        switch lead {
        case ..<0x80: 1
        case 0xF0...: 4
        case 0xE0...: 3
        default: 2
        }
    }

    /// Whether the scalar at `index` is white space, and where the next scalar starts.
    private func scalar(at index: Int) -> (isSpace: Bool, end: Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (lead == 0x20 || (0x09...0x0D).contains(lead), index + 1) }
        let end = min(index + UTF8Spaces.scalarLength(lead), bytes.count)
        let scalar = String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars.first
        return (scalar?.properties.isWhitespace ?? false, end)
    }

    /// Start of the scalar that ends at `end`.
    private func scalarStart(before end: Int) -> Int {
        var start = end - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return start
    }

    func hasNonSpace(_ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            let (isSpace, end) = scalar(at: index)
            if !isSpace { return true }
            index = end
        }
        return false
    }

    /// Byte offset of the first white-space scalar in `range`.
    func firstSpace(in range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            let (isSpace, end) = scalar(at: index)
            if isSpace { return index }
            index = end
        }
        return nil
    }

    /// The bytes of the last white-space scalar.
    var lastSpace: Range<Int>? {
        var end = bytes.count
        while end > 0 {
            let start = scalarStart(before: end)
            if scalar(at: start).isSpace { return start..<end }
            end = start
        }
        return nil
    }

    var startsWithSpace: Bool { !bytes.isEmpty && scalar(at: 0).isSpace }

    var endsWithSpace: Bool { !bytes.isEmpty && scalar(at: scalarStart(before: bytes.count)).isSpace }

    func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
}

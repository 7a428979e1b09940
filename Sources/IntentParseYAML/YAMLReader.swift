import Foundation
import IntentParseBase
import Yams

/// Reads a YAML file with Yams into nodes that keep their line and column, and reports problems
/// as compiler-style diagnostics (file:line:col, the source line, a caret).
package struct YAMLReader {
    package let file: String
    /// The file's text, for the source lines of diagnostics.
    package private(set) var text = ""
    package var log: DiagnosticLog

    package init(file: String, log: DiagnosticLog = DiagnosticLog()) {
        self.file = file
        self.log = log
    }

    /// Reads and composes the file; nil (with a diagnostic) when unreadable, empty or malformed.
    package mutating func root(of url: URL) -> Node? {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            log.error(SourceLocation(file: file), "cannot read file")
            return nil
        }
        guard let text = String(data: data, encoding: .utf8) else {
            log.error(SourceLocation(file: file), "the file is not valid UTF-8")
            return nil
        }
        return root(ofText: text)
    }

    package mutating func root(ofText text: String) -> Node? {
        self.text = text
        do {
            // NB: the basic resolver leaves every scalar untyped: `scalarValue` types them, and
            // Yams's default resolver runs a regular expression per scalar. Swift strings are
            // UTF-8: Yams's default encoding would read the whole environment to find that out,
            // once per file.
            guard let node = try Yams.compose(yaml: text, .basic, .default, .utf8),
                node.mapping != nil || node.scalar?.string.isEmpty == false || node.sequence != nil
            else {
                log.error(SourceLocation(file: file, line: 1), "the file is empty")
                return nil
            }
            return node
        } catch let error as YamlError {
            reportYAMLError(error)
        } catch {
            log.error(SourceLocation(file: file), "not valid YAML: \(error)")
        }
        return nil
    }

    private mutating func reportYAMLError(_ error: YamlError) {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            self.error(at: mark, "not valid YAML: \(detail)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            self.error(at: context.mark, "duplicate keys in a mapping: \(duplicates.joined(separator: ", "))")
        default:
            log.error(SourceLocation(file: file), "not valid YAML: \(error)")
        }
    }

    // MARK: Locations and diagnostics

    package func location(_ node: Node) -> SourceLocation {
        location(node.mark)
    }

    package func location(_ mark: Mark?) -> SourceLocation {
        guard let mark else { return SourceLocation(file: file) }
        return SourceLocation(file: file, line: mark.line, column: mark.column)
    }

    /// Line `line` of the text (from 1), found when a diagnostic asks for it: most files have
    /// none. Lines end at a "\n" byte (a "\r\n" is one Character).
    package func sourceLine(_ line: Int?) -> String? {
        guard let line, line >= 1 else { return nil }
        let bytes = text.utf8
        var start = bytes.startIndex
        for _ in 1..<line {
            guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            start = bytes.index(after: newline)
        }
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        return String(Substring(bytes[start..<end]))
    }

    package mutating func error(_ node: Node, _ message: String) {
        error(at: node.mark, message)
    }

    package mutating func error(at mark: Mark?, _ message: String) {
        error(location(mark), message)
    }

    package mutating func error(_ location: SourceLocation, _ message: String) {
        log.error(location, message, sourceLine: sourceLine(location.line))
    }

    package mutating func warning(_ node: Node, _ message: String) {
        let at = location(node)
        log.append(.warning(at, message, sourceLine: sourceLine(at.line)))
    }

    // MARK: Typed access

    package mutating func mapping(_ node: Node, _ what: String) -> [(key: String, keyNode: Node, value: Node)]? {
        guard let mapping = node.mapping else {
            error(node, "\(what) must be a mapping (key: value)")
            return nil
        }
        return mapping.map { pair in (pair.key.scalar?.string ?? "", pair.key, pair.value) }
    }

    package mutating func sequence(_ node: Node, _ what: String) -> [Node]? {
        guard let sequence = node.sequence else {
            error(node, "\(what) must be a list")
            return nil
        }
        return Array(sequence)
    }

    package mutating func string(_ node: Node, _ what: String) -> String? {
        guard let scalar = node.scalar else {
            error(node, "\(what) must be a string")
            return nil
        }
        return scalar.string
    }

    /// A list of strings, or a single string standing for a list of one.
    package mutating func strings(_ node: Node, _ what: String) -> [(String, Node)] {
        if node.scalar != nil { return string(node, what).map { [($0, node)] } ?? [] }
        guard let items = sequence(node, what) else { return [] }
        return items.compactMap { item in string(item, what).map { ($0, item) } }
    }

    /// A scalar keeping its type; plain yes/no/on/off remain strings.
    package func scalarValue(_ node: Node) -> ScalarValue? {
        guard let scalar = node.scalar else { return nil }
        let text = scalar.string
        guard scalar.style == .plain || scalar.style == .any else { return .string(text) }
        if let integer = Int(text) { return .integer(integer) }
        if let decimal = Double(text), text.contains(".") { return .decimal(decimal) }
        if text == "true" { return .boolean(true) }
        if text == "false" { return .boolean(false) }
        return .string(text)
    }

    /// A value as JSON: a scalar keeping its type (plain null and ~ are null), or a mapping or
    /// list of them, to any depth.
    package mutating func json(_ node: Node) -> JSONValue? {
        if let scalar = node.scalar {
            if scalar.style == .plain, ["null", "~"].contains(scalar.string) { return .null }
            return scalarValue(node)?.json
        }
        if let items = node.sequence { return .array(items.compactMap { json($0) }) }
        guard let pairs = mapping(node, "a value") else { return nil }
        return .object(pairs.compactMap { pair in json(pair.value).map { (pair.key, $0) } })
    }

    package mutating func integer(_ node: Node, _ what: String) -> Int? {
        guard case .integer(let value)? = scalarValue(node) else {
            error(node, "\(what) must be a whole number")
            return nil
        }
        return value
    }

    /// Reports a locale file whose top-level mapping has no `language:` key.
    package mutating func requireLanguage(_ pairs: [(key: String, keyNode: Node, value: Node)], in root: Node, locale: String) {
        if !pairs.contains(where: { $0.key == "language" }) { error(root, "missing 'language: \(locale)'") }
    }

    /// Checks a file's `language:` against the locale folder it sits in.
    package mutating func checkLanguage(_ node: Node, locale: String) {
        guard let language = string(node, "language") else { return }
        if String(language.map { $0 == "_" ? "-" : $0 }).lowercased() != locale.lowercased() {
            error(node, "language '\(language)' does not match its folder '\(locale)'")
        }
    }

    /// Reports keys not in `allowed`, with a suggestion.
    package mutating func checkKeys(_ pairs: [(key: String, keyNode: Node, value: Node)], allowed: [String], in what: String) {
        for pair in pairs where !allowed.contains(pair.key) {
            error(pair.keyNode, "unknown key '\(pair.key)' in \(what)" + Suggestions.didYouMean(pair.key, in: allowed))
        }
    }

    /// `checkKeys` for formats whose readers accept more keys than ours (hassil's grammar
    /// files): an unknown key is a warning, and the rest of the file still loads.
    package mutating func warnUnknownKeys(_ pairs: [(key: String, keyNode: Node, value: Node)], allowed: [String], in what: String) {
        for pair in pairs where !allowed.contains(pair.key) {
            warning(pair.keyNode, "unknown key '\(pair.key)' in \(what); ignored" + Suggestions.didYouMean(pair.key, in: allowed))
        }
    }

    /// Where a template string's first character sits: after the opening quote, if any.
    package func firstColumn(of node: Node) -> Int? {
        guard let scalar = node.scalar, let mark = scalar.mark else { return nil }
        switch scalar.style {
        case .singleQuoted, .doubleQuoted: return mark.column + 1
        case .plain, .any: return mark.column
        default: return nil
        }
    }
}

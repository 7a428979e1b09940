/// A place in a user's file: 1-based line and column, or a key path inside a property list.
///
/// NB: plists carry no line numbers through `PropertyListSerialization`, so vocabulary problems
/// are located by key path (`ParameterVocabularies[0].ParameterNames[1]`) instead.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file's path, as given to the loader.
    public var file: String
    /// 1-based line, where the file has lines.
    public var line: Int?
    /// 1-based column, where known.
    public var column: Int?
    /// Where in a plist or YAML mapping (`IntentPhrases[0].IntentExamples[2]`), where known.
    public var keyPath: String?

    package init(file: String, line: Int? = nil, column: Int? = nil, keyPath: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.keyPath = keyPath
    }

    /// `file:line:col`, `file:line` or `file` — the compiler convention editors understand.
    public var description: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return text
    }
}

/// One problem found in a grammar, vocabulary or corpus file.
public struct Diagnostic: Sendable, Hashable, Error, CustomStringConvertible {
    /// How bad it is: an error stops a load (or is reported by `check`), a warning or a note does not.
    public enum Severity: String, Sendable, Hashable { case error, warning, note }

    /// Error, warning or note.
    public var severity: Severity
    /// Where the problem is.
    public var location: SourceLocation
    /// What is wrong, in one sentence.
    public var message: String
    /// The offending source line, shown under the message with a caret at `location.column`.
    public var sourceLine: String?

    package init(_ severity: Severity, _ location: SourceLocation, _ message: String, sourceLine: String? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.sourceLine = sourceLine
    }

    package static func error(_ location: SourceLocation, _ message: String, sourceLine: String? = nil) -> Diagnostic {
        Diagnostic(.error, location, message, sourceLine: sourceLine)
    }

    package static func warning(_ location: SourceLocation, _ message: String, sourceLine: String? = nil) -> Diagnostic {
        Diagnostic(.warning, location, message, sourceLine: sourceLine)
    }

    /// `file:line:col: error: message [at key path]`, then the source line and a caret.
    public var description: String {
        var text = "\(location): \(severity.rawValue): \(message)"
        if let keyPath = location.keyPath, !keyPath.isEmpty { text += " (at \(keyPath))" }
        if let sourceLine {
            text += "\n    \(sourceLine)"
            if let column = location.column, column >= 1 {
                text += "\n    " + String(repeating: " ", count: column - 1) + "^"
            }
        }
        return text
    }
}

/// Several diagnostics reported together: loaders validate everything and fail once.
public struct DiagnosticError: Error, Sendable, CustomStringConvertible {
    /// Every problem found, errors and warnings, in file order.
    public var diagnostics: [Diagnostic]

    package init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    /// The diagnostics that are errors.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    /// One `file:line:col: severity: message` per diagnostic.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Collects diagnostics while a loader keeps going, so one run reports every problem.
package struct DiagnosticLog: Sendable {
    package private(set) var diagnostics: [Diagnostic] = []

    package init() {}

    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    package mutating func append(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    package mutating func append(contentsOf other: [Diagnostic]) { diagnostics.append(contentsOf: other) }

    package mutating func error(_ location: SourceLocation, _ message: String, sourceLine: String? = nil) {
        append(.error(location, message, sourceLine: sourceLine))
    }

    package mutating func warning(_ location: SourceLocation, _ message: String) {
        append(.warning(location, message))
    }

    /// Throws every diagnostic collected so far when any of them is an error.
    package func throwIfErrors() throws {
        if hasErrors { throw DiagnosticError(diagnostics) }
    }
}

extension Diagnostic {
    /// `{"severity","file","line"?,"column"?,"keyPath"?,"message"}`: the diagnostic for tools
    /// (`check --format json`); the parts a location lacks are left out.
    package var json: JSONValue {
        .object([("severity", .string(severity.rawValue))] + location.jsonMembers + [("message", .string(message))])
    }
}

extension SourceLocation {
    /// `"file"`, then `"line"`, `"column"` and `"keyPath"` where known.
    package var jsonMembers: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [("file", .string(file))]
        if let line { members.append(("line", .number(Double(line)))) }
        if let column { members.append(("column", .number(Double(column)))) }
        if let keyPath, !keyPath.isEmpty { members.append(("keyPath", .string(keyPath))) }
        return members
    }
}

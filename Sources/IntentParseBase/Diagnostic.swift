/// A place in a user's file: 1-based line and column, or a key path inside a property list.
///
/// NB: plists carry no line numbers through `PropertyListSerialization`, so vocabulary problems
/// are located by key path (`ParameterVocabularies[0].ParameterNames[1]`) instead.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var keyPath: String?

    public init(file: String, line: Int? = nil, column: Int? = nil, keyPath: String? = nil) {
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
    public enum Severity: String, Sendable, Hashable { case error, warning, note }

    public var severity: Severity
    public var location: SourceLocation
    public var message: String
    /// The offending source line, shown under the message with a caret at `location.column`.
    public var sourceLine: String?

    public init(_ severity: Severity, _ location: SourceLocation, _ message: String, sourceLine: String? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.sourceLine = sourceLine
    }

    public static func error(_ location: SourceLocation, _ message: String, sourceLine: String? = nil) -> Diagnostic {
        Diagnostic(.error, location, message, sourceLine: sourceLine)
    }

    public static func warning(_ location: SourceLocation, _ message: String, sourceLine: String? = nil) -> Diagnostic {
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
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Collects diagnostics while a loader keeps going, so one run reports every problem.
public struct DiagnosticLog: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    public mutating func append(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    public mutating func append(contentsOf other: [Diagnostic]) { diagnostics.append(contentsOf: other) }

    public mutating func error(_ location: SourceLocation, _ message: String, sourceLine: String? = nil) {
        append(.error(location, message, sourceLine: sourceLine))
    }

    public mutating func warning(_ location: SourceLocation, _ message: String) {
        append(.warning(location, message))
    }

    /// Throws every diagnostic collected so far when any of them is an error.
    public func throwIfErrors() throws {
        if hasErrors { throw DiagnosticError(diagnostics) }
    }
}

extension Diagnostic {
    /// `{"severity","file","line"?,"column"?,"keyPath"?,"message"}`: the diagnostic for tools
    /// (`check --format json`); the parts a location lacks are left out.
    public var json: JSONValue {
        .object([("severity", .string(severity.rawValue))] + location.jsonMembers + [("message", .string(message))])
    }
}

extension SourceLocation {
    /// `"file"`, then `"line"`, `"column"` and `"keyPath"` where known.
    public var jsonMembers: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [("file", .string(file))]
        if let line { members.append(("line", .number(Double(line)))) }
        if let column { members.append(("column", .number(Double(column)))) }
        if let keyPath, !keyPath.isEmpty { members.append(("keyPath", .string(keyPath))) }
        return members
    }
}

import Foundation
import IntentParse
import IntentParseBase

/// Prints diagnostics like a compiler: `file:line:col: error: message`, the source line and a
/// caret; colour only when standard error is a terminal.
struct DiagnosticPrinter {
    static let standardError = DiagnosticPrinter(handle: FileHandle.standardError, colour: isatty(2) != 0)

    let handle: FileHandle
    let colour: Bool

    func print(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics { print(diagnostic) }
    }

    func print(_ diagnostic: Diagnostic) {
        var diagnostic = diagnostic
        if diagnostic.sourceLine == nil, let line = diagnostic.location.line {
            diagnostic.sourceLine = DiagnosticPrinter.line(line, of: diagnostic.location.file)
        }
        var text = diagnostic.description
        if colour {
            let code = diagnostic.severity == .error ? "31" : diagnostic.severity == .warning ? "33" : "36"
            let label = "\(diagnostic.severity.rawValue):"
            text = text.replacingOccurrences(of: label, with: "\u{1B}[1;\(code)m\(label)\u{1B}[0m", options: [], range: text.range(of: label))
        }
        printMessage(text)
    }

    func printMessage(_ text: String) {
        handle.write(Data((text + "\n").utf8))
    }

    private static func line(_ number: Int, of file: String) -> String? {
        guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else { return nil }
        let lines = text.components(separatedBy: "\n")
        return number >= 1 && number <= lines.count ? lines[number - 1] : nil
    }
}

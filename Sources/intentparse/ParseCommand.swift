import ArgumentParser
import Foundation
import IntentParse
import IntentParseBase
import IntentParseMatching

/// `intentparse [parse] [UTTERANCE...]`: one JSON line (or text block) per utterance.
struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Parse utterances (arguments, or standard input one per line) into intents."
    )

    @OptionGroup var options: CommonOptions

    @Argument(help: "Utterances to parse; without any, read standard input, one utterance a line.")
    var utterances: [String] = []

    func run() throws {
        let parser = try options.loadParser()
        let locale = options.locale
        let context = options.context
        let output = LineOutput()
        let json = (options.format ?? .json) == .json
        // One writer for every line: its buffer is made once.
        var writer = JSONWriter(capacity: 1024)
        let emit: (MatchResult) throws -> Void = { result in
            guard json else { return try output.appendLine(ResultText.render(result) + "\n") }
            writer.removeAll()
            ResultJSON.emit(result, into: &writer)
            try writer.withBytes { try output.appendLine($0) }
        }
        defer { try? output.flush() }
        if !utterances.isEmpty {
            for utterance in utterances { try emit(parser.parse(utterance, locale: locale, context: context)) }
            try output.flush()
            return
        }
        var lines = InputLines(beforeRead: output.flush)
        var number = 0
        while let line = try lines.next() {
            number += 1
            switch line {
            case .text(let text):
                try emit(parser.parse(text, locale: locale, context: context))
            case .invalidUTF8(let repaired):
                // The answers before it first, so that the warning comes after them.
                try output.flush()
                DiagnosticPrinter.standardError.printMessage("<stdin>:\(number): warning: not valid UTF-8; the line is rejected")
                try emit(
                    MatchResult(
                        text: repaired, locale: locale, tokens: [], interpretations: [],
                        reason: "input line \(number) is not valid UTF-8"))
            }
        }
        try output.flush()
    }
}

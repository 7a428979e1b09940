import ArgumentParser
import Foundation
import IntentParse
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
        let emit: (MatchResult) -> Void = { result in
            let text = (options.format ?? .json) == .json ? ResultJSON.line(result) : ResultText.render(result) + "\n"
            FileHandle.standardOutput.write(Data((text + "\n").utf8))
        }
        if !utterances.isEmpty {
            for utterance in utterances { emit(parser.parse(utterance, locale: locale, context: context)) }
            return
        }
        var lines = InputLines()
        var number = 0
        while let line = lines.next() {
            number += 1
            switch line {
            case .text(let text):
                emit(parser.parse(text, locale: locale, context: context))
            case .invalidUTF8(let repaired):
                DiagnosticPrinter.standardError.printMessage("<stdin>:\(number): warning: not valid UTF-8; the line is rejected")
                emit(
                    MatchResult(
                        text: repaired, locale: locale, tokens: [], interpretations: [],
                        reason: "input line \(number) is not valid UTF-8"))
            }
        }
    }
}

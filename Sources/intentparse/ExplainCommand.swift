import ArgumentParser
import Foundation
import IntentParse
import IntentParseBase
import IntentParseMatching

/// `intentparse explain "utterance"`: which template matched, which words went to which slot,
/// and why it scored as it did; for a rejected one, the templates that came nearest and the
/// word where each stopped.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show how an utterance was parsed: tokens, template, slots and score."
    )

    @OptionGroup var options: CommonOptions

    @Argument(help: "The utterance to explain.")
    var utterance: String

    func run() throws {
        let parser = try options.loadParser()
        let explained = Explanation.explain(utterance, parser: parser, locale: options.locale, context: options.context)
        print(
            options.format == .json
                ? Explanation.json(explained.result, near: explained.near, frames: explained.frames).serialized
                : Explanation.render(explained.result, near: explained.near, frames: explained.frames))
    }
}

import ArgumentParser
import Foundation
import IntentParse

/// `intentparse`: parse utterances into SiriKit intents, test corpora, check grammar files.
@main
struct IntentParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "intentparse",
        abstract: "Parse typed utterances into SiriKit intents, on your machine.",
        discussion: """
            Exit status: 0 success; 1 a test or check failed; 2 bad input files or usage.
            """,
        version: "0.1.0",
        subcommands: [
            ParseCommand.self, DialogCommand.self, TestCommand.self, CheckCommand.self, ExplainCommand.self, BenchCommand.self, ServeCommand.self
        ],
        defaultSubcommand: ParseCommand.self
    )

    /// Runs the command; usage errors exit with status 2 (not ArgumentParser's 64), as the
    /// CLI contract says.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
            SignalCleanup.waitIfSignalled()
        } catch {
            SignalCleanup.waitIfSignalled()
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}

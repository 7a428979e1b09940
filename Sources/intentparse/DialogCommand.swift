import ArgumentParser
import Dispatch
import Foundation
import IntentParse
import IntentParseBase
import IntentParseDialogue

/// `intentparse dialog`: a conversation on standard input, one system turn out per user line.
struct DialogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dialog",
        abstract: "Hold a conversation: user lines in, one system turn out each (resolve, confirm, handle)."
    )

    @OptionGroup var options: CommonOptions

    @Option(help: "Save the conversation after every turn to this JSON file, and resume from it.")
    var session: String?

    @OptionGroup var dialogue: DialogueOptions

    func run() throws {
        let file = try checkedSessionFile()
        let parser = try options.loadParser()
        guard !parser.dialogueLanguages.isEmpty else {
            DiagnosticPrinter.standardError.printMessage("error: no dialogue files (Grammars/<locale>/dialogue/*.yaml) for any loaded locale")
            throw ExitCode(2)
        }
        var configuration = parser.dialogueConfiguration(
            locale: options.locale, app: options.app, entityContext: options.context.entityContext,
            preferredLocale: CommonOptions.environmentLocale)
        configuration.handlerTimeout = dialogue.handlerTimeout
        if let intents = try dialogue.confirmedIntents(parser) { configuration.confirmIntents = intents }
        let engine = DialogueEngine(configuration: configuration)
        var state = DialogueSession()
        var lines = InputLines()
        var number = 0
        while let line = try lines.next() {
            number += 1
            let text: String
            switch line {
            case .text(let value): text = value
            case .invalidUTF8:
                DiagnosticPrinter.standardError.printMessage("<stdin>:\(number): warning: not valid UTF-8; read as an empty reply")
                text = ""
            }
            let turn =
                if let file {
                    try reportingErrors { try file.update { DialogCommand.respond(engine, to: text, session: &$0) } }
                } else {
                    DialogCommand.respond(engine, to: text, session: &state)
                }
            emit(turn, parser: parser)
        }
    }

    private static func respond(_ engine: DialogueEngine, to text: String, session: inout DialogueSession) -> DialogueTurn {
        let (turn, next) = Blocking.run { [session] in
            var session = session
            let turn = await engine.respond(to: text, session: &session)
            return (turn, session)
        }
        session = next
        return turn
    }

    private func emit(_ turn: DialogueTurn, parser: IntentParser) {
        let text = (options.format ?? .text) == .json ? DialogueJSON.line(turn, schema: parser.schema, apps: parser.apps) : turn.prompt
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// The --session file, checked before the first turn (its folder, and the session already
    /// in it), with signals set to remove an interrupted save's temporary file.
    private func checkedSessionFile() throws -> DialogueSessionFile? {
        guard let session else { return nil }
        SignalCleanup.install()
        let file = DialogueSessionFile(path: session)
        try reportingErrors { try file.check() }
        return file
    }

    /// Runs `body`; a file problem is printed as `path: error: ...` and exits 2.
    private func reportingErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DiagnosticError {
            DiagnosticPrinter.standardError.print(error.diagnostics)
            throw ExitCode(2)
        }
    }
}

/// The options of a conversation's handlers, shared by `dialog` and `serve`.
struct DialogueOptions: ParsableArguments {
    @Option(help: "Seconds a handler may take to resolve, confirm or handle before the request fails.")
    var handlerTimeout: Double = 10

    @Option(
        help: "Comma-separated intents that ask a final \"Ready to …?\" (default: payments, ride booking, INSendMessageIntent; \"none\" for none).")
    var confirmIntents: String?

    /// The longest handler time limit accepted: a day.
    static let maxHandlerTimeout = 86_400.0

    func validate() throws {
        guard handlerTimeout.isFinite, handlerTimeout > 0, handlerTimeout <= DialogueOptions.maxHandlerTimeout else {
            throw ValidationError(
                "--handler-timeout \(handlerTimeout) must be a number of seconds above 0 and at most \(Int(DialogueOptions.maxHandlerTimeout)) (a day)"
            )
        }
    }

    /// The --confirm-intents of `parser`'s schema; nil when the option is not given (the default).
    func confirmedIntents(_ parser: IntentParser) throws -> Set<String>? {
        try confirmIntents.map { try DialogueOptions.intents($0, known: Set(parser.schema.intentNames)) }
    }

    /// The --confirm-intents list: "none", or intents of the loaded schema separated by commas;
    /// an unknown or empty name is a usage error (exit 2), with the nearest name when one is near.
    static func intents(_ list: String, known: Set<String>) throws -> Set<String> {
        if list.trimmingCharacters(in: .whitespaces) == "none" { return [] }
        var intents: Set<String> = []
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            let name = item.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, known.contains(name) else {
                let problem = name.isEmpty ? "an empty intent name in '\(list)'" : "unknown intent '\(name)'"
                let hint =
                    Suggestions.closest(to: name, in: known.sorted()).map { " (did you mean '\($0)'?)" }
                    ?? "; the loaded intents are \(known.sorted().joined(separator: ", ")), or none"
                DiagnosticPrinter.standardError.printMessage("error: --confirm-intents: \(problem)\(name.isEmpty ? "" : hint)")
                throw ExitCode(2)
            }
            intents.insert(name)
        }
        return intents
    }
}

// Dialogue session files (`dialog --session FILE`): any bytes as the file, checked as `dialog`
// checks it before the first turn; a readable session then takes turns (a reply chosen by the
// input's length: yes, no, an ordinal, a number, cancel, a new request) under the file's lock,
// with the shipped parser (every locale), and each turn is rendered as `dialog --format json`.
import Foundation
import FuzzKit
import IntentParse
import IntentParseDialogue

let file = Fuzzer.prepare { Fuzzer.scratch.appendingPathComponent("session.json") }
let parser = Fuzzer.prepare { Fuzzer.shippedParser }
var configuration = parser.dialogueConfiguration(locale: "auto", entityContext: Fuzzer.entityContext, preferredLocale: "en")
configuration.handlerTimeout = 1
let engine = DialogueEngine(configuration: configuration)
let replies = ["yes", "no", "the second one", "3", "Bobo", "cancel", "send a MonkeyChat message to Bobo", ""]

Fuzzer.run("FuzzSessionFile") { bytes in
    Fuzzer.write(bytes, to: file)
    let session = DialogueSessionFile(path: file.path)
    guard (try? session.check()) != nil else { return }
    for reply in [replies[bytes.count % replies.count], replies[(bytes.count / 8) % replies.count]] {
        let turn = try? session.update { current -> DialogueTurn? in
            let start = current
            let result = Fuzzer.blocking { [start] in
                var state = start
                let turn = await engine.respond(to: reply, session: &state)
                return (turn, state)
            }
            current = result.1
            return result.0
        }
        if let turn = turn ?? nil { _ = DialogueJSON.line(turn, schema: parser.schema, apps: parser.apps) }
    }
}

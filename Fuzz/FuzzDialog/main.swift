// `intentparse dialog` on any reply sequence: the shipped grammars and vocabulary, every locale,
// the input split into lines as the CLI reads them (a line that is not UTF-8 is an empty reply),
// one conversation in memory from the first line to the last, each turn rendered as
// `dialog --format json` renders it.
import FuzzKit
import IntentParse
import IntentParseDialogue

let parser = Fuzzer.prepare { Fuzzer.shippedParser }
var configuration = parser.dialogueConfiguration(locale: "auto", entityContext: Fuzzer.entityContext, preferredLocale: "en")
configuration.handlerTimeout = 1
let engine = DialogueEngine(configuration: configuration)

Fuzzer.run("FuzzDialog") { bytes in
    let lines = Fuzzer.lines(bytes).map { $0.isValid ? $0.text : "" }
    let turns: [DialogueTurn] = Fuzzer.blocking { () async -> [DialogueTurn] in
        var session = DialogueSession()
        var turns: [DialogueTurn] = []
        for line in lines { turns.append(await engine.respond(to: line, session: &session)) }
        return turns
    }
    for turn in turns { _ = DialogueJSON.line(turn, schema: parser.schema, apps: parser.apps) }
}

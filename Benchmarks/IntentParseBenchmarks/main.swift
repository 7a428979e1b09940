// Micro-benchmarks of the pipeline's stages on the shipped grammars and vocabulary:
//     swift run -c release IntentParseBenchmarks [--filter REGEX]
// Each benchmark checks its own result, so a fast wrong answer cannot pass for a speed-up.
import Benchmark
import Foundation
import IntentParse
import IntentParseDialogue
import IntentParseNormalization
import IntentParseSchema

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func require(_ condition: Bool, _ message: String) {
    if !condition {
        FileHandle.standardError.write(Data("benchmark check failed: \(message)\n".utf8))
        exit(1)
    }
}

let parser: IntentParser
do {
    parser = try IntentParser(grammars: root.appendingPathComponent("Grammars"), vocabulary: root.appendingPathComponent("Vocabulary"))
} catch {
    FileHandle.standardError.write(Data("cannot load the shipped grammars: \(error)\n".utf8))
    exit(2)
}
let normalizer = Normalizer(locale: "en")
let utterances = [
    "MonkeyChat Bobo please send more bananas",
    "In ListOMat, add apples, bananas and pears to the grocery list",
    "Show me all my notes on TasksNotes",
    "what's the weather like tomorrow"
]

let schemaFile = root.appendingPathComponent("Sources/IntentParseSchema/SiriKit.yaml")
benchmark("schema: read SiriKit.yaml (as at start)") {
    let schema = try? Schema().adding(file: schemaFile)
    require(schema?.intents.count == 31 && schema?.domains.count == 12, "\(schema?.intents.count ?? 0) intents")
}

benchmark("normalization: tokenize an utterance") {
    let tokens = normalizer.tokenize("Hey Siri, send a message to Zoë on MonkeyChat saying the café is open").tokens
    require(tokens.count == 15, "expected 15 tokens, got \(tokens.count)")
}

benchmark("matching: parse four utterances") {
    let intents = utterances.map { parser.parse($0, locale: "en").best?.intent }
    require(intents == ["INSendMessageIntent", "INAddTasksIntent", "INSearchForNotebookItemsIntent", nil], "\(intents)")
}

benchmark("matching: parse and render JSON") {
    let line = ResultJSON.line(parser.parse(utterances[0], locale: "en"))
    require(line.contains("\"recipients\":[{\"spoken\":\"Bobo\"}]"), line)
}

let engine = DialogueEngine(configuration: parser.dialogueConfiguration(locale: "en"))
benchmark("dialogue: a five-turn conversation") {
    let done = DispatchSemaphore(value: 0)
    final class Box: @unchecked Sendable { var state: DialogueTurn.State? }
    let box = Box()
    // Detached: top-level code runs on the main actor, which `done.wait()` blocks.
    Task.detached {
        var session = DialogueSession()
        for line in ["send a MonkeyChat message", "Bobo", "the first one", "send more bananas", "yes"] {
            box.state = await engine.respond(to: line, session: &session).state
        }
        done.signal()
    }
    done.wait()
    require(box.state == .done, "the conversation ended in \(String(describing: box.state))")
}

Benchmark.main()

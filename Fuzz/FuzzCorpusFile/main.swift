// Corpus files (`Corpus/<locale>/*.yaml`: `tests:` cases and `dialogues:`): any bytes as one
// corpus file, loaded as `intentparse test` loads it, intents checked against the shipped
// schema (SiriKit's and PizzaMonkey's custom intents).
import Foundation
import FuzzKit
import IntentParse
import IntentParseCorpus

let file = Fuzzer.scratch.appendingPathComponent("fuzz.yaml")
let apps = (try? VocabularyLoader(schema: .siriKit).load(directory: Fuzzer.root.appendingPathComponent("Vocabulary")).apps) ?? []
let intents = Set(VocabularyLoader.schema(.siriKit, with: apps).intentNames).union(["NSUserActivity"])
let loader = CorpusLoader(intents: intents)

Fuzzer.run { bytes in
    Fuzzer.write(bytes, to: file)
    _ = try? loader.load(paths: [file.path])
}

// Corpus files (`Corpus/<locale>/*.yaml`: `tests:` cases and `dialogues:`): any bytes as one
// corpus file, loaded as `intentparse test` loads it, intents checked against the shipped
// schema (SiriKit's and PizzaMonkey's custom intents).
import Foundation
import FuzzKit
import IntentParse
import IntentParseCorpus
import IntentParseVocabulary

let (file, loader) = Fuzzer.prepare {
    let apps = (try? VocabularyLoader(schema: Fuzzer.shippedSchema).load(directory: Fuzzer.root.appendingPathComponent("Vocabulary")).apps) ?? []
    let intents = Set(VocabularyLoader.schema(Fuzzer.shippedSchema, with: apps).intentNames).union(["NSUserActivity"])
    return (Fuzzer.scratch.appendingPathComponent("fuzz.yaml"), CorpusLoader(intents: intents))
}

Fuzzer.run("FuzzCorpusFile") { bytes in
    Fuzzer.write(bytes, to: file)
    _ = try? loader.load(paths: [file.path])
}

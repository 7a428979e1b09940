// Grammar files (`Grammars/<locale>/*.yaml`): any bytes as the one file of locale `en`, read and
// checked as `intentparse check` reads a locale's folder (YAML, keys, templates, lists, rules,
// token rules), and a grammar without errors compiled with the shipped apps and English
// entities and matched against a few sentences.
import Foundation
import FuzzKit
import IntentParse
import IntentParseBase
import IntentParseEntities
import IntentParseGrammar
import IntentParseMatching
import IntentParseVocabulary

let folder = Fuzzer.prepare { Fuzzer.scratch.appendingPathComponent("Grammars/en", isDirectory: true) }
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let file = folder.appendingPathComponent("fuzz.yaml")
let (apps, schema, entityData) = Fuzzer.prepare {
    let apps = (try? VocabularyLoader(schema: Fuzzer.shippedSchema).load(directory: Fuzzer.root.appendingPathComponent("Vocabulary")).apps) ?? []
    var log = DiagnosticLog()
    let entityData = EntityDataLoader.load(localeFolder: Fuzzer.root.appendingPathComponent("Grammars/en"), locale: "en", log: &log) ?? EntityData()
    return (apps, VocabularyLoader.schema(Fuzzer.shippedSchema, with: apps), entityData)
}
let loader = GrammarLoader(schema: schema, entities: EntityCatalog.names)
let compiler = GrammarCompiler(learnFromExamples: false)
let sentences = [
    "send a message to Bobo saying hi", "MonkeyChat Bobo please send more bananas",
    "add rice, onions and olives to my grocery list in list oh mat", "call off the wedding"
]
let context = MatchContext(entityContext: Fuzzer.entityContext)

Fuzzer.run("FuzzGrammarFile") { bytes in
    Fuzzer.write(bytes, to: file)
    var log = DiagnosticLog()
    let grammar = loader.loadLocale("en", folder: folder, log: &log)
    _ = loader.inactiveIntentWarnings(grammar)
    guard !log.hasErrors else { return }
    let entities = EntityCatalog(locale: "en", data: entityData, rules: grammar.tokenRules)
    let matcher = IntentMatcher(grammar: compiler.compile(grammar, apps: apps, schema: schema, entities: entities))
    for sentence in sentences { _ = ResultJSON.line(matcher.match(sentence, context: context)) }
}

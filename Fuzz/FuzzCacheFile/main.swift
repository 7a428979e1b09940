// A compiled-grammar cache file's payload (what follows its header), read back as a locale is:
// its grammar and their diagnostics, its dialogue words and theirs, then its compiled tables,
// for English's built-in entities. Damaged bytes must throw, never trap or run away; nothing is
// matched on what is read (tables are trusted only once a file's checksum holds).
//
// NB: the token rules' transform (an ICU transliterator ID, checked when the grammar file was
// read) is dropped before anything opens it: ICU 72 leaks on some malformed IDs, and which IDs
// ICU accepts is not what this harness tests.
import FuzzKit
import IntentParse
import IntentParseBase
import IntentParseDialogue
import IntentParseEntities
import IntentParseGrammar
import IntentParseMatching

let entities = Fuzzer.prepare { EntityCatalog(locale: "en") }

Fuzzer.run("FuzzCacheFile") { bytes in
    bytes.withUnsafeBytes { raw in
        guard let reader = try? BinaryReader(raw), var grammar = try? reader.read(LanguageGrammar.self) else { return }
        grammar.tokenRules.transform = nil
        guard (try? reader.array(Diagnostic.self)) != nil, let hasLanguage = try? reader.bool() else { return }
        if hasLanguage {
            guard (try? DialogueLanguage(from: reader, rules: grammar.tokenRules)) != nil else { return }
        }
        guard (try? reader.array(Diagnostic.self)) != nil else { return }
        _ = try? CompiledGrammar(from: reader, grammar: grammar, apps: [], schema: Fuzzer.shippedSchema, entities: entities)
    }
}

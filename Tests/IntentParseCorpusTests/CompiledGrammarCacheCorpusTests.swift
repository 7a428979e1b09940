import Foundation
import IntentParseCorpus
import IntentParseTestSupport
import Testing

@testable import IntentParse

/// The shipped grammars, compiled and then read back from the compiled-grammar cache, give the
/// same answer, byte for byte, to every corpus sentence, in its language and in "auto".
@Suite struct CompiledGrammarCacheCorpusTests {
    @Test func theShippedGrammarsReadBackParseEveryCorpusSentenceAlike() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let options = IntentParser.Options(cache: CompiledGrammarCache(folder: folder.url))
        let compiled = try IntentParser(grammars: Repository.grammars, vocabulary: Repository.vocabulary, options: options)
        let cached = try IntentParser(grammars: Repository.grammars, vocabulary: Repository.vocabulary, options: options)
        #expect(compiled.localesFromCache.isEmpty)
        #expect(cached.localesFromCache == Set(compiled.locales))
        #expect(cached.warnings == compiled.warnings)
        #expect(cached.inactiveIntents == compiled.inactiveIntents)
        #expect(Set(cached.dialogueLanguages.keys) == Set(compiled.dialogueLanguages.keys))
        for (locale, language) in compiled.dialogueLanguages {
            let read = try #require(cached.dialogueLanguages[locale])
            #expect(read.holdsTheSameWords(as: language), "\(locale)")
        }
        let cases = try CorpusLoader(for: compiled).load(paths: [Repository.corpus.path]).cases
        #expect(cases.count > 1000)
        for corpusCase in cases {
            // One context for both: a relative date resolves against the same moment.
            let context = corpusCase.matchContext
            for locale in [corpusCase.locale, "auto"] {
                let expected = ResultJSON.line(compiled.parse(corpusCase.sentence, locale: locale, context: context))
                #expect(
                    ResultJSON.line(cached.parse(corpusCase.sentence, locale: locale, context: context)) == expected,
                    "\(corpusCase.location): \(corpusCase.sentence)")
            }
        }
    }
}

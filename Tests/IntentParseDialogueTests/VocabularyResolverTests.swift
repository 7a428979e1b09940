import IntentParseDialogue
import IntentParseSchema
import IntentParseVocabulary
import Testing

@testable import IntentParseDialogue

@Suite struct VocabularyResolverTests {
    let resolver = VocabularyResolver(locale: "en")
    let recipients = ParameterSchema("recipients", .person, multiple: true, vocabulary: "contactName")
    let content = ParameterSchema("content", .string)
    let contacts: [VocabularyTerm] = ["Bobo the Great", "Bobo Jr.", "Little Bobo", "Coco", "Zazu"].enumerated().map {
        VocabularyTerm(identifier: "id\($0)", phrases: [.init(text: $1, pronunciation: $1 == "Zazu" ? "zah zoo" : nil)], priority: $0)
    }

    private func resolve(_ spoken: String, _ parameter: ParameterSchema? = nil, terms: [VocabularyTerm]? = nil) -> ResolutionResult {
        resolver.resolve(SlotValue(spoken: spoken), parameter: parameter ?? recipients, terms: terms ?? contacts)
    }

    @Test func exactAfterNormalization() {
        #expect(resolve("bobo the GREAT") == .success(SlotValue(spoken: "bobo the GREAT", identifier: "id0", display: "Bobo the Great")))
        #expect(resolve("zah zoo") == .success(SlotValue(spoken: "zah zoo", identifier: "id4", display: "Zazu")))
    }

    @Test func partialMatchesDisambiguateInPriorityOrder() {
        guard case .disambiguation(let options) = resolve("Bobo") else { Issue.record("expected disambiguation"); return }
        #expect(options.map(\.display) == ["Bobo the Great", "Bobo Jr.", "Little Bobo"])
    }

    @Test func aUniqueInexactMatchAsksForConfirmation() {
        #expect(resolve("Boob the Great") == .confirmationRequired(SlotValue(spoken: "Boob the Great", identifier: "id0", display: "Bobo the Great")))
        #expect(resolve("Little") == .confirmationRequired(SlotValue(spoken: "Little", identifier: "id2", display: "Little Bobo")))
    }

    @Test func wordsAroundANameAreTolerated() {
        #expect(resolve("my best friend Coco") == .success(SlotValue(spoken: "Coco", identifier: "id3", display: "Coco")))
    }

    @Test func moreThanTenMatchesNeedMoreDetails() {
        let many = (0..<12).map { VocabularyTerm(identifier: "k\($0)", phrases: [.init(text: "Kong \($0)")], priority: $0) }
        #expect(resolve("Kong", terms: many) == .needsMoreDetails(count: 12))
    }

    @Test func noMatchIsUnsupportedForClosedAndSuccessForOpenParameters() {
        guard case .unsupported = resolve("Gorilla Grodd") else { Issue.record("expected unsupported"); return }
        #expect(resolve("anything at all", content) == .success(SlotValue(spoken: "anything at all")))
        #expect(resolve("Gorilla Grodd", terms: []) == .success(SlotValue(spoken: "Gorilla Grodd")))
    }
}

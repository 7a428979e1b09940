import Testing
@testable import IntentParseGrammar

@Suite struct TemplateParserTests {
    private func parse(_ text: String) throws -> Expression { try TemplateParser.parse(text) }

    private func failure(_ text: String) -> TemplateParser.Failure? {
        do {
            _ = try TemplateParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func sequenceOfWordsOptionalsSlotsAndRules() throws {
        let expression = try parse("<send> [a] message to {person:recipients}")
        #expect(expression == .sequence([
            .rule("send", offset: 0), .optional(.words("a")), .words(" message to "),
            .slot(list: "person", slot: "recipients", offset: 22),
        ]))
    }

    @Test func alternativesAndEmptyAlternatives() throws {
        #expect(try parse("(on|off)") == .choice([.words("on"), .words("off")]))
        #expect(try parse("(a|)") == .choice([.words("a"), .sequence([])]))
    }

    @Test func permutations() throws {
        #expect(try parse("(red;big)") == .permutation([.words("red"), .words("big")]))
    }

    @Test func slotNameDefaultsToListName() throws {
        #expect(try parse("{content}") == .slot(list: "content", slot: "content", offset: 0))
    }

    @Test func escapedBrackets() throws {
        #expect(try parse("a \\(b\\)") == .words("a (b)"))
    }

    @Test func unbalancedBracketsPointAtTheOpeningOne() {
        let error = failure("send [a message to {x}")
        #expect(error?.offset == 5)
        #expect(error?.message.contains("never closed") == true)
        #expect(failure("send a) message")?.offset == 6)
        #expect(failure("to {person")?.offset == 3)
        #expect(failure("a } b")?.offset == 2)
    }

    @Test func badSlotAndRuleNames() {
        #expect(failure("{a:b:c}") != nil)
        #expect(failure("<>") != nil)
        #expect(failure("a;b") != nil)
    }

    @Test func deepNestingIsRejectedNotCrashed() {
        let deep = String(repeating: "(", count: 5000) + "x" + String(repeating: ")", count: 5000)
        #expect(failure(deep)?.message.contains("nested") == true)
    }
}

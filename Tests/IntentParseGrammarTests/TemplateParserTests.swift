import IntentParseBase
import IntentParseGrammar
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
        #expect(
            expression
                == .sequence([
                    .rule("send", offset: 0), .optional(.words("a")), .words(" message to "),
                    .slot(list: "person", slot: "recipients", offset: 22)
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

    @Test func groupsTouchingLettersMakeWholeWords() throws {
        #expect(try parse("fan[s]") == .choice([.words("fans"), .words("fan")]))
        #expect(try parse("batter(y|ies)") == .choice([.words("battery"), .words("batteries")]))
        #expect(try parse("liste(yi|ye|de)") == .choice([.words("listeyi"), .words("listeye"), .words("listede")]))
        #expect(try parse("(sch|schi)ck") == .choice([.words("schck"), .words("schick")]))
        #expect(try parse("turn(s|ed|ing|)") == .choice([.words("turns"), .words("turned"), .words("turning"), .words("turn")]))
    }

    @Test func onlyTheTouchingWordOfATextJoinsAGroup() throws {
        #expect(
            try parse("turn on the light[s] now")
                == .sequence([
                    .words("turn on the "), .choice([.words("lights"), .words("light")]), .words(" now")
                ]))
        #expect(
            try parse("x[y]abc def[g]")
                == .sequence(
                    [
                        .choice([.words("xyabc"), .words("xabc")]), .words(" "), .choice([.words("defg"), .words("def")])
                    ].filter { $0 != .words(" ") }))
        #expect(try parse("send a Nachricht[en]") == .sequence([.words("send a "), .choice([.words("Nachrichten"), .words("Nachricht")])]))
        #expect(try parse("[un]read it") == .sequence([.choice([.words("unread"), .words("read")]), .words(" it")]))
        #expect(try parse("a \\(b\\) c") == .words("a (b) c"))
    }

    @Test func spacedGroupsStaySeparateWords() throws {
        #expect(try parse("fan [s]") == .sequence([.words("fan "), .optional(.words("s"))]))
        #expect(try parse("(a|b) (c|d)") == .sequence([.choice([.words("a"), .words("b")]), .choice([.words("c"), .words("d")])]))
    }

    @Test func aGroupOfSeveralWordsTouchingAWord() throws {
        // "(good morning|hi)s" spells "good mornings" and "his": the group's own words stay apart.
        #expect(try parse("(good morning|hi)s") == .choice([.words("good mornings"), .words("his")]))
        #expect(try parse("x(a [b])") == .choice([.words("xa b"), .words("xa")]))
    }

    /// A space inside a group's bracket is text, as in hassil: that side touches nothing, and
    /// a spelling that ends in one keeps it, so that what follows starts a word of its own.
    @Test func aSpaceInsideABracketSeparatesWords() throws {
        #expect(
            try parse("[(der|die) ](Akku|Batterie)")
                == .sequence([.optional(.choice([.words("der "), .words("die ")])), .choice([.words("Akku"), .words("Batterie")])]))
        #expect(try parse("ist[ (der|die)]") == .sequence([.words("ist"), .optional(.choice([.words("der"), .words("die")]))]))
        #expect(try parse("(der|die)Akku") == .choice([.words("derAkku"), .words("dieAkku")]))
        let article = try parse("(i[l] |gli )")
        #expect(article == .choice([.choice([.words("il "), .words("i ")]), .words("gli ")]), "\(article.dump())")
        // A side touches nothing only when every alternative has a space there.
        #expect(try parse("(l'|au )x") == .choice([.words("l'x"), .words("au x")]))
        // A bracket of white space alone is a space that may be there, inside the word.
        #expect(try parse("l'[ ]aria") == .choice([.words("l' aria"), .words("l'aria")]))
    }

    /// A slot or a rule written against letters is one word once the rules and lists are known
    /// (`LanguageGrammar.resolveGluedWords`, in the loader's tests).
    @Test func aSlotOrRuleTouchingAWordIsGlued() throws {
        #expect(try parse("{name}['s]") == .glued([.slot(list: "name", slot: "name", offset: 0), .optional(.words("'s"))]))
        #expect(try parse("<send>ing") == .glued([.rule("send", offset: 0), .words("ing")]))
        #expect(try parse("<send> ing") == .sequence([.rule("send", offset: 0), .words(" ing")]))
    }

    @Test func tooManySpellingsOfOneWordIsAnError() {
        let template = String(repeating: "[a]", count: 11) + "x"
        #expect(failure(template)?.message.contains("spellings") == true)
        // Each part under the limit, their product far over it: refused before the spellings
        // are made (FuzzTemplateParser found a word of 1024 × 1024 long spellings that took
        // seconds to build and drop).
        let choices = "(" + (0..<32).map { "part\($0)" + String(repeating: "x", count: 40) }.joined(separator: "|") + ")"
        let message = failure("liste" + String(repeating: choices, count: 4))?.message
        #expect(message == "a word with more than \(TemplateParser.maxWordVariants) spellings; use at most that many")
        // At the limit it is one word of 1024 spellings.
        #expect(failure("a" + String(repeating: "(b|c)", count: 10)) == nil)
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

    // Found by Fuzz/FuzzTemplateParser: a permutation's orders grow as n!, and expanding
    // "(a;b;c;d;e;f;g;h;i;j)" into phrases (list values, reply words) did not end.
    @Test func permutationsOfMoreThanFiveItemsAreRejected() throws {
        _ = try parse("(a;b;c;d;e)")
        let tooMany = failure("(a;b;c;d;e;f;g;h;i;j) x")
        #expect(tooMany?.message == "a permutation of 10 items has too many orders; use at most 5")
        #expect(tooMany?.offset == 10)
    }

    // Found by Fuzz/FuzzTemplateParser: phrases expanded a permutation's items again for each
    // order, so nested permutations whose items give no phrase (a slot) cost 120^depth.
    @Test(.timeLimit(.minutes(1))) func phrasesOfNestedPermutationsAreExpandedOnce() throws {
        var template = "({x};b;c;d;e)"
        for _ in 0..<5 { template = "(\(template);b;c;d;e)" }
        #expect(try parse(template).phrases(rules: [:]).isEmpty)
        #expect(try parse("((a|b);c;d)").phrases(rules: [:]).count == 12)
    }

    // Found by Fuzz/FuzzTemplateParser: a long sequence of choices made its thousand phrases
    // again, each a word longer, for every choice in it; the characters written are bounded now.
    @Test func phrasesOfALongSequenceOfChoicesStopAtTheCharacterBudget() throws {
        let choice = "(" + (0..<10).map { "word\($0)" }.joined(separator: "|") + ")"
        let phrases = try parse(Array(repeating: choice, count: 300).joined(separator: " ")).phrases(rules: [:])
        #expect(!phrases.isEmpty)
        #expect(phrases.count <= Expression.phraseLimit)
        #expect(phrases.reduce(0) { $0 + $1.utf8.count } <= Expression.characterBudget)
        // The phrases made are whole: every one says a word of each of the 300 choices.
        #expect(phrases.allSatisfy { $0.split(separator: " ").count == 300 })
        // Short expansions are whole, in order (spacing as callers read it: words apart).
        let short = try parse("(a|b) (c|d)").phrases(rules: [:]).map { $0.split(separator: " ").joined(separator: " ") }
        #expect(short == ["a c", "a d", "b c", "b d"])
    }

    // Rules referenced eight times at each level: 8^14 paths to a slot, once a depth now.
    @Test(.timeLimit(.minutes(1))) func phrasesOfRulesAreExpandedOnceADepth() throws {
        var rules: [String: ExpansionRule] = [:]
        for level in 0..<15 {
            let next = "<r\(level + 1)>"
            let text = level == 14 ? "{x}" : "(\(next)|\(next) a|\(next) b|\(next) c|\(next) d|\(next) e|\(next) f|\(next) g)"
            rules["r\(level)"] = ExpansionRule(
                name: "r\(level)",
                source: SourcedExpression(
                    text: text, expression: try parse(text), location: SourceLocation(file: "<test>"), firstColumn: nil))
        }
        #expect(try parse("<r0>").phrases(rules: rules).isEmpty)
    }
}

import Foundation
import IntentParse
import IntentParseBase
import IntentParseEntities
import IntentParseGrammar
import IntentParseMatching
import IntentParseNormalization
import IntentParseTestSupport
import Testing

@testable import IntentParse
@testable import IntentParseMatching

@Suite struct MatcherTests {
    let parser: IntentParser

    init() throws { parser = try MatcherFixture.parser() }

    private func best(_ text: String, app: String? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Interpretation {
        try requireBest(parser.parse(text, locale: "en", context: MatchContext(app: app)), sourceLocation: sourceLocation)
    }

    @Test func appUsedAsAVerbWithWildcards() throws {
        let i = try best("MonkeyChat Bobo please send more bananas")
        #expect(i.intent == "INSendMessageIntent")
        #expect(i.app?.displayName == "MonkeyChat")
        #expect(i.spoken("recipients") == ["Bobo"])
        #expect(i.spoken("content") == ["send more bananas"])
        #expect(i.missing.isEmpty)
    }

    /// Alternatives that start alike compile to one shared start (a multi-valued slot's loop
    /// and a wildcard's included): as small as the grammar a person would factor by hand, and
    /// reading every sentence the same.
    @Test func alternativesThatStartAlikeCompileAsIfFactoredByHand() throws {
        let spelledOut = try MatcherFixture.parser(
            grammar: MatcherFixture.grammarText.replacingOccurrences(
                of: "\"tell {person:recipients} {content}\"",
                with: "\"(tell {person:recipients} {content}|tell {person:recipients} that {content}|tell {person:recipients} to say {content})\""))
        let factored = try MatcherFixture.parser(
            grammar: MatcherFixture.grammarText.replacingOccurrences(
                of: "\"tell {person:recipients} {content}\"",
                with: "\"tell {person:recipients} ({content}|that {content}|to say {content})\""))
        let nodes = { (parser: IntentParser) in parser.matchers["en"].map(\.grammar.nodeCount) ?? 0 }
        #expect(nodes(spelledOut) == nodes(factored))
        #expect(nodes(spelledOut) < nodes(try MatcherFixture.parser()) + 12)
        for text in ["tell Coco that bananas are here", "tell Coco and Bobo to say hi", "tell Coco see you", "tell that"] {
            let a = spelledOut.parse(text, locale: "en"), b = factored.parse(text, locale: "en")
            #expect(a.best?.intent == b.best?.intent, "\(text)")
            #expect(a.best?.spoken("recipients") == b.best?.spoken("recipients") && a.best?.spoken("content") == b.best?.spoken("content"), "\(text)")
        }
        #expect(spelledOut.parse("tell Coco and Bobo to say hi", locale: "en").best?.spoken("content") == ["hi"])
    }

    /// Emoji and emoticons are free text: a wildcard keeps them at its edges and may be made
    /// of them alone; detached sentence punctuation at the end stays out.
    @Test func wildcardsKeepEmojiAndEmoticons() throws {
        #expect(try best("MonkeyChat Bobo please send more 🍌🍌🍌").spoken("content") == ["send more 🍌🍌🍌"])
        #expect(try best("tell Coco 🍌 more bananas").spoken("content") == ["🍌 more bananas"])
        #expect(try best("tell Coco see you at 5 :)").spoken("content") == ["see you at 5 :)"])
        #expect(try best("tell Coco see you at 5 ...").spoken("content") == ["see you at 5"])
        let only = try best("send a message to Coco saying 🍌")
        #expect(only.spoken("recipients") == ["Coco"])
        #expect(only.spoken("content") == ["🍌"])
        #expect(try best("add 🍎 to my Grocery list").spoken("taskTitles") == ["🍎"])
        #expect(try best("add apples, 🍌 and 🍐 to my Grocery list").spoken("taskTitles") == ["apples", "🍌", "🍐"])
    }

    /// Where no wildcard stands, an emoji is passed over like punctuation.
    @Test func emojiOutsideWildcardsArePassedOver() throws {
        let i = try best("mark Grocery as done ✅")
        #expect(i.intent == "INSetTaskAttributeIntent")
        #expect(i.spoken("targetTask") == ["Grocery"])
    }

    @Test func earlierWildcardIsShortestOnATie() throws {
        let i = try best("tell Bobo I will be late")
        #expect(i.spoken("recipients") == ["Bobo"])
        #expect(i.spoken("content") == ["I will be late"])
    }

    @Test func vocabularyPhrasesWinOverWildcardsAndCarryIdentifiers() throws {
        let i = try best("MonkeyChat Bobo the Great please send more bananas")
        let recipient = try #require(i.parameter("recipients")?.values.first)
        #expect(recipient.spoken == "Bobo the Great")
        #expect(recipient.identifier == "bobo-the-great")
    }

    @Test func multiValuedParametersSplitOnSeparators() throws {
        let i = try best("add rice, onions and olives to my grocery list in List-o-Mat")
        #expect(i.spoken("taskTitles") == ["rice", "onions", "olives"])
        #expect(i.parameter("targetTaskList")?.values.first?.identifier == "grocery")
    }

    @Test func appNameSpellingsAndPronunciationHints() throws {
        for name in ["List-o-Mat", "ListOMat", "list o mat", "list oh mat", "LISTOMAT", "list-oh-mat"] {
            let i = try best("add eggs to my grocery list in \(name)")
            #expect(i.app?.identifier == "lists", "\(name)")
        }
    }

    @Test func appPrefixAndSuffix() throws {
        #expect(try best("in TasksNotes, add eggs to my shopping list").app?.identifier == "notes")
        #expect(try best("add eggs to my shopping list with TasksNotes").app?.identifier == "notes")
    }

    @Test func appInferredFromTheOnlySupportingApp() throws {
        let i = try best("send a message to Coco saying hi")
        #expect(i.app?.identifier == "chat")
        #expect(i.appSource == .onlySupportingApp)
    }

    @Test func appInferredFromVocabulary() throws {
        let i = try best("add milk to the hardware store list")
        #expect(i.app?.identifier == "lists")
        #expect(i.appSource == .vocabulary)
        #expect(try best("check off WWDC").app?.identifier == "notes")
    }

    @Test func ambiguousAppIsMissing() throws {
        let i = try best("add milk to my shopping list")
        #expect(i.app == nil)
        #expect(i.missing.first == "app")
        #expect(i.parameter("targetTaskList")?.values.first?.identifier == nil)
    }

    @Test func contextAppDecides() throws {
        #expect(try best("add milk to my shopping list", app: "TasksNotes").app?.identifier == "notes")
        #expect(try best("add milk to my shopping list", app: "lists").app?.identifier == "lists")
    }

    @Test func otherAppsVocabularyGivesNoIdentifier() throws {
        let i = try best("add milk to my grocery list in TasksNotes")
        #expect(i.app?.identifier == "notes")
        #expect(i.parameter("targetTaskList")?.values.first?.identifier == nil)
    }

    @Test func namingAnAppThatCannotDoItRejects() {
        let result = parser.parse("add milk to my grocery list in MonkeyChat", locale: "en")
        #expect(result.best == nil)
        #expect(result.reason == "MonkeyChat does not support INAddTasksIntent")
    }

    @Test func listValuesAndFixedSlotsAreTyped() throws {
        let marked = try best("mark WWDC as done")
        #expect(marked.parameter("status")?.values.first?.value == .string("completed"))
        #expect(marked.parameter("status")?.values.first?.spoken == "done")
        let checked = try best("check off WWDC")
        #expect(checked.parameter("status")?.values.first?.value == .string("completed"))
    }

    @Test func skipWordsAndPunctuationAreIgnored() throws {
        let i = try best("Hey Siri, please add milk to my grocery list in List-o-Mat!")
        #expect(i.spoken("taskTitles") == ["milk"])
    }

    /// An app is found by any name a user may give it (as `--app` takes it): its identifier,
    /// display name, alternative name or pronunciation hint, with case and punctuation loose.
    @Test func appsAreFoundByAnyOfTheirNames() {
        for name in ["lists", "List-o-Mat", "listomat", "ListOMat", "list oh mat", "LIST-O-MAT"] {
            #expect(parser.app(named: name)?.identifier == "lists", "\(name)")
        }
        #expect(parser.app(named: "MonkeyChat")?.identifier == "chat")
        #expect(parser.app(named: "MonkeyPhone") == nil)
        #expect(parser.app(named: "") == nil)
    }

    /// App names in any text are found as an utterance's are (the conversation reads its
    /// answers and questions this way): split or joined, anywhere, with where they stand.
    @Test func appMentionsAreFoundAsTheMatcherFindsAppNames() {
        let text = "put it in list oh mat, not TasksNotes!"
        let mentions = parser.appMentions(in: text, locale: "en")
        let said = mentions.map { mention in
            String(decoding: Array(text.utf16)[mention.range], as: UTF16.self)
        }
        #expect(mentions.map(\.identifier) == ["lists", "notes"])
        #expect(said == ["list oh mat", "TasksNotes"])
        #expect(mentions.allSatisfy { !$0.isWholeText && !$0.bySound })
        #expect(parser.appMentions(in: " List-o-Mat? ", locale: "en").map(\.isWholeText) == [true])
        #expect(parser.appMentions(in: "lists of things", locale: "en").isEmpty)
        #expect(parser.appMentions(in: "", locale: "en").isEmpty)
        #expect(parser.appMentions(in: "TasksNotes", locale: "xx").isEmpty)
    }

    @Test func outOfScopeIsRejected() {
        for text in ["what's the weather", "set a timer for ten minutes", "MonkeyChat", "blorp"] {
            expectParse(parser.parse(text, locale: "en"), intent: nil)
        }
        #expect(parser.parse("", locale: "en").reason == "empty utterance")
        #expect(parser.parse(" ?! ", locale: "en").reason == "no words in the utterance")
    }

    @Test func wildcardsRefuseExcludedFirstWords() throws {
        let grammar = MatcherFixture.grammarText.replacingOccurrences(
            of: "person: {vocabulary: contactName, wildcard: true}",
            with: "person: {vocabulary: contactName, wildcard: true, exclude_first_words: [me]}")
        let strict = try MatcherFixture.parser(grammar: grammar)
        #expect(strict.parse("tell me a joke", locale: "en").best == nil)
        #expect(strict.parse("tell Mike a joke", locale: "en").best?.spoken("recipients") == ["Mike"])
        #expect(parser.parse("tell me a joke", locale: "en").best?.spoken("recipients") == ["me"])
    }

    @Test func missingRequiredParametersAreListed() throws {
        #expect(try best("send a message to Coco").missing == ["content"])
    }

    @Test func spokenValuesAreCutFromTheOriginalText() throws {
        let text = "MonkeyChat   Bobo   please   send  MORE bananas !!"
        let i = try best(text)
        let content = try #require(i.parameter("content")?.values.first)
        #expect(content.spoken == "send  MORE bananas")
        #expect(try best("tell Coco are you there?").spoken("content") == ["are you there?"])
        #expect(try best("tell Coco. hi").spoken("recipients") == ["Coco"])
        let range = try #require(content.range)
        let utf16 = Array(text.utf16)
        #expect(String(decoding: utf16[range], as: UTF16.self) == content.spoken)
    }

    @Test func learnedTemplatesAreAFallback() throws {
        let i = try best("ping Coco on MonkeyChat")
        #expect(i.isLearnedTemplate)
        #expect(i.parameter("recipients")?.values.first?.identifier == "coco")
        #expect(try best("send a message to Coco on MonkeyChat saying hi").isLearnedTemplate == false)
    }

    @Test func afewWordsInASeaOfPunctuationAreRejectedQuickly() {
        let result = parser.parse("tell Bobo " + String(repeating: ", ", count: 300_000), locale: "en")
        #expect(result.best == nil)
        #expect(result.reason?.contains("too long") == true)
    }

    @Test func overlongInputIsRejectedQuickly() {
        let huge = String(repeating: "banana ", count: 150_000)
        let result = parser.parse("tell Bobo " + huge, locale: "en")
        #expect(result.best == nil)
        #expect(result.reason?.contains("too long") == true)
    }

    /// A contact named by its first or last words fills a slot that takes only contacts, with
    /// no identifier (the dialogue finds which one); an exact name still carries its own.
    @Test func partOfAContactNameFillsAContactOnlySlot() throws {
        let grammar = MatcherFixture.grammarText
            .replacingOccurrences(of: "\"tell {person:recipients} {content}\"", with: "\"tell {contact:recipients} {content}\"")
            .replacingOccurrences(of: "  content: {wildcard: true}", with: "  content: {wildcard: true}\n  contact: {vocabulary: contactName}")
        let parser = try MatcherFixture.parser(grammar: grammar)
        let partial = try #require(parser.parse("tell Bobo those were great bananas", locale: "en").best)
        let recipient = try #require(partial.parameter("recipients")?.values.first)
        #expect(recipient.spoken == "Bobo" && recipient.identifier == nil && recipient.isPartial)
        #expect(partial.spoken("content") == ["those were great bananas"])
        #expect(try #require(parser.parse("tell Jr see you", locale: "en").best).spoken("recipients") == ["Jr"])
        let exact = try #require(parser.parse("tell Bobo Jr. see you", locale: "en").best?.parameter("recipients")?.values.first)
        #expect(exact.identifier == "bobo-jr." && !exact.isPartial)
        // "Zed" is no contact, whole or in part.
        #expect(parser.parse("tell Zed see you", locale: "en").best == nil)
    }

    /// A phrase's parts are its first and its last words, never a middle word, nor one that
    /// starts or ends with a word of the language.
    @Test func phrasePartsAreFirstAndLastWords() {
        let normalizer = Normalizer(locale: "en")
        var set = PhraseSet()
        set.add(
            "Bobo the Great", entry: .term(app: 0, identifier: "great", display: "Bobo the Great", priority: 0), normalizer: normalizer,
            partsUnless: { $0 == "the" })
        set.add(
            "Little Bobo", entry: .term(app: 0, identifier: "little", display: "Little Bobo", priority: 1), normalizer: normalizer,
            partsUnless: { $0 == "the" })
        set.add("Coco", entry: .term(app: 0, identifier: "coco", display: "Coco", priority: 2), normalizer: normalizer, partsUnless: { _ in false })
        // The parts that span the whole text.
        let frozen = FrozenPhrases(sets: [set], skipWords: PhraseTrie())
        func parts(_ text: String) -> [[Int32]] {
            let tokens = normalizer.tokenize(text).tokens
            let keys = TokenKeys()
            keys.fill(tokens)
            return frozen.matches(set: 0, keys: keys, from: 0).filter { $0.match == .partial && $0.end == tokens.count }.map(\.values)
        }
        #expect(parts("Bobo") == [[0, 1]])
        #expect(parts("Great") == [[0]])
        #expect(parts("Little") == [[1]])
        #expect(parts("the Great").isEmpty && parts("the").isEmpty)
        #expect(parts("Bobo the").isEmpty)
        #expect(parts("Coco").isEmpty)
    }

    @Test func manyWildcardsOnALongUtteranceStayPolynomial() throws {
        let grammar = MatcherFixture.grammarText.replacingOccurrences(
            of: "\"tell {person:recipients} {content}\"",
            with: "\"tell {person:recipients} [a] [b] {content} [a] [b] {content} [and] {content}\"")
        let parser = try MatcherFixture.parser(grammar: grammar)
        let words = (0..<200).map { $0 % 7 == 0 ? "a" : "w\($0)" }.joined(separator: " ")
        let result = parser.parse("tell Coco " + words, locale: "en")
        #expect(result.best?.intent == "INSendMessageIntent")
    }

    @Test func onlyTemplatesWithEveryRequiredWordAreTried() throws {
        let matcher = try #require(parser.matchers["en"])
        func tried(_ text: String) -> Set<String> {
            Set(matcher.candidateTemplates(for: text).map { matcher.grammar.templates[Int($0)].template.intent })
        }
        #expect(tried("add milk to the shopping list").contains("INAddTasksIntent"))
        #expect(!tried("add milk to the shopping list").contains("INSetTaskAttributeIntent"))
        // "add" is there, but the template's "to" and "list" are not.
        #expect(!tried("add milk").contains("INAddTasksIntent"))
        #expect(tried("mark milk as done").contains("INSetTaskAttributeIntent"))
    }

    @Test func hanLiteralsAreIndexedByCharacterPairsThatPunctuationAndSkipWordsMayInterrupt() throws {
        let grammar = """
            language: zh
            intents:
              INSendMessageIntent:
                data:
                  - sentences: ["给{person:recipients}发消息[说{content}]"]
            lists:
              person: {vocabulary: contactName, wildcard: true}
              content: {wildcard: true}
            skip_words: ["请"]
            """
        let loaded = try GrammarLoader(schema: try .siriKit(), entities: EntityCatalog.names).load(text: grammar, locale: "zh")
        let parser = try IntentParser(schema: try .siriKit(), apps: [MatcherFixture.chat], grammars: ["zh": loaded])
        let matcher = try #require(parser.matchers["zh"])
        func tried(_ text: String) -> Bool { !matcher.candidateTemplates(for: text).isEmpty }
        // Every character of 发消息 is there, but 消息 is not said: not worth trying.
        #expect(!tried("给Coco发息消"))
        for text in ["给Coco发消息说你好", "给Coco发消，息说你好", "给Coco发消请息说你好"] {
            #expect(tried(text), "\(text)")
            #expect(parser.parse(text, locale: "zh").best?.spoken("recipients") == ["Coco"], "\(text)")
        }
    }

    @Test func permutationsTakeOptionalItemsInAnyOrderAtMostOnce() throws {
        let grammar = MatcherFixture.grammarText.replacingOccurrences(
            of: "\"tell {person:recipients} {content}\"",
            with: "\"ping (to {person:recipients};[now];[saying {content}];[quickly])\"")
        let parser = try MatcherFixture.parser(grammar: grammar)
        func parsed(_ text: String) -> Interpretation? { parser.parse(text, locale: "en").best }
        for text in [
            "ping to Coco", "ping now to Coco", "ping quickly saying hello there to Coco now",
            "ping saying hi to Coco", "ping to Coco quickly now"
        ] {
            let best = try #require(parsed(text), "\(text)")
            #expect(best.intent == "INSendMessageIntent", "\(text)")
            #expect(best.spoken("recipients") == ["Coco"], "\(text)")
        }
        #expect(parsed("ping quickly saying hello there to Coco now")?.spoken("content") == ["hello there"])
        // The required item is missing, or an item comes twice (before the recipient, which is
        // a wildcard and would take whatever follows it).
        for text in ["ping now quickly", "ping now now to Coco", "ping quickly quickly to Coco", "ping quickly now quickly to Coco"] {
            let best = parsed(text)
            #expect(best == nil || best?.isLearnedTemplate == true, "\(text)")
        }
    }

    @Test func appSuffixRunsStartOnlyAtTheirFirstWords() throws {
        let matcher = try #require(parser.matchers["en"])
        let grammar = matcher.grammar
        let words = try #require(grammar.suffixFirstWords)
        #expect(Set(words.map { grammar.keys.keys[Int($0)] }) == ["in", "on", "with"])
        // A suffix after punctuation and a skip word still counts.
        #expect(try best("add eggs to my shopping list, please with TasksNotes").app?.identifier == "notes")
        // A prefix may start with the app name itself: no first words.
        #expect(grammar.prefixStart.flatMap { grammar.automaton.firstWords(from: $0) } == nil)
        // Both name an app, so an utterance that names none skips their runs.
        #expect(grammar.prefixNeedsApp && grammar.suffixNeedsApp)
    }

    @Test func anAppPrefixWithoutAnAppNameStillRuns() throws {
        let grammar = MatcherFixture.grammarText.replacingOccurrences(
            of: "app_prefix: \"[(in|on)] {app}\"",
            with: "app_prefix: \"([(in|on)] {app}|hey computer)\"")
        let parser = try MatcherFixture.parser(grammar: grammar)
        let compiled = try #require(parser.matchers["en"]).grammar
        #expect(!compiled.prefixNeedsApp)
        #expect(parser.parse("hey computer add eggs to my grocery list", locale: "en").best?.intent == "INAddTasksIntent")
        #expect(parser.parse("hey computer send a message to Coco saying hi", locale: "en").best?.spoken("content") == ["hi"])
    }

    @Test func aGrammarWithoutSkipWordsMatches() throws {
        let grammar = MatcherFixture.grammarText.replacingOccurrences(of: "skip_words: [\"please\", \"hey siri\"]", with: "")
        #expect(grammar != MatcherFixture.grammarText)
        let parser = try MatcherFixture.parser(grammar: grammar)
        let result = parser.parse("send a message to Coco saying hi, see you", locale: "en")
        #expect(result.best?.intent == "INSendMessageIntent")
        #expect(result.best?.spoken("content") == ["hi, see you"])
    }

    @Test func templatesThatRequireAnAppNameAreTriedOnlyWhenOneOccurs() throws {
        let matcher = try #require(parser.matchers["en"])
        let appTemplate = "{app} {person:recipients} [please] {content}"
        func tried(_ text: String) -> [String] {
            matcher.candidateTemplates(for: text).map { matcher.grammar.templates[Int($0)].template.source.text }
        }
        #expect(tried("MonkeyChat Bobo please send more bananas").contains(appTemplate))
        #expect(!tried("Bobo please send more bananas").contains(appTemplate))
        #expect(parser.parse("MonkeyChat Bobo please send more bananas", locale: "en").best?.intent == "INSendMessageIntent")
    }

    @Test func templatesThatRequireAVocabularyPhraseAreTriedOnlyWhenOneMayOccur() throws {
        // {known} is a list of the user's lists and nothing else: no free words, no entity.
        let grammar = MatcherFixture.grammarText
            .replacingOccurrences(
                of: "\"check off {list:targetTask}\"", with: "\"check off {list:targetTask}\"\n          - \"tick (off|done) {known:targetTask}\""
            )
            .replacingOccurrences(of: "  content: {wildcard: true}", with: "  content: {wildcard: true}\n  known: {vocabulary: notebookItemTitle}")
        let parser = try MatcherFixture.parser(grammar: grammar)
        let matcher = try #require(parser.matchers["en"])
        func tried(_ text: String) -> Bool {
            matcher.candidateTemplates(for: text).contains { matcher.grammar.templates[Int($0)].template.source.text.hasPrefix("tick") }
        }
        #expect(tried("tick off Grocery"))
        // A part of a term, and a sounds-alike, are phrases of the set too.
        #expect(tried("tick off Hardware"))
        #expect(tried("tick done Grosery"))
        #expect(!tried("tick off the milk"))
        #expect(parser.parse("tick off Hardware Store", locale: "en").best?.spoken("targetTask") == ["Hardware Store"])
        #expect(parser.parse("tick off the milk", locale: "en").best?.template.source.text.hasPrefix("tick") != true)
    }

    @Test func jsonFollowsTheOutputContract() throws {
        let line = ResultJSON.line(parser.parse("MonkeyChat Bobo please send more bananas", locale: "en"))
        #expect(
            line.hasPrefix(
                #"{"text":"MonkeyChat Bobo please send more bananas","locale":"en","intent":"INSendMessageIntent","domain":"messaging","app":"MonkeyChat","appIdentifier":"chat","score":"#
            ))
        #expect(
            line.contains(#""parameters":{"recipients":[{"spoken":"Bobo"}],"content":{"spoken":"send more bananas"}},"missing":[],"alternatives":["#))
        let rejected = ResultJSON.line(parser.parse("blorp", locale: "en"))
        #expect(rejected.contains(#""intent":null"#) && rejected.contains(#""reason":"no template matches the utterance""#))
    }

    @Test func lineIsTheSerializedObject() {
        for text in [
            "MonkeyChat Bobo please send more bananas", "blorp", "add milk, eggs and bread to my grocery list", "send a message to Coco in List-o-Mat"
        ] {
            let result = parser.parse(text, locale: "en")
            #expect(ResultJSON.line(result) == ResultJSON.object(result).serialized, "\(text)")
        }
    }
}

@Suite struct AuthenticationTests {
    @Test func restrictedIntentsRequireAuthentication() throws {
        var lists = MatcherFixture.lists
        lists.intentsRestrictedWhileLocked = ["INAddTasksIntent"]
        let parser = try MatcherFixture.parser(apps: [MatcherFixture.chat, lists, MatcherFixture.notes])
        let restricted = parser.parse("add milk to my grocery list in List-o-Mat", locale: "en")
        #expect(restricted.best?.requiresAuthentication == true)
        #expect(ResultJSON.line(restricted).hasSuffix(#""requiresAuthentication":true}"#))
        let open = parser.parse("add milk to my grocery list in TasksNotes", locale: "en")
        #expect(open.best?.requiresAuthentication == false)
    }
}

/// The memory a match reuses remembers the last line read (its keys, and the phrases and
/// entity readings found at each position): reading the same line again keeps it only when
/// nothing the readings depend on changed.
@Suite struct MatchMemoryTests {
    static func due(_ parser: IntentParser, _ text: String, now: TimeInterval) throws -> String {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let context = MatchContext(entityContext: EntityContext(now: Date(timeIntervalSince1970: now), timeZone: utc))
        return ResultJSON.object(parser.parse(text, locale: "en", context: context)).serialized
    }

    @Test func theSameLineAtAnotherTimeReadsItsDatesAgain() throws {
        let parser = try Repository.shippedParser()
        let text = "remind me to call mom tomorrow"
        // 2026-11-18 and ten days later, the same line one after the other.
        let first = try Self.due(parser, text, now: 1_795_000_000)
        let later = try Self.due(parser, text, now: 1_795_000_000 + 10 * 86_400)
        let again = try Self.due(parser, text, now: 1_795_000_000 + 10 * 86_400)
        #expect(first.contains(#""value":"2026-11-19""#), "\(first)")
        #expect(later.contains(#""value":"2026-11-29""#), "\(later)")
        #expect(again == later)
    }
}

import Foundation
import IntentParse
import IntentParseMatching
import IntentParseTestSupport
import Testing

/// How `--locale auto` picks the languages to try: the word counts it compares, and lines
/// whose answer depends on which language reads them.
@Suite struct LanguageChoiceTests {
    private static let lines = [
        "MonkeyChat Bobo please send more bananas", "MonkeyChat Bobo s'il vous plaît envoyer plus de bananas",
        "TasksNotes'ta elmalar, muzlar ve armutlarla bir bakkal listesi yapın", "用MonkeyChat给Bobo发消息说多送点香蕉",
        "schick Bobo eine Nachricht per MonkeyChat", "manda un mensaje a Coco", "aggiungi il latte alla lista della spesa",
        "ISTANBUL'a bir taksi çağır", "send a message to Coco and call Bobo", ""
    ]

    /// One lookup a word for every language gives each language's own count.
    @Test func sharedWordIndexCountsAsEachGrammarDoes() throws {
        let parser = try Repository.shippedParser()
        let matchers = parser.matchers.sorted { $0.key < $1.key }.map(\.value)
        let index = LanguageWordIndex(matchers.map(\.grammar))
        for line in LanguageChoiceTests.lines {
            for (member, matcher) in matchers.enumerated() {
                let tokens = matcher.tokens(of: line)
                #expect(
                    index.knownWordCounts(tokens, members: [member]) == [matcher.grammar.knownWordCount(tokens)], "\(matcher.grammar.locale): \(line)"
                )
            }
        }
    }

    /// A word of an app's name counts for no language, even where a template writes it:
    /// German's "per MonkeyChat" does not make "MonkeyChat great job everyone" German.
    @Test func appNamesAreNoLanguagesWords() throws {
        let parser = try Repository.shippedParser()
        for (locale, matcher) in parser.matchers {
            #expect(matcher.grammar.knownWordCount(matcher.tokens(of: "MonkeyChat ListOMat MonkeyPay")) == 0, "\(locale)")
        }
        let result = parser.parse("MonkeyChat great job everyone", context: MatchContext(preferredLocale: "en"))
        #expect(result.locale == "en" && result.best?.intent == "INSendMessageIntent")
    }

    /// Each line answers as its own language alone would.
    @Test func autoAnswersAsTheLinesLanguage() throws {
        let parser = try Repository.shippedParser()
        let expected: [(String, String, String?)] = [
            ("MonkeyChat Bobo s'il vous plaît envoyer plus de bananas", "fr", "INSendMessageIntent"),
            ("用MonkeyChat给Bobo发消息说多送点香蕉", "zh", "INSendMessageIntent"),
            ("schick Bobo eine Nachricht per MonkeyChat", "de", "INSendMessageIntent"),
            ("aggiungi il latte alla lista della spesa", "it", "INAddTasksIntent")
        ]
        for (line, locale, intent) in expected {
            let auto = parser.parse(line), alone = parser.parse(line, locale: locale)
            #expect(auto.locale == locale && auto.best?.intent == intent, "\(line)")
            #expect(auto.best?.intent == alone.best?.intent && auto.best?.score == alone.best?.score, "\(line)")
        }
    }
}

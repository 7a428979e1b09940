import IntentParseEntities
import IntentParseNormalization
import Testing

@testable import IntentParseEntities

/// `DateStarts` may only leave out readers that would find nothing: at every position of many
/// date-like texts, each reader it leaves out is run alone and must find no piece.
@Suite struct DateStartsTests {
    private let normalizer = EntityFixture.normalizer

    /// Words and phrases that start, continue or resemble date expressions, and some that do not.
    private static let fragments = [
        "on", "at", "at around", "about", "in", "within", "in the", "the", "a", "an", "of", "next", "this", "this coming",
        "coming", "for", "and", ",", ".", "-", ":", "tomorrow", "tonight", "today", "tmrw", "day after tomorrow", "the day after",
        "Friday", "fri", "Sat.", "March", "mar.", "Aug", "may", "morning", "evening", "night", "noon", "midnight", "weekend",
        "two", "twenty", "twenty-one", "eight thirty", "third", "twenty first", "first", "hundred", "3", "8", "08", "31", "2026",
        "3rd", "22nd", "8pm", "8:30", "8:30pm", "2026-12-03", "pm", "p.m.", "a.m.", "o'clock", "hours", "two hours", "half",
        "half an hour", "quarter", "a quarter", "past", "to", "half past", "quarter to eight", "ten past", "from now", "later", "k", "grand", "٣",
        "٣rd", "８", "Ⅷ", "table", "Café", "\u{212A}"
    ]

    private var parser: DateTimeParser? { EntityFixture.catalog.parser("dateTime") as? DateTimeParser }

    private func expectOnlyReadersLeftOutFindNothing(_ text: String, _ parser: DateTimeParser) {
        DateStartsTests.expectOnlyReadersLeftOutFindNothing(text, parser, normalizer)
    }

    private static func expectOnlyReadersLeftOutFindNothing(_ text: String, _ parser: DateTimeParser, _ normalizer: Normalizer) {
        let tokenized = normalizer.tokenize(text)
        for position in tokenized.tokens.indices {
            let readers = parser.starts.readers(tokenized.tokens, at: position)
            for bit in 0..<32 {
                let reader = DateReaders(rawValue: 1 << UInt32(bit))
                guard DateReaders.all.contains(reader), !readers.contains(reader) else { continue }
                var found: [(end: Int, piece: DatePiece)] = []
                parser.appendPieces(tokenized, at: position, readers: reader, first: true, to: &found)
                #expect(found.isEmpty, "\(text) at \(position): reader \(reader.rawValue) left out but finds \(found.count)")
            }
        }
    }

    @Test func readersLeftOutFindNothing() throws {
        let parser = try #require(parser)
        let fragments = DateStartsTests.fragments
        for first in fragments {
            for second in fragments {
                expectOnlyReadersLeftOutFindNothing("\(first) \(second)", parser)
            }
        }
        for text in [
            "on the 3rd of March", "next Friday evening at 7", "in two hours", "a week from now", "half an hour later",
            "this weekend", "the weekend", "at about noon", "on 2026-12-03", "in the evening", "this coming Friday",
            "the twenty-second of May", "an hour and a half from now", "٣ hours", "a hundred hours from now"
        ] {
            expectOnlyReadersLeftOutFindNothing(text, parser)
        }
    }

    /// The same in other languages, with their new ways of saying times and days.
    @Test(arguments: [
        (
            "fr",
            [
                "à", "le", "pour le", "20h", "8h30", "20", "h", "30", "huit", "heures", "et", "demie", "quart", "moins", "moins le", "dix",
                "vendredi", "prochain", "de la semaine prochaine", "midi", "soir", "demain", "22"
            ]
        ),
        (
            "de",
            [
                "um", "am", "halb", "neun", "Viertel", "nach", "vor", "acht", "22.", "22", ".", "Uhr", "30", "Freitag", "nächste Woche",
                "nächsten", "zehn", "Minuten", "dreiviertel", "Abend"
            ]
        ),
        (
            "zh",
            [
                "8", "点", "半", "一刻", "三刻", "15", "分", "号", "日", "3", "月", "三", "星期天", "礼拜五", "下", "周五", "周末", "差", "过",
                "零", "晚上", "明天", "８", "：", "３０"
            ]
        ),
        ("tr", ["ayın", "22", "'", "sinde", "haftaya", "cuma", "saat", "sekiz", "buçukta", "gelecek", "hafta"])
    ])
    func readersLeftOutFindNothingInOtherLanguages(_ locale: String, _ fragments: [String]) throws {
        let fixtures: [String: LocaleFixture] = ["fr": .fr, "de": .de, "zh": .zh, "tr": .tr]
        let fixture = try #require(fixtures[locale])
        let parser = try #require(fixture.catalog.parser("dateTime") as? DateTimeParser)
        let separator = locale == "zh" ? "" : " "
        for first in fragments {
            for second in fragments {
                DateStartsTests.expectOnlyReadersLeftOutFindNothing(first + separator + second, parser, fixture.normalizer)
            }
        }
    }

    @Test func wordsStartOnlyTheirReaders() throws {
        let parser = try #require(parser)
        func readers(_ word: String) -> DateReaders { parser.starts.readers(normalizer.tokenize(word).tokens, at: 0) }
        #expect(readers("table").isEmpty)
        #expect(readers("at") == [.namedTime, .clockTime])
        #expect(readers("tomorrow") == .relativeDay)
        #expect(readers("8") == .all)
        #expect(readers("3rd") == .all)
        #expect(readers("٣") == .all)
        // "a week from now", "a quarter past eight".
        #expect(readers("a").isSubset(of: [.offset, .clockTime]))
        #expect(readers("half") == [.clockTime, .offset])
        #expect(readers("past").isEmpty)
    }
}

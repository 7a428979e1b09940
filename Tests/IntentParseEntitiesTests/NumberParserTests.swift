import IntentParseEntities
import IntentParseNormalization
import Testing

@testable import IntentParseEntities

@Suite struct NumberParserTests {
    let parser = NumberParser(locale: "en", data: EntityFixture.data)
    let normalizer = Normalizer(locale: "en")

    private func read(_ text: String) -> (words: Int, value: Double)? {
        let tokenized = normalizer.tokenize(text)
        guard let match = parser.matches(in: tokenized, from: 0, context: EntityContext()).first else { return nil }
        let words = tokenized.tokens[match.start..<match.end].filter { !$0.isPunctuation }.count
        guard case .number(let value) = match.value else { return nil }
        return (words, value)
    }

    @Test(arguments: [("42", 42.0), ("3.5", 3.5), ("1,000", 1000.0)])
    func digits(_ text: String, _ expected: Double) {
        #expect(read(text)?.value == expected)
    }

    /// Separators are the locale's (ICU's), then the other country's way.
    @Test(arguments: [
        ("de", "12,50", 12.5), ("de", "1.200", 1200.0), ("de", "1.200,50", 1200.5), ("de", "12.50", 12.5), ("de", "1,200.50", 1200.5),
        ("fr", "12,50", 12.5), ("es", "2.500,75", 2500.75), ("it", "0,5", 0.5), ("tr", "12,50", 12.5),
        ("en", "1,200", 1200.0), ("en", "12.50", 12.5), ("en", "1,200.50", 1200.5), ("en", "12,50", 12.5), ("zh", "1,000", 1000.0)
    ])
    func digitsWithTheLocalesSeparators(_ locale: String, _ text: String, _ expected: Double) {
        let parser = NumberParser(locale: locale)
        let tokenized = Normalizer(locale: locale).tokenize(text)
        guard case .number(let value)? = parser.matches(in: tokenized, from: 0, context: EntityContext()).first?.value else {
            Issue.record("\(locale) \(text): no number")
            return
        }
        #expect(value == expected, "\(locale) \(text)")
    }

    @Test func separatorsThatFitNoWayAreNoNumber() {
        #expect(NumberParser.digits("1.2.3", decimal: ",", grouping: ".") == nil)
        #expect(NumberParser.digits("1,2,3", decimal: ".", grouping: ",") == nil)
        #expect(NumberParser.digits("12,", decimal: ",", grouping: ".") == nil)
    }

    @Test(arguments: [
        ("twenty three", 23.0, 2), ("forty-two", 42.0, 2), ("seven", 7.0, 1),
        ("one hundred and five", 105.0, 4), ("two thousand", 2000.0, 2)
    ])
    func words(_ text: String, _ expected: Double, _ count: Int) {
        let reading = read(text)
        #expect(reading?.value == expected)
        #expect(reading?.words == count)
    }

    @Test func extraNumberWordsStandForICUsSpellingOfTheirValue() throws {
        var data = EntityData()
        data.numberWords = ["两": 2]
        let chinese = Normalizer(locale: "zh")
        let parser = NumberParser(locale: "zh", data: data)
        func value(_ text: String) -> Double? {
            let match = parser.matches(in: chinese.tokenize(text), from: 0, context: EntityContext()).first
            guard case .number(let value)? = match?.value else { return nil }
            return value
        }
        #expect(value("两") == 2)
        #expect(value("两百") == 200)
        #expect(value("二十") == 20)
        #expect(value("两百五十") == 250)
        #expect(NumberParser(locale: "zh").matches(in: chinese.tokenize("两百"), from: 0, context: EntityContext()).isEmpty)
    }

    @Test func fullWidthDigitsAreDigits() {
        #expect(read("２０")?.value == 20)
    }

    /// The phrases answered from the table of ICU's own spell-outs read as ICU reads them.
    @Test(arguments: ["en", "de", "fr", "es", "ja"])
    func spelledOutTableAgreesWithICU(_ locale: String) {
        let parser = NumberParser(locale: locale)
        #expect(parser.spelledOut.count > 100)
        for (phrase, value) in parser.spelledOut {
            #expect(parser.parseWithICU(phrase) == value, "\(locale): \(phrase)")
        }
    }

    @Test func phrasesOutsideTheTableGoToICU() {
        #expect(parser.spelledOut["twenty three"] == nil && parser.spelledOut["twenty-three"] == 23)
        #expect(parser.parse("twenty three") == 23)
        #expect(parser.parse("three hundred forty-one") == 341)
        #expect(parser.parse("three bananas") == nil)
    }

    @Test func stopsAtTheFirstNonNumberWord() {
        #expect(read("three pizzas")?.value == 3)
        #expect(read("three pizzas")?.words == 1)
    }

    @Test func nonNumbersGiveNothing() {
        #expect(read("bananas") == nil)
        #expect(read("and") == nil)
    }
}

import Testing

@testable import IntentParseEntities

/// Currencies beyond ICU's symbols: its narrow symbols ("$" and "£" where the symbols are "$US"
/// and "£GB"), parts of a unit ("毛"), zero in numbers ("一百零五") and an elided last part.
@Suite struct LocalizedCurrencyTests {
    @Test(arguments: [
        ("20 $", 20.0, "USD"), ("20 £", 20, "GBP"), ("20$", 20, "USD"), ("$20", 20, "USD"), ("20 $US", 20, "USD"),
        ("20 €", 20, "EUR"), ("vingt euros cinquante", 20.5, "EUR"), ("20 euros et 50 centimes", 20.5, "EUR")
    ])
    func french(_ text: String, _ amount: Double, _ code: String) {
        #expect(LocaleFixture.fr.read("currencyAmount", text) == .currency(amount: amount, code: code))
    }

    @Test(arguments: [("20 $", 20.0, "USD"), ("20 £", 20, "GBP"), ("veinte euros con cincuenta", 20.5, "EUR")])
    func spanish(_ text: String, _ amount: Double, _ code: String) {
        #expect(LocaleFixture.es.read("currencyAmount", text) == .currency(amount: amount, code: code))
    }

    /// "¥" is the yen's and the yuan's narrow symbol, used in one region each: nobody's in French,
    /// the yuan in Chinese (the locale's own currency).
    @Test func sharedNarrowSymbols() {
        #expect(LocaleFixture.fr.read("currencyAmount", "20 ¥") == nil)
        #expect(LocaleFixture.zh.read("currencyAmount", "20¥") == .currency(amount: 20, code: "CNY"))
        #expect(LocaleFixture.zh.read("currencyAmount", "20$") == .currency(amount: 20, code: "USD"))
        #expect(CurrencyLexicon.owner(of: ["USD", "CAD", "AUD"], local: "CAD") == "CAD")
        #expect(CurrencyLexicon.owner(of: ["USD", "CAD", "AUD"], local: "EUR") == "USD")
        #expect(CurrencyLexicon.owner(of: ["JPY", "CNY"], local: "EUR") == nil)
        #expect(CurrencyLexicon.owner(of: ["GBP"], local: nil) == "GBP")
    }

    /// Narrow symbols made of letters ("kr", "R") are words, and are not read.
    @Test func narrowSymbolsWithLettersAreWords() {
        #expect(LocaleFixture.fr.read("currencyAmount", "20 kr") == nil)
        #expect(LocaleFixture.fr.read("currencyAmount", "20 R") == nil)
    }

    @Test(arguments: [
        ("二十块五毛", 20.5), ("一百零五块", 105), ("3块5角", 3.5), ("五毛钱", 0.5), ("三块五", 3.5),
        ("三块五毛五", 3.55), ("二十块五毛五分", 20.55), ("十块零五分", 10.05), ("两块五", 2.5), ("五毛五分", 0.55),
        ("五分钱", 0.05)
    ])
    func chinese(_ text: String, _ amount: Double) {
        #expect(LocaleFixture.zh.read("currencyAmount", text) == .currency(amount: amount, code: "CNY"))
    }

    /// A part is smaller than the unit and than the part before it, and counts fewer than make one
    /// of those: "二十块五十" is 20 yuan and a number left over.
    @Test(arguments: ["二十块五十", "三块十毛", "五分五毛", "三毛五块"])
    func chinesePartsOutOfOrderAreLeftOver(_ text: String) {
        #expect(LocaleFixture.zh.read("currencyAmount", text) == nil)
        #expect(LocaleFixture.zh.readings("currencyAmount", text).isEmpty == false)
    }

    @Test func zeroIsANumberWordInChinese() {
        #expect(LocaleFixture.zh.read("number", "一百零五") == .number(105))
        #expect(LocaleFixture.zh.read("number", "零") == .number(0))
        #expect(LocaleFixture.zh.read("number", "两千零二十") == .number(2020))
    }

    /// After a symbol before the amount, a bare number is not cents: "$20 50" is no amount.
    @Test func noElidedCentsAfterASymbol() {
        #expect(EntityFixture.read("currencyAmount", "$20 50") == nil)
        #expect(EntityFixture.read("currencyAmount", "20 dollars 50") == .currency(amount: 20.5, code: "USD"))
        #expect(EntityFixture.read("currencyAmount", "20 dollars 100") == nil)
        #expect(EntityFixture.read("currencyAmount", "100 yen 50") == nil)
    }
}

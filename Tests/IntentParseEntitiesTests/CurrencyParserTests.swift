import IntentParseEntities
import Testing

@testable import IntentParseEntities

@Suite struct CurrencyParserTests {
    private func currency(_ text: String) -> EntityValue? { EntityFixture.read("currencyAmount", text) }

    @Test(arguments: [
        ("$20", 20.0, "USD"), ("€3.50", 3.5, "EUR"), ("£7.25", 7.25, "GBP"), ("¥500", 500, "JPY"),
        ("$ 20", 20, "USD"), ("CA$5", 5, "CAD"), ("$1,250.75", 1250.75, "USD"), ("$5k", 5000, "USD"),
        ("$2 million", 2_000_000, "USD")
    ])
    func symbolsFromICU(_ text: String, _ amount: Double, _ code: String) {
        #expect(currency(text) == .currency(amount: amount, code: code))
    }

    @Test(arguments: [
        ("20 USD", 20.0, "USD"), ("USD 20", 20, "USD"), ("20USD", 20, "USD"), ("15 CHF", 15, "CHF"),
        ("20 usd", 20, "USD"), ("20€", 20, "EUR")
    ])
    func isoCodesAndSymbolsAfterTheAmount(_ text: String, _ amount: Double, _ code: String) {
        #expect(currency(text) == .currency(amount: amount, code: code))
    }

    @Test(arguments: [
        ("20 dollars", 20.0, "USD"), ("twenty euros", 20, "EUR"), ("20 bucks", 20, "USD"),
        ("5k yen", 5000, "JPY"), ("a hundred dollars", 100, "USD"), ("a dollar", 1, "USD"),
        ("twenty US dollars", 20, "USD"), ("10 British pounds", 10, "GBP"), ("3 grand", 0, ""),
        ("50 quid", 50, "GBP"), ("two thousand five hundred dollars", 2500, "USD")
    ])
    func namesAndWords(_ text: String, _ amount: Double, _ code: String) {
        #expect(currency(text) == (code.isEmpty ? nil : .currency(amount: amount, code: code)))
    }

    @Test(arguments: [
        ("ten dollars and fifty cents", 10.5, "USD"), ("$10 and 5 cents", 10.05, "USD"),
        ("20 dollars 99 cents", 20.99, "USD"), ("50 cents", 0.5, "USD"), ("twenty-five cents", 0.25, "USD")
    ])
    func subunits(_ text: String, _ amount: Double, _ code: String) {
        #expect(currency(text) == .currency(amount: amount, code: code))
    }

    /// Yen have no cents, and a hundred cents is a dollar said oddly, not an amount of cents.
    @Test(arguments: ["100 yen and 50 cents", "20 dollars and 100 cents"])
    func subunitsOutOfRangeAreLeftOver(_ text: String) {
        #expect(currency(text) == nil)
        #expect(EntityFixture.readings("currencyAmount", text).first?.words == 2)
    }

    /// Lower-case ISO codes are words ("all", "top", "cup"); an article is not an amount before a symbol.
    @Test(arguments: ["20 all", "5 top", "20", "twenty", "dollars", "$", "a $", "send $20", "20 cup"])
    func notAmounts(_ text: String) {
        #expect(currency(text) == nil)
    }

    @Test func hugeAmountsAreNoAmounts() {
        #expect(currency("$100000000000000000000") == nil)
        #expect(currency("1e999 dollars") == nil)
    }

    @Test func readingsAreLongestFirst() {
        let readings = EntityFixture.readings("currencyAmount", "ten dollars and fifty cents")
        #expect(readings.map(\.words) == [5, 2])
    }

    @Test func jsonShape() {
        #expect(EntityValue.currency(amount: 20, code: "USD").json.serialized == #"{"amount":20,"currencyCode":"USD"}"#)
    }
}

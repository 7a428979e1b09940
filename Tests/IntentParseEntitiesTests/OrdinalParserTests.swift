import Testing

@testable import IntentParseEntities

@Suite struct OrdinalParserTests {
    private func ordinal(_ text: String) -> Int? {
        guard case .ordinal(let n)? = EntityFixture.read("ordinal", text) else { return nil }
        return n
    }

    @Test(arguments: [
        ("first", 1), ("second", 2), ("third", 3), ("twenty-first", 21), ("twenty first", 21),
        ("Thirty-First", 31), ("one hundredth", 100)
    ])
    func words(_ text: String, _ expected: Int) {
        #expect(ordinal(text) == expected)
    }

    @Test(arguments: [("1st", 1), ("2nd", 2), ("3rd", 3), ("11th", 11), ("22nd", 22), ("101st", 101), ("3RD", 3)])
    func digitsWithTheLocalesSuffix(_ text: String, _ expected: Int) {
        #expect(ordinal(text) == expected)
    }

    /// ICU's lenient parse would take these; the parser must not.
    @Test(arguments: ["3th", "1nd", "three", "3", "last", "twenty", "first-class", "0th"])
    func notOrdinals(_ text: String) {
        #expect(ordinal(text) == nil)
    }

    @Test func readsOnlyTheOrdinalAtTheStart() {
        let readings = EntityFixture.readings("ordinal", "third one please")
        #expect(readings.count == 1)
        #expect(readings.first?.words == 1)
        #expect(readings.first?.value == .ordinal(3))
    }
}

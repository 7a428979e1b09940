import IntentParseEntities
import Testing

@testable import IntentParseEntities

/// Generated sentences use these examples, so each must be read whole by its own entity.
@Suite struct EntityExamplesTests {
    @Test(arguments: EntityCatalog.names)
    func everyExampleIsReadWhole(_ entity: String) {
        let examples = EntityFixture.catalog.examples[entity] ?? []
        #expect(!examples.isEmpty)
        for example in examples {
            #expect(EntityFixture.read(entity, example) != nil, "\(entity): \"\(example)\"")
        }
    }

    @Test func examplesComeFromICUAndTheData() {
        let examples = EntityFixture.catalog.examples
        #expect(examples["ordinal"] == ["3rd", "second"])
        #expect(examples["currencyAmount"] == ["$20", "20 US dollars", "20 dollars"])
        #expect(examples["dateTime"] == ["tomorrow", "Monday", "tomorrow at 8 PM"])
        #expect(examples["duration"] == ["20 minutes", "2 hours"])
    }
}

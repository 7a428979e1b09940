import Foundation
import IntentParseNormalization
import Testing

@testable import IntentParseEntities

/// A catalog's parsers are made when first asked to read; what they read is the same.
@Suite struct DeferredEntityParserTests {
    @Test func deferredParsersReadAsTheParsersDo() {
        let catalog = EntityCatalog(locale: "en", data: EntityFixture.data)
        let texts = ["tomorrow at 8 pm", "twenty dollars and fifty cents", "the third one", "5 km", "ten minutes", "forty-two"]
        for name in EntityCatalog.names {
            guard let deferred = catalog.deferredParser(name), let made = catalog.parser(name) else {
                Issue.record("no parser for \(name)")
                continue
            }
            #expect(deferred.name == name && made.name == name)
            #expect(!(deferred === made), "\(name): the deferred parser stands in for the parser")
            for text in texts {
                let tokenized = EntityFixture.normalizer.tokenize(text)
                let a = deferred.matches(in: tokenized, from: 0, context: EntityFixture.context)
                let b = made.matches(in: tokenized, from: 0, context: EntityFixture.context)
                #expect(a.map(\.end) == b.map(\.end) && a.map(\.value) == b.map(\.value), "\(name): \(text)")
            }
        }
        // A parser made once: asking again gives the same one.
        #expect(catalog.parser("dateTime") === catalog.parser("dateTime"))
    }
}

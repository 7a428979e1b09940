import Testing
@testable import IntentParseSchema

/// THROWAWAY: SiriKit.yaml says exactly what the old Swift tables said.
@Suite struct ThrowawayTablesTests {
    @Test func theFileEqualsTheTables() throws {
        let schema = try Schema.siriKit()
        let old = Dictionary(uniqueKeysWithValues: Schema.swiftTables.map { ($0.name, $0) })
        #expect(Set(schema.intents.keys) == Set(old.keys))
        for (name, intent) in old {
            #expect(schema[name] == intent, "\(name)")
        }
        #expect(schema.intents == old)
        #expect(schema.vocabularyTypes == Schema.swiftVocabularyTypes)
        #expect(Set(schema.domains.keys.map(\.rawValue)) == Set(Schema.swiftDomains))
        #expect(schema.domains.values.allSatisfy { !$0.asksForConfirmation })
        #expect(Set(schema.domains.values.filter(\.requiresUnlockedDevice).map(\.name)) == ["payments", "rideBooking"])
        print("THROWAWAY: \(schema.intents.count) intents, \(schema.domains.count) domains, equal: \(schema.intents == old)")
    }
}

import Foundation
import IntentParseBase
import IntentParseEntities
import IntentParseNormalization
import IntentParseTestSupport

@testable import IntentParseEntities

/// The shipped English entity data, a catalog built from it, and the corpus reference time.
enum EntityFixture {
    static let root = Repository.root

    static let data: EntityData = {
        var log = DiagnosticLog()
        return EntityDataLoader.load(localeFolder: root.appendingPathComponent("Grammars/en"), locale: "en", log: &log) ?? EntityData()
    }()

    static let catalog = EntityCatalog(locale: "en", data: data)
    static let normalizer = Normalizer(locale: "en")
    static let newYork = TimeZone(secondsFromGMT: -5 * 3600) ?? .gmt

    /// Saturday 21 November 2026, 09:30 at UTC-05:00 (the corpus files' `now`).
    static let context = at("2026-11-21T09:30:00-05:00")

    static func at(_ iso: String, timeZone: TimeZone = newYork) -> EntityContext {
        EntityContext(now: ISO8601DateFormatter().date(from: iso) ?? Date(timeIntervalSince1970: 0), timeZone: timeZone)
    }

    /// Every reading of `entity` at the start of `text`, as (words covered, value), longest first.
    static func readings(_ entity: String, _ text: String, context: EntityContext = context) -> [(words: Int, value: EntityValue)] {
        let tokenized = normalizer.tokenize(text)
        let matches = catalog.parser(entity)?.matches(in: tokenized, from: 0, context: context) ?? []
        return matches.map { match in (tokenized.tokens[match.start..<match.end].filter { !$0.isPunctuation }.count, match.value) }
    }

    /// The value of the longest reading when it covers every word of `text`; nil otherwise.
    static func read(_ entity: String, _ text: String, context: EntityContext = context) -> EntityValue? {
        let words = normalizer.tokenize(text).tokens.filter { !$0.isPunctuation }.count
        guard let longest = readings(entity, text, context: context).first, longest.words == words else { return nil }
        return longest.value
    }
}

import Foundation
import IntentParseBase
import IntentParseEntities
import IntentParseNormalization

@testable import IntentParseEntities

/// A shipped language's entity data and catalog, cut with the token rules its grammar gives
/// (`tokens:` in `Grammars/<locale>/_common.yaml`), for tests of the readers in that language.
final class LocaleFixture: Sendable {
    let locale: String
    let data: EntityData
    let catalog: EntityCatalog
    let normalizer: Normalizer
    /// The corpus files' reference time for the language: Saturday 21 November 2026, 09:30.
    let context: EntityContext

    init(_ locale: String, rules: TokenRules = TokenRules(), offset: Int) {
        self.locale = locale
        var log = DiagnosticLog()
        data =
            EntityDataLoader.load(localeFolder: EntityFixture.root.appendingPathComponent("Grammars/\(locale)"), locale: locale, log: &log)
            ?? EntityData()
        catalog = EntityCatalog(locale: locale, data: data, rules: rules)
        normalizer = Normalizer(locale: locale, rules: rules)
        let zone = TimeZone(secondsFromGMT: offset * 3600) ?? .gmt
        let sign = offset < 0 ? "-" : "+"
        context = EntityFixture.at("2026-11-21T09:30:00\(sign)\(String(format: "%02d", abs(offset))):00", timeZone: zone)
    }

    static let fr = LocaleFixture("fr", rules: TokenRules(elisions: ["l'", "d'", "qu'"]), offset: -5)
    static let es = LocaleFixture("es", offset: -5)
    static let it = LocaleFixture("it", rules: TokenRules(elisions: ["l'", "un'", "all'", "dell'", "mezz'"]), offset: 1)
    static let de = LocaleFixture("de", offset: 1)
    static let tr = LocaleFixture("tr", rules: TokenRules(splitAtApostrophe: true), offset: 3)
    static let zh = LocaleFixture("zh", rules: TokenRules(transform: "Traditional-Simplified"), offset: 8)

    /// Every reading of `entity` at the start of `text`, as (words covered, value), longest first.
    func readings(_ entity: String, _ text: String) -> [(words: Int, value: EntityValue)] {
        let tokenized = normalizer.tokenize(text)
        let matches = catalog.parser(entity)?.matches(in: tokenized, from: 0, context: context) ?? []
        return matches.map { match in (tokenized.tokens[match.start..<match.end].filter { !$0.isPunctuation }.count, match.value) }
    }

    /// The value of the longest reading when it covers every word of `text`; nil otherwise.
    func read(_ entity: String, _ text: String) -> EntityValue? {
        let words = normalizer.tokenize(text).tokens.filter { !$0.isPunctuation }.count
        guard let longest = readings(entity, text).first, longest.words == words else { return nil }
        return longest.value
    }
}

import Foundation
import IntentParseBase
import IntentParseEntities
import IntentParseNormalization
import IntentParseSchema

extension IntentParser {
    /// The built-in entity that types values of a parameter type, if any.
    static func entity(for type: ValueType) -> String? {
        switch type {
        case .currencyAmount: return "currencyAmount"
        case .dateTime, .dateTimeRange: return "dateTime"
        case .number, .integer: return "number"
        default: return nil
        }
    }

    /// A dialogue reply read whole as the entity of `type` ("tomorrow at 8 pm" → its ISO 8601
    /// value, "$20" → {amount, currencyCode}); nil unless one reading covers every word, so a
    /// reply that only starts like a value stays plain text.
    package func replyValue(_ text: String, type: ValueType, locale: String, context: EntityContext = EntityContext()) -> JSONValue? {
        guard let name = IntentParser.entity(for: type),
            let parser = (entityCatalogs[locale] ?? entityCatalogs[Normalizer.language(of: locale)])?.parser(name)
        else { return nil }
        let rules = (grammars[locale] ?? grammars[Normalizer.language(of: locale)])?.tokenRules ?? TokenRules()
        let tokenized = Normalizer.shared(locale: locale, rules: rules).tokenize(text)
        guard let first = tokenized.tokens.firstIndex(where: { !$0.isPunctuation }),
            let last = tokenized.tokens.lastIndex(where: { !$0.isPunctuation })
        else { return nil }
        // From the very start ("$20" starts with a symbol), else from the first word ("— tomorrow").
        let whole = Set([0, first]).sorted().lazy.compactMap { start in
            parser.matches(in: tokenized, from: start, context: context).first { $0.end == last + 1 }
        }.first
        guard let value = whole?.value else { return nil }
        if type == .integer, value.integer == nil { return nil }
        return value.json
    }
}

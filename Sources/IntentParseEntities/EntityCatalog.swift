import IntentParseNormalization
import Synchronization

/// The built-in entities of one locale, by the name grammar lists use (`entity: dateTime`).
///
/// What ICU knows (number words, ordinals, currency symbols and names, month and weekday
/// names) is read from ICU; the rest of a language's words come from its `EntityData`
/// (`Grammars/<locale>/entities/*.yaml`). Without data, entities that need words ICU lacks
/// (durations, distances, relative days) find less, but nothing fails.
package struct EntityCatalog: Sendable {
    /// Every entity name a grammar may use.
    package static let names = ["number", "ordinal", "currencyAmount", "dateTime", "duration", "distance"]

    private let parts: Parts
    private let parsers: [String: DeferredEntityParser]

    /// A few phrases each entity reads ("tomorrow at 8 PM", "20 US dollars"), by entity name.
    ///
    /// Made when asked (it opens ICU formats of its own), since only sentence generation
    /// needs it.
    package var examples: [String: [String]] { EntityCatalog.examples(locale: parts.locale, data: parts.data, numbers: parts.built.numbers) }

    /// `rules`: how the language cuts words (its grammar's `tokens:`), so that entity words are
    /// cut as utterances are.
    ///
    /// NB: the parsers are made when one is first asked to read (`DeferredEntityParser`): they
    /// read ICU's number rules and currency names, which cost more than the rest of loading a
    /// language, and with every language loaded most are never asked.
    package init(locale: String, data: EntityData = EntityData(), rules: TokenRules = TokenRules()) {
        let parts = Parts(locale: locale, data: data, rules: rules)
        self.parts = parts
        parsers = Dictionary(uniqueKeysWithValues: EntityCatalog.names.map { ($0, DeferredEntityParser(name: $0, parts: parts)) })
    }

    /// The parser of entity `name` (made now, with the rest, if it was not yet).
    package func parser(_ name: String) -> (any EntityParser)? { parts.built.parsers[name]?.parser }

    /// The parser of entity `name`, made when it is first asked to read: what compiled grammars
    /// hold, so that loading a language does not make them.
    package func deferredParser(_ name: String) -> (any EntityParser)? { parsers[name] }

    /// What the parsers are made of, and the parsers once made.
    fileprivate final class Parts: Sendable {
        let locale: String
        let data: EntityData
        let rules: TokenRules
        private let made = Mutex<Built?>(nil)

        struct Built: Sendable {
            var numbers: NumberParser
            /// Each parser in a box of its own, kept here as long as the catalog.
            var parsers: [String: ParserBox]
        }

        init(locale: String, data: EntityData, rules: TokenRules) {
            self.locale = locale
            self.data = data
            self.rules = rules
        }

        var built: Built {
            made.withLock { made in
                if let made { return made }
                let built = make()
                made = built
                return built
            }
        }

        private func make() -> Built {
            let normalizer = Normalizer.shared(locale: locale, rules: rules)
            let numbers = NumberParser(locale: locale, rules: rules, data: data)
            let amounts = AmountReader(locale: locale, data: data, numbers: numbers, normalizer: normalizer)
            let ordinals = OrdinalParser(locale: locale, amounts: amounts)
            let durations = DurationParser(amounts: amounts, data: data)
            let parsers: [any EntityParser] = [
                numbers, ordinals, durations,
                CurrencyParser(locale: locale, amounts: amounts, data: data),
                DistanceParser(amounts: amounts, data: data),
                DateTimeParser(locale: locale, data: data, ordinals: ordinals, durations: durations)
            ]
            return Built(numbers: numbers, parsers: Dictionary(uniqueKeysWithValues: parsers.map { ($0.name, ParserBox($0)) }))
        }
    }

    fileprivate final class ParserBox: Sendable {
        let parser: any EntityParser
        init(_ parser: any EntityParser) { self.parser = parser }
    }

    /// An entity parser made when first asked to read: the catalog's parts are made then, once,
    /// for all of its parsers; later reads go straight to the parser.
    fileprivate final class DeferredEntityParser: EntityParser {
        let name: String
        private let parts: Parts
        /// The address of the parser's box (kept alive by `parts`) once made, else 0.
        private let resolved = Atomic<Int>(0)

        init(name: String, parts: Parts) {
            self.name = name
            self.parts = parts
        }

        func matches(in text: TokenizedText, from start: Int, context: EntityContext) -> [EntityMatch] {
            parser?.matches(in: text, from: start, context: context) ?? []
        }

        func matches(in text: TokenizedText, from start: Int, context: EntityContext, memo: EntityMemo) -> [EntityMatch] {
            parser?.matches(in: text, from: start, context: context, memo: memo) ?? []
        }

        private var parser: (any EntityParser)? {
            if let raw = UnsafeRawPointer(bitPattern: resolved.load(ordering: .acquiring)) {
                return Unmanaged<ParserBox>.fromOpaque(raw).takeUnretainedValue().parser
            }
            guard let box = parts.built.parsers[name] else { return nil }
            resolved.store(Int(bitPattern: Unmanaged.passUnretained(box).toOpaque()), ordering: .releasing)
            return box.parser
        }
    }
}

import Foundation
import IntentParseBase
import IntentParseYAML
import Yams

/// Reads `Grammars/<locale>/entities/*.yaml` into `EntityData`, reporting every problem with
/// file, line, column and a caret, as the grammar loader does.
///
///     language: en
///     numbers:  {one: [a, an], fractions: {half: 0.5}, multipliers: {k: 1000}, and: [and]}
///     currency: {words: {USD: [dollars, bucks]}, subunits: [cents]}
///     dates:    {days: {...}, parts_of_day: {...}, times: {noon: "12:00"}, words: {at: [at], ...}}
///     duration: {hour: [hour, hours], ...}
///     distance: {mile: [mile, miles], ...}
package struct EntityDataLoader {
    static let fileKeys = ["language", "numbers", "currency", "dates", "duration", "distance"]
    static let numberKeys = ["one", "fractions", "multipliers", "and", "words"]
    static let currencyKeys = ["words", "subunits", "parts"]

    var reader: YAMLReader
    let locale: String
    var data: EntityData
    /// Where each relative day names its part of the day, checked once every file is read.
    var partReferences: [(part: String, location: SourceLocation, line: String?)] = []

    init(file: String, locale: String, data: EntityData, log: DiagnosticLog) {
        self.reader = YAMLReader(file: file, log: log)
        self.locale = locale
        self.data = data
    }

    /// Loads `<localeFolder>/entities/*.yaml`, merged in file name order; nil when there are none.
    package static func load(localeFolder: URL, locale: String, log: inout DiagnosticLog) -> EntityData? {
        let folder = localeFolder.appendingPathComponent("entities")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
        guard !files.isEmpty else { return nil }
        var data = EntityData()
        var references: [(part: String, location: SourceLocation, line: String?)] = []
        for file in files {
            let url = folder.appendingPathComponent(file)
            var loader = EntityDataLoader(file: url.path, locale: locale, data: data, log: log)
            if let root = loader.reader.root(of: url) { loader.read(root) }
            data = loader.data
            log = loader.reader.log
            references += loader.partReferences
        }
        checkParts(references, in: data, log: &log)
        return data
    }

    /// Loads one file's text (tests, tools); `file` names it in diagnostics.
    package static func load(text: String, locale: String, file: String = "<entities>") throws -> EntityData {
        var loader = EntityDataLoader(file: file, locale: locale, data: EntityData(), log: DiagnosticLog())
        if let root = loader.reader.root(ofText: text) { loader.read(root) }
        var log = loader.reader.log
        checkParts(loader.partReferences, in: loader.data, log: &log)
        try log.throwIfErrors()
        return loader.data
    }

    /// A relative day may name a part of the day defined in another file of the locale.
    private static func checkParts(
        _ references: [(part: String, location: SourceLocation, line: String?)], in data: EntityData,
        log: inout DiagnosticLog
    ) {
        for reference in references where data.partsOfDay[reference.part] == nil {
            log.error(
                reference.location, "unknown part of the day '\(reference.part)'" + Suggestions.didYouMean(reference.part, in: data.partsOfDay.keys),
                sourceLine: reference.line)
        }
    }

    mutating func read(_ root: Node) {
        guard let pairs = reader.mapping(root, "an entity data file") else { return }
        reader.checkKeys(pairs, allowed: EntityDataLoader.fileKeys, in: "an entity data file")
        reader.requireLanguage(pairs, in: root, locale: locale)
        for pair in pairs {
            switch pair.key {
            case "language": reader.checkLanguage(pair.value, locale: locale)
            case "numbers": readNumbers(pair.value)
            case "currency": readCurrency(pair.value)
            case "dates": readDates(pair.value)
            case "duration":
                data.durationUnits.merge(readUnits(pair.value, known: DurationParser.secondsPerUnit.keys, "duration"), uniquingKeysWith: +)
            case "distance": data.distanceUnits.merge(readUnits(pair.value, known: DistanceParser.units, "distance"), uniquingKeysWith: +)
            default: break
            }
        }
    }

    private mutating func readNumbers(_ node: Node) {
        guard let pairs = reader.mapping(node, "numbers") else { return }
        reader.checkKeys(pairs, allowed: EntityDataLoader.numberKeys, in: "numbers")
        for pair in pairs {
            switch pair.key {
            case "one": data.oneWords += reader.strings(pair.value, "one").map(\.0)
            case "and": data.andWords += reader.strings(pair.value, "and").map(\.0)
            case "fractions": data.fractions.merge(positiveNumbers(pair.value, "fractions"), uniquingKeysWith: { $1 })
            case "multipliers": data.multipliers.merge(positiveNumbers(pair.value, "multipliers"), uniquingKeysWith: { $1 })
            case "words": data.numberWords.merge(positiveNumbers(pair.value, "words", allowsZero: true), uniquingKeysWith: { $1 })
            default: break
            }
        }
    }

    private mutating func readCurrency(_ node: Node) {
        guard let pairs = reader.mapping(node, "currency") else { return }
        reader.checkKeys(pairs, allowed: EntityDataLoader.currencyKeys, in: "currency")
        for pair in pairs {
            if pair.key == "subunits" { data.subunitWords += reader.strings(pair.value, "subunits").map(\.0) }
            if pair.key == "parts" {
                for part in reader.mapping(pair.value, "parts") ?? [] {
                    guard let value = reader.scalarValue(part.value)?.json, case .number(let size) = value, size > 0, size < 1 else {
                        reader.error(part.value, "parts: '\(part.key)' is a part of one unit, a number between 0 and 1 (0.1 for a tenth)")
                        continue
                    }
                    data.currencyParts[part.key] = size
                }
            }
            guard pair.key == "words", let currencies = reader.mapping(pair.value, "currency words") else { continue }
            let codes = ICUCurrencies.codes()
            for currency in currencies {
                if !codes.isEmpty, !codes.contains(currency.key) {
                    reader.error(
                        currency.keyNode,
                        "'\(currency.key)' is not an ISO 4217 currency code ICU knows"
                            + Suggestions.didYouMean(currency.key, in: codes))
                }
                data.currencyWords[currency.key, default: []] += reader.strings(currency.value, "words for \(currency.key)").map(\.0)
            }
        }
    }

    /// `unit: [words]` for units this entity knows.
    mutating func readUnits(_ node: Node, known: some Collection<String>, _ what: String) -> [String: [String]] {
        guard let pairs = reader.mapping(node, what) else { return [:] }
        var units: [String: [String]] = [:]
        for pair in pairs {
            guard known.contains(pair.key) else {
                reader.error(
                    pair.keyNode,
                    "unknown \(what) unit '\(pair.key)'" + Suggestions.didYouMean(pair.key, in: known)
                        + "; known: \(known.sorted().joined(separator: ", "))")
                continue
            }
            units[pair.key, default: []] += reader.strings(pair.value, "words for \(pair.key)").map(\.0)
        }
        return units
    }

    /// `word: number` pairs whose numbers are above zero (or zero, when `allowsZero`).
    mutating func positiveNumbers(_ node: Node, _ what: String, allowsZero: Bool = false) -> [String: Double] {
        var result: [String: Double] = [:]
        for pair in reader.mapping(node, what) ?? [] {
            guard let value = reader.scalarValue(pair.value)?.json, case .number(let number) = value, number.isFinite,
                number > 0 || (allowsZero && number == 0)
            else {
                reader.error(pair.value, "\(what): '\(pair.key)' needs a number \(allowsZero ? "of zero or more" : "above zero")")
                continue
            }
            result[pair.key] = number
        }
        return result
    }
}

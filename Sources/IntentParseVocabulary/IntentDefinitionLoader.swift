import Foundation
import IntentParseBase
import IntentParseSchema

/// Reads `Vocabulary/<App>/Intents.intentdefinition`: custom intents in a documented subset of
/// Xcode's plist format.
///
///     INIntents: [{ INIntentName: "OrderPizza"            → intent "OrderPizzaIntent"
///                   INIntentParameters: [{ INIntentParameterName, INIntentParameterType,
///                       INIntentParameterSupportsMultipleValues?, INIntentParameterEnumType?,
///                       INIntentParameterRequired? (ours: Siri asks for it when missing) }]
///                   INIntentResponse: { INIntentResponseCodes: [{ INIntentResponseCodeName,
///                       INIntentResponseCodeSuccess?, INIntentResponseCodeFormatString? }],
///                       INIntentResponseParameters: [{ INIntentResponseParameterName,
///                       INIntentResponseParameterType }] } }]
///     INEnums: [{ INEnumName, INEnumValues: [{ INEnumValueName, INEnumValueDisplayName }] }]
///
/// Parameter types: Integer, Decimal, Boolean, String, Object (an open set of values; the app's
/// ParameterVocabularies name some), Currency, DateComponents, Duration, Placemark, Person; an
/// `INIntentParameterEnumType` makes the value set closed: the enum's values.
struct IntentDefinitionLoader {
    static let types: [String: ValueType] = [
        "Integer": .integer, "Decimal": .number, "Boolean": .boolean, "String": .string, "Object": .speakableString,
        "Currency": .currencyAmount, "CurrencyAmount": .currencyAmount, "DateComponents": .dateTime, "Date": .dateTime,
        "Duration": .duration, "Placemark": .location, "Location": .location, "Person": .person
    ]

    /// The domain custom intents are in (`custom`), with the rules the schema gives it.
    let domain: DomainSchema
    /// Enum values per "Intent.parameter", as vocabulary terms the matcher can use.
    var enumTerms: [String: [VocabularyTerm]] = [:]

    init(domain: DomainSchema) { self.domain = domain }

    mutating func load(_ reader: inout PlistReader, url: URL, app: String) -> [IntentSchema] {
        guard let rootValue = reader.root(of: url), let root = reader.dictionary(rootValue, "") else { return [] }
        let enums = self.enums(&reader, root["INEnums"])
        guard let list = reader.array(root["INIntents"], "INIntents") else { return [] }
        var seen = Set<String>()
        return list.enumerated().compactMap { index, item in
            let path = "INIntents[\(index)]"
            guard let intent = self.intent(&reader, item, path, enums: enums, app: app) else { return nil }
            if !seen.insert(intent.name).inserted {
                reader.error(join(path, "INIntentName"), "intent \(intent.name) is defined twice")
                return nil
            }
            return intent
        }
    }

    private func enums(_ reader: inout PlistReader, _ value: Any?) -> [String: [(name: String, display: String)]] {
        guard value != nil, let list = reader.array(value, "INEnums") else { return [:] }
        var result: [String: [(name: String, display: String)]] = [:]
        for (index, item) in list.enumerated() {
            let path = join("INEnums", index)
            guard let entry = reader.dictionary(item, path), let name = reader.string(entry["INEnumName"], join(path, "INEnumName")),
                let values = reader.array(entry["INEnumValues"], join(path, "INEnumValues"))
            else { continue }
            result[name] = values.enumerated().compactMap { valueIndex, value in
                let valuePath = join(join(path, "INEnumValues"), valueIndex)
                guard let dict = reader.dictionary(value, valuePath),
                    let valueName = reader.string(dict["INEnumValueName"], join(valuePath, "INEnumValueName"))
                else { return nil }
                let display = reader.optionalString(dict["INEnumValueDisplayName"], join(valuePath, "INEnumValueDisplayName")) ?? valueName
                return (valueName, display)
            }
        }
        return result
    }

    private mutating func intent(
        _ reader: inout PlistReader, _ item: Any, _ path: String,
        enums: [String: [(name: String, display: String)]], app: String
    ) -> IntentSchema? {
        guard let entry = reader.dictionary(item, path), let base = reader.string(entry["INIntentName"], join(path, "INIntentName")) else {
            return nil
        }
        let name = base.hasSuffix("Intent") ? base : base + "Intent"
        var parameters: [ParameterSchema] = []
        if entry["INIntentParameters"] != nil, let list = reader.array(entry["INIntentParameters"], join(path, "INIntentParameters")) {
            for (index, value) in list.enumerated() {
                let parameterPath = join(join(path, "INIntentParameters"), index)
                guard let parameter = self.parameter(&reader, value, parameterPath, intent: name, enums: enums) else { continue }
                if parameters.contains(where: { $0.name == parameter.name }) {
                    reader.error(join(parameterPath, "INIntentParameterName"), "\(name) has two parameters named '\(parameter.name)'")
                    continue
                }
                parameters.append(parameter)
            }
        }
        let codes = responseCodes(&reader, entry["INIntentResponse"], join(path, "INIntentResponse"))
        return IntentSchema(name, in: domain, parameters, responseCodes: codes, definedBy: app)
    }

    private mutating func parameter(
        _ reader: inout PlistReader, _ value: Any, _ path: String, intent: String,
        enums: [String: [(name: String, display: String)]]
    ) -> ParameterSchema? {
        guard let dict = reader.dictionary(value, path),
            let name = reader.string(dict["INIntentParameterName"], join(path, "INIntentParameterName")),
            let typeName = reader.string(dict["INIntentParameterType"], join(path, "INIntentParameterType"))
        else { return nil }
        guard var type = IntentDefinitionLoader.types[typeName] else {
            reader.error(
                join(path, "INIntentParameterType"),
                "unknown parameter type '\(typeName)'"
                    + Suggestions.didYouMean(typeName, in: IntentDefinitionLoader.types.keys.sorted())
                    + "; known: \(IntentDefinitionLoader.types.keys.sorted().joined(separator: ", "))")
            return nil
        }
        if let enumName = reader.optionalString(dict["INIntentParameterEnumType"], join(path, "INIntentParameterEnumType")) {
            guard let values = enums[enumName] else {
                reader.error(
                    join(path, "INIntentParameterEnumType"), "unknown enum '\(enumName)'" + Suggestions.didYouMean(enumName, in: enums.keys.sorted()))
                return nil
            }
            type = .enumeration(values.map(\.name))
            enumTerms["\(intent).\(name)"] = values.enumerated().map { index, value in
                VocabularyTerm(identifier: value.name, phrases: [.init(text: value.display)], priority: index)
            }
        }
        let multiple = dict["INIntentParameterSupportsMultipleValues"] as? Bool ?? false
        let required = dict["INIntentParameterRequired"] as? Bool ?? false
        return ParameterSchema(name, type, multiple: multiple, required: required)
    }

    private func responseCodes(_ reader: inout PlistReader, _ value: Any?, _ path: String) -> [ResponseCodeSchema] {
        guard value != nil, let response = reader.dictionary(value, path) else { return [] }
        let parameters = (response["INIntentResponseParameters"] as? [[String: Any]] ?? []).compactMap {
            $0["INIntentResponseParameterName"] as? String
        }
        guard response["INIntentResponseCodes"] != nil,
            let list = reader.array(response["INIntentResponseCodes"], join(path, "INIntentResponseCodes"))
        else { return [] }
        var codes: [ResponseCodeSchema] = []
        for (index, item) in list.enumerated() {
            let codePath = join(join(path, "INIntentResponseCodes"), index)
            guard let dict = reader.dictionary(item, codePath),
                let name = reader.string(dict["INIntentResponseCodeName"], join(codePath, "INIntentResponseCodeName"))
            else { continue }
            if codes.contains(where: { $0.name == name }) {
                reader.error(join(codePath, "INIntentResponseCodeName"), "response code '\(name)' is declared twice")
                continue
            }
            let format = reader.optionalString(dict["INIntentResponseCodeFormatString"], join(codePath, "INIntentResponseCodeFormatString"))
            for used in IntentDefinitionLoader.placeholders(format ?? "") where !parameters.contains(used) {
                reader.error(
                    join(codePath, "INIntentResponseCodeFormatString"),
                    "uses ${\(used)}, which is not a declared response parameter"
                        + Suggestions.didYouMean(used, in: parameters))
            }
            codes.append(ResponseCodeSchema(name: name, isSuccess: dict["INIntentResponseCodeSuccess"] as? Bool ?? false, formatString: format))
        }
        return codes
    }

    /// The `${name}` placeholders of a format string.
    static func placeholders(_ format: String) -> [String] {
        var names: [String] = []
        var rest = Substring(format)
        while let open = rest.range(of: "${"), let close = rest[open.upperBound...].firstIndex(of: "}") {
            names.append(String(rest[open.upperBound..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}

import Foundation
import IntentParseBase
import IntentParseYAML
import Yams

extension Schema {
    /// The file in a grammars folder, beside its locale folders, that adds to SiriKit's schema.
    package static let extensionFileName = "schema.yaml"

    /// The embedded schema file's name in diagnostics.
    package static let siriKitFileName = "SiriKit.yaml"

    /// SiriKit's schema: `SiriKit.yaml`, embedded in the binary at build time and read once per
    /// process. Throws `DiagnosticError` when that file has errors (a test keeps such a file
    /// from shipping).
    package static func siriKit() throws -> Schema { try shipped.get() }

    private static let shipped = Result<Schema, any Error> {
        try Schema().adding(text: String(decoding: PackageResources.SiriKit_yaml, as: UTF8.self), file: siriKitFileName)
    }

    /// SiriKit's schema plus what the grammars folder's `schema.yaml` adds, when it has one.
    package static func siriKit(extendedBy grammars: URL) throws -> Schema {
        let shipped = try siriKit()
        let url = grammars.appendingPathComponent(extensionFileName)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { return shipped }
        return try shipped.adding(file: url)
    }

    /// This schema plus a schema file's vocabulary types, enumerations, domains and intents.
    /// Throws `DiagnosticError` with every problem (file:line:col) when the file has errors;
    /// an intent this schema has already is one.
    package func adding(file url: URL) throws -> Schema {
        var reader = YAMLReader(file: url.path)
        guard let root = reader.root(of: url) else { throw DiagnosticError(reader.log.diagnostics) }
        return try adding(root, reader: reader)
    }

    /// The same for a file's text; `file` names it in diagnostics.
    package func adding(text: String, file: String) throws -> Schema {
        var reader = YAMLReader(file: file)
        guard let root = reader.root(ofText: text) else { throw DiagnosticError(reader.log.diagnostics) }
        return try adding(root, reader: reader)
    }

    private func adding(_ root: Node, reader: YAMLReader) throws -> Schema {
        var file = SchemaFileReader(reader: reader, schema: self)
        file.read(root)
        try file.reader.log.throwIfErrors()
        return file.schema
    }
}

/// Reads one schema file onto a schema, reporting every problem at its line and column:
///
///     vocabularyTypes: [contactName, ...]
///     enumerations: {taskStatus: [completed, notCompleted]}
///     domains:
///       payments:
///         requiresUnlockedDevice: true          # rules for every intent of the domain
///         intents:
///           INSendPaymentIntent:
///             asksForConfirmation: true         # rules for this intent
///             parameters:
///               payee: {type: person, required: true, vocabulary: contactName}
///               status: {type: enumeration, values: taskStatus}   # or values: [a, b]
struct SchemaFileReader {
    typealias Pair = (key: String, keyNode: Node, value: Node)

    var reader: YAMLReader
    var schema: Schema
    /// The intents this file declares, with where.
    private var declared: [String: SourceLocation] = [:]

    static let fileKeys = ["vocabularyTypes", "enumerations", "domains"]
    static let domainKeys = ["requiresUnlockedDevice", "asksForConfirmation", "intents"]
    static let intentKeys = ["requiresUnlockedDevice", "asksForConfirmation", "parameters"]
    static let parameterKeys = ["type", "values", "multiple", "required", "vocabulary", "unlessGiven"]
    /// Names no parameter may take: `missing` lists an unknown app as "app".
    static let reservedParameters = ["app"]

    init(reader: YAMLReader, schema: Schema) {
        self.reader = reader
        self.schema = schema
    }

    /// Vocabulary types and enumerations are read first, as parameters refer to them.
    mutating func read(_ root: Node) {
        guard let pairs = reader.mapping(root, "a schema file") else { return }
        reader.checkKeys(pairs, allowed: Self.fileKeys, in: "a schema file")
        for key in Self.fileKeys {
            guard let node = pairs.first(where: { $0.key == key })?.value else { continue }
            switch key {
            case "vocabularyTypes": readVocabularyTypes(node)
            case "enumerations": readEnumerations(node)
            default: readDomains(node)
            }
        }
    }

    // MARK: Vocabulary types and enumerations

    private mutating func readVocabularyTypes(_ node: Node) {
        for (name, item) in reader.strings(node, "vocabularyTypes") where checkName(name, item, "a vocabulary type") {
            if schema.vocabularyTypes.contains(name) {
                reader.error(item, "vocabulary type '\(name)' is already declared")
            } else {
                schema.add(vocabularyType: name)
            }
        }
    }

    private mutating func readEnumerations(_ node: Node) {
        for pair in fields(node, "enumerations") where checkName(pair.key, pair.keyNode, "an enumeration name") {
            if schema.enumerations[pair.key] != nil {
                reader.error(pair.keyNode, "enumeration '\(pair.key)' is already declared")
            } else if let values = values(pair.value, "enumeration '\(pair.key)'") {
                schema.add(enumeration: pair.key, values: values)
            }
        }
    }

    /// A list of distinct values, at least one.
    private mutating func values(_ node: Node, _ what: String) -> [String]? {
        guard let items = reader.sequence(node, "the values of \(what)") else { return nil }
        var values: [String] = []
        for item in items {
            guard let value = reader.string(item, "a value of \(what)") else { return nil }
            if values.contains(value) {
                reader.error(item, "\(what) has the value '\(value)' twice")
                return nil
            }
            values.append(value)
        }
        if values.isEmpty { reader.error(node, "\(what) has no values") }
        return values.isEmpty ? nil : values
    }

    // MARK: Domains and intents

    private mutating func readDomains(_ node: Node) {
        for pair in fields(node, "domains") where checkName(pair.key, pair.keyNode, "a domain name") {
            readDomain(Domain(rawValue: pair.key), pair.value)
        }
    }

    /// A domain declared before (by the shipped schema) takes new intents, but keeps its rules.
    private mutating func readDomain(_ name: Domain, _ node: Node) {
        let pairs = fields(node, "domain '\(name)'")
        reader.checkKeys(pairs, allowed: Self.domainKeys, in: "domain '\(name)'")
        let isNew = schema.domains[name] == nil
        var domain = schema.rules(of: name)
        for pair in pairs where pair.key != "intents" && Self.domainKeys.contains(pair.key) {
            guard isNew else {
                reader.error(pair.keyNode, "domain '\(name)' is already declared, with its rules; set '\(pair.key)' on the intents this file adds")
                continue
            }
            guard let value = rule(pair) else { continue }
            if pair.key == "requiresUnlockedDevice" { domain.requiresUnlockedDevice = value } else { domain.asksForConfirmation = value }
        }
        schema.add(domain)
        if let intents = pairs.first(where: { $0.key == "intents" }) { readIntents(intents.value, domain: domain) }
    }

    private mutating func readIntents(_ node: Node, domain: DomainSchema) {
        for pair in fields(node, "the intents of domain '\(domain.name)'") where checkName(pair.key, pair.keyNode, "an intent name") {
            if let earlier = declared[pair.key] {
                reader.error(pair.keyNode, "intent '\(pair.key)' is already declared at \(earlier)")
                continue
            }
            if let existing = schema[pair.key] {
                reader.error(
                    pair.keyNode, "intent '\(pair.key)' is already in the schema (domain '\(existing.domain)'); a schema file adds new intents only")
                continue
            }
            declared[pair.key] = reader.location(pair.keyNode)
            schema.add(readIntent(pair.key, pair.value, domain: domain))
        }
    }

    /// An intent follows its domain's rules unless it states its own.
    private mutating func readIntent(_ name: String, _ node: Node, domain: DomainSchema) -> IntentSchema {
        let pairs = fields(node, "intent '\(name)'")
        reader.checkKeys(pairs, allowed: Self.intentKeys, in: "intent '\(name)'")
        var intent = IntentSchema(name, in: domain, [])
        for pair in pairs {
            switch pair.key {
            case "parameters": intent.parameters = readParameters(pair.value, intent: name)
            case "requiresUnlockedDevice": intent.requiresUnlockedDevice = rule(pair) ?? intent.requiresUnlockedDevice
            case "asksForConfirmation": intent.asksForConfirmation = rule(pair) ?? intent.asksForConfirmation
            default: break
            }
        }
        return intent
    }

    /// A `requiresUnlockedDevice` or `asksForConfirmation` value.
    private mutating func rule(_ pair: Pair) -> Bool? { flag(pair.value, pair.key) }

    // MARK: Parameters

    private mutating func readParameters(_ node: Node, intent: String) -> [ParameterSchema] {
        let pairs = fields(node, "the parameters of \(intent)")
        var parameters: [ParameterSchema] = []
        var excuses: [(parameter: String, other: String, node: Node)] = []
        for pair in pairs where checkName(pair.key, pair.keyNode, "a parameter name") {
            if Self.reservedParameters.contains(pair.key) {
                reader.error(pair.keyNode, "'\(pair.key)' is no parameter name: results list an unknown app as the missing '\(pair.key)'")
            } else if let parameter = readParameter(pair.key, pair.value, intent: intent, excuses: &excuses) {
                parameters.append(parameter)
            }
        }
        let names = pairs.map(\.key)
        for excuse in excuses where excuse.other == excuse.parameter || !names.contains(excuse.other) {
            let others = names.filter { $0 != excuse.parameter }
            reader.error(
                excuse.node, "unlessGiven: \(intent) has no other parameter '\(excuse.other)'" + Suggestions.didYouMean(excuse.other, in: others))
        }
        return parameters
    }

    private mutating func readParameter(
        _ name: String, _ node: Node, intent: String,
        excuses: inout [(parameter: String, other: String, node: Node)]
    ) -> ParameterSchema? {
        let what = "parameter \(intent).\(name)"
        guard let pairs = reader.mapping(node, what) else { return nil }
        var fields: [String: Node] = [:]
        for pair in pairs {
            if Self.parameterKeys.contains(pair.key) {
                fields[pair.key] = pair.value
            } else {
                reader.error(pair.keyNode, "unknown key '\(pair.key)' in \(what)" + Suggestions.didYouMean(pair.key, in: Self.parameterKeys))
            }
        }
        guard let typeNode = fields["type"] else {
            reader.error(node, "\(what) has no 'type'")
            return nil
        }
        guard let type = valueType(typeNode, values: fields["values"], what) else { return nil }
        var parameter = ParameterSchema(name, type)
        parameter.isMultiValued = fields["multiple"].flatMap { flag($0, "multiple") } ?? false
        parameter.isRequired = fields["required"].flatMap { flag($0, "required") } ?? false
        parameter.vocabulary = fields["vocabulary"].flatMap { vocabularyType($0, what) }
        if let node = fields["unlessGiven"] {
            if !parameter.isRequired { reader.error(node, "unlessGiven: \(what) is not required, so nothing excuses it") }
            for (other, item) in reader.strings(node, "unlessGiven") {
                parameter.unlessGiven.append(other)
                excuses.append((name, other, item))
            }
        }
        return parameter
    }

    /// A type by its name; `enumeration` takes `values`, a list or an enumeration's name.
    private mutating func valueType(_ node: Node, values: Node?, _ what: String) -> ValueType? {
        guard let name = reader.string(node, "the type of \(what)") else { return nil }
        if name == ValueType.enumerationName {
            guard let values else {
                reader.error(node, "\(what) is an enumeration: give its 'values', a list or the name of one of the file's enumerations")
                return nil
            }
            return enumerationValues(values, what).map(ValueType.enumeration)
        }
        guard let type = ValueType.names[name] else {
            let known = (Array(ValueType.names.keys) + [ValueType.enumerationName]).sorted()
            reader.error(node, "unknown type '\(name)'" + Suggestions.didYouMean(name, in: known) + "; known: \(known.joined(separator: ", "))")
            return nil
        }
        if let values { reader.error(values, "\(what) is no enumeration: only an enumeration takes 'values'") }
        return type
    }

    private mutating func enumerationValues(_ node: Node, _ what: String) -> [String]? {
        guard let scalar = node.scalar else { return values(node, what) }
        guard let values = schema.enumerations[scalar.string] else {
            reader.error(
                node, "unknown enumeration '\(scalar.string)'" + Suggestions.didYouMean(scalar.string, in: schema.enumerations.keys.sorted()))
            return nil
        }
        return values
    }

    private mutating func vocabularyType(_ node: Node, _ what: String) -> String? {
        guard let name = reader.string(node, "the vocabulary of \(what)") else { return nil }
        guard schema.vocabularyTypes.contains(name) else {
            reader.error(node, "unknown vocabulary type '\(name)'" + Suggestions.didYouMean(name, in: schema.vocabularyTypes))
            return nil
        }
        return name
    }

    // MARK: Helpers

    /// A mapping's pairs; an empty value (`INGetRideStatusIntent:`) has none.
    private mutating func fields(_ node: Node, _ what: String) -> [Pair] {
        if let scalar = node.scalar, scalar.style == .plain, ["", "null", "~"].contains(scalar.string) { return [] }
        return reader.mapping(node, what) ?? []
    }

    private mutating func flag(_ node: Node, _ key: String) -> Bool? {
        guard case .boolean(let value)? = reader.scalarValue(node) else {
            reader.error(node, "'\(key)' must be true or false")
            return nil
        }
        return value
    }

    /// Names are letters, digits and `_`, not starting with a digit: a parameter path
    /// ("INAddTasksIntent.targetTaskList") splits at the dot.
    private mutating func checkName(_ name: String, _ node: Node, _ what: String) -> Bool {
        let isName = Self.isName(name)
        if !isName { reader.error(node, "\(what) must be letters, digits and _ (not '\(name)')") }
        return isName
    }

    /// Letters, digits and `_`, not starting with a digit (ASCII ones checked without a table).
    static func isName(_ name: String) -> Bool {
        func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            guard !scalar.isASCII else {
                return scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            }
            return scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
        }
        guard let first = name.unicodeScalars.first, first.properties.numericType != .decimal else { return false }
        return name.unicodeScalars.allSatisfy(isNameScalar)
    }
}

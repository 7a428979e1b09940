// The intent schema: domains, intents and their typed parameters, in SiriKit's names.
//
// Grammars and vocabulary are validated against it (unknown intent or parameter names are
// errors), the matcher uses it to split multi-valued parameters and type values, and the dialogue
// asks for required parameters in `parameters` order. It is data: `SiriKit.yaml` (embedded in
// the binary), plus a grammars folder's `schema.yaml` and apps' custom intents.

/// A domain's name, as the schema file declares it and results print it ("messaging").
public struct Domain: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name.
    public var rawValue: String

    /// The domain named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The domain named by the literal.
    public init(stringLiteral value: String) { rawValue = value }

    /// The name.
    public var description: String { rawValue }

    /// By name.
    public static func < (a: Domain, b: Domain) -> Bool { a.rawValue < b.rawValue }

    /// Where apps' custom intents (Intents.intentdefinition) and user-activity shortcuts are.
    public static let custom: Domain = "custom"
}

/// A domain and the rules SiriKit states for all its intents; an intent may state its own.
package struct DomainSchema: Sendable, Hashable {
    package var name: Domain
    /// Its intents need an unlocked device (an authenticated user), unless one says otherwise.
    package var requiresUnlockedDevice: Bool
    /// The dialogue asks "Ready to …?" before handling its intents, unless one says otherwise.
    package var asksForConfirmation: Bool

    package init(_ name: Domain, requiresUnlockedDevice: Bool = false, asksForConfirmation: Bool = false) {
        self.name = name
        self.requiresUnlockedDevice = requiresUnlockedDevice
        self.asksForConfirmation = asksForConfirmation
    }
}

/// What kind of value a parameter holds, and so how its `value` is typed in the output.
package enum ValueType: Sendable, Hashable {
    case person
    case string
    case speakableString
    case taskList
    case task
    case note
    /// A closed set of enum case names (`completed`, `notCompleted`).
    case enumeration([String])
    case number
    case integer
    case boolean
    /// A place ("home", "the airport"): spoken text, resolved by the app.
    case location
    /// An amount with an ISO currency code.
    case currencyAmount
    case dateTime
    case dateTimeRange
    case duration

    /// Types whose values are names a person says (resolved against vocabulary in dialogue).
    package var isNamed: Bool {
        switch self {
        case .person, .speakableString, .taskList, .task, .note: return true
        default: return false
        }
    }

    /// Types whose values must be one of the known terms: a message can only go to a contact.
    /// NB: list, task and note titles stay open, because user vocabulary is a recognition hint
    /// (SiriKit's INVocabulary), not a complete inventory of an app's lists and tasks.
    package var isClosed: Bool { self == .person }
}

extension ValueType {
    /// The name a schema file gives a type, for every type but `enumeration` (which takes
    /// `values:` besides).
    package static let names: [String: ValueType] = [
        "person": .person, "string": .string, "speakableString": .speakableString, "taskList": .taskList, "task": .task,
        "note": .note, "number": .number, "integer": .integer, "boolean": .boolean, "location": .location,
        "currencyAmount": .currencyAmount, "dateTime": .dateTime, "dateTimeRange": .dateTimeRange, "duration": .duration
    ]

    /// The name a schema file uses for an enumeration type.
    package static let enumerationName = "enumeration"
}

package struct ParameterSchema: Sendable, Hashable {
    package var name: String
    package var type: ValueType
    package var isMultiValued: Bool
    package var isRequired: Bool
    /// The `INVocabularyStringType` case whose user vocabulary names this parameter's values.
    package var vocabulary: String?
    /// A required parameter is not missing when one of these is given (a message goes to
    /// recipients or to a group).
    package var unlessGiven: [String]

    package init(
        _ name: String, _ type: ValueType, multiple: Bool = false, required: Bool = false, vocabulary: String? = nil,
        unlessGiven: [String] = []
    ) {
        self.name = name
        self.type = type
        self.isMultiValued = multiple
        self.isRequired = required
        self.vocabulary = vocabulary
        self.unlessGiven = unlessGiven
    }
}

/// A response code an intent's handler may answer with, and what to say then.
package struct ResponseCodeSchema: Sendable, Hashable {
    package var name: String
    package var isSuccess: Bool
    /// "Sorry, ${kind} is sold out." — `${name}` placeholders name response parameters.
    package var formatString: String?

    package init(name: String, isSuccess: Bool, formatString: String?) {
        self.name = name
        self.isSuccess = isSuccess
        self.formatString = formatString
    }
}

package struct IntentSchema: Sendable, Hashable {
    package var name: String
    package var domain: Domain
    /// In the order the dialogue resolves them.
    package var parameters: [ParameterSchema]
    /// Custom response codes (custom intents); SiriKit's own codes are always allowed.
    package var responseCodes: [ResponseCodeSchema]
    /// The app that defines it (custom intents), by bundle identifier.
    package var definedBy: String?
    /// It needs an unlocked device (SiriKit: payments and ride booking); an app adds intents
    /// with Info.plist's IntentsRestrictedWhileLocked.
    package var requiresUnlockedDevice: Bool
    /// The dialogue asks "Ready to …?" before handling it (SiriKit: before money moves, a ride
    /// is requested or a message is sent).
    package var asksForConfirmation: Bool
    /// False for an intent that no app handles (a hassil grammar's own, `HassTurnOn`): no app
    /// is chosen for it, and none is missing.
    package var needsApp = true

    package init(
        _ name: String, _ domain: Domain, _ parameters: [ParameterSchema], responseCodes: [ResponseCodeSchema] = [], definedBy: String? = nil,
        requiresUnlockedDevice: Bool = false, asksForConfirmation: Bool = false
    ) {
        self.name = name
        self.domain = domain
        self.parameters = parameters
        self.responseCodes = responseCodes
        self.definedBy = definedBy
        self.requiresUnlockedDevice = requiresUnlockedDevice
        self.asksForConfirmation = asksForConfirmation
    }

    /// An intent of `domain` that follows the domain's rules.
    package init(
        _ name: String, in domain: DomainSchema, _ parameters: [ParameterSchema], responseCodes: [ResponseCodeSchema] = [], definedBy: String? = nil
    ) {
        self.init(
            name, domain.name, parameters, responseCodes: responseCodes, definedBy: definedBy,
            requiresUnlockedDevice: domain.requiresUnlockedDevice, asksForConfirmation: domain.asksForConfirmation)
    }

    package func parameter(_ name: String) -> ParameterSchema? {
        parameters.first { $0.name == name }
    }

    package var requiredParameters: [ParameterSchema] { parameters.filter(\.isRequired) }

    /// Required parameters not given, in order, where `isGiven(i)` says whether `parameters[i]`
    /// has a value: `missing(given:)` without comparing names.
    package func missing(isGiven: (Int) -> Bool) -> [String] {
        missing(isGiven: isGiven, isNamedGiven: { name in parameters.firstIndex { $0.name == name }.map(isGiven) ?? false })
    }

    /// Required parameters not among `given`, in order.
    package func missing(given: some Collection<String>) -> [String] {
        missing(isGiven: { given.contains(parameters[$0].name) }, isNamedGiven: given.contains)
    }

    /// What a result's `missing` lists: "app" first when no app was chosen, then the required
    /// parameters not given (`isGiven(i)`: whether `parameters[i]` has a value). Parses and
    /// conversations both report it from here.
    package func missing(appKnown: Bool, isGiven: (Int) -> Bool) -> [String] {
        (appKnown || !needsApp ? [] : ["app"]) + missing(isGiven: isGiven)
    }

    /// `missing(appKnown:isGiven:)` with the given parameters by name.
    package func missing(appKnown: Bool, given: some Collection<String>) -> [String] {
        (appKnown || !needsApp ? [] : ["app"]) + missing(given: given)
    }

    /// Required parameters not given (`isGiven` by index) and not excused by one of their
    /// `unlessGiven` (`isNamedGiven` by name).
    private func missing(isGiven: (Int) -> Bool, isNamedGiven: (String) -> Bool) -> [String] {
        var missing: [String] = []
        for (index, parameter) in parameters.enumerated()
        where parameter.isRequired && !isGiven(index) && !parameter.unlessGiven.contains(where: isNamedGiven) {
            missing.append(parameter.name)
        }
        return missing
    }
}

/// A set of intents by name: SiriKit's built-in ones plus any custom intents an app defines,
/// with the domains, vocabulary types and named enumerations their files declare.
package struct Schema: Sendable {
    package private(set) var intents: [String: IntentSchema]
    package private(set) var domains: [Domain: DomainSchema]
    /// The `INVocabularyStringType` case names a user vocabulary file or a `vocabulary:` key
    /// may use, in the order the files give them.
    package private(set) var vocabularyTypes: [String]
    /// Value sets by name, which enumeration parameters in schema files refer to.
    package private(set) var enumerations: [String: [String]]

    package init(_ intents: [IntentSchema] = [], domains: [DomainSchema] = [], vocabularyTypes: [String] = [], enumerations: [String: [String]] = [:])
    {
        self.intents = Dictionary(intents.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.domains = Dictionary(domains.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.vocabularyTypes = vocabularyTypes
        self.enumerations = enumerations
    }

    package subscript(name: String) -> IntentSchema? { intents[name] }

    package var intentNames: [String] { intents.keys.sorted() }

    package mutating func add(_ intent: IntentSchema) { intents[intent.name] = intent }

    /// The schema with `more` intents; one already there keeps its parameters and gains the
    /// new one's (the same schema-less intent in several locales' grammars).
    package func including(_ more: [IntentSchema]) -> Schema {
        var result = self
        for intent in more {
            guard var known = result.intents[intent.name] else {
                result.intents[intent.name] = intent
                continue
            }
            for parameter in intent.parameters where known.parameter(parameter.name) == nil { known.parameters.append(parameter) }
            result.intents[intent.name] = known
        }
        return result
    }

    package mutating func add(_ domain: DomainSchema) { domains[domain.name] = domain }

    package mutating func add(vocabularyType: String) { vocabularyTypes.append(vocabularyType) }

    package mutating func add(enumeration name: String, values: [String]) { enumerations[name] = values }

    /// A domain's rules; a domain no file declares has none.
    package func rules(of domain: Domain) -> DomainSchema { domains[domain] ?? DomainSchema(domain) }

    /// The intents whose dialogue asks "Ready to …?" before handling them.
    package var intentsAskingForConfirmation: Set<String> {
        Set(intents.values.filter(\.asksForConfirmation).map(\.name))
    }

    /// This schema plus `custom`; nil with the clashing name when one is already defined.
    package func adding(_ custom: [IntentSchema]) -> (Schema, clash: String?) {
        var result = self
        for intent in custom {
            if result.intents[intent.name] != nil { return (self, intent.name) }
            result.add(intent)
        }
        return (result, nil)
    }

    /// Resolves "INAddTasksIntent.targetTaskList" to its intent and parameter.
    package func parameter(path: String) -> (IntentSchema, ParameterSchema)? {
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, let intent = intents[parts[0]], let parameter = intent.parameter(parts[1]) else { return nil }
        return (intent, parameter)
    }
}

// The intent schema: domains, intents and their typed parameters, in SiriKit's names.
//
// Grammars and vocabulary are validated against it (unknown intent or parameter names are
// errors), the matcher uses it to split multi-valued parameters and type values, and the dialogue
// asks for required parameters in `parameters` order. It is data: `SiriKit.yaml` (embedded in
// the binary), plus a grammars folder's `schema.yaml` and apps' custom intents.

/// A domain's name, as the schema file declares it and results print it ("messaging").
public struct Domain: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public init(stringLiteral value: String) { rawValue = value }

    public var description: String { rawValue }

    public static func < (a: Domain, b: Domain) -> Bool { a.rawValue < b.rawValue }

    /// Where apps' custom intents (Intents.intentdefinition) and user-activity shortcuts are.
    public static let custom: Domain = "custom"
}

/// A domain and the rules SiriKit states for all its intents; an intent may state its own.
public struct DomainSchema: Sendable, Hashable {
    public var name: Domain
    /// Its intents need an unlocked device (an authenticated user), unless one says otherwise.
    public var requiresUnlockedDevice: Bool
    /// The dialogue asks "Ready to …?" before handling its intents, unless one says otherwise.
    public var asksForConfirmation: Bool

    public init(_ name: Domain, requiresUnlockedDevice: Bool = false, asksForConfirmation: Bool = false) {
        self.name = name
        self.requiresUnlockedDevice = requiresUnlockedDevice
        self.asksForConfirmation = asksForConfirmation
    }
}

/// What kind of value a parameter holds, and so how its `value` is typed in the output.
public enum ValueType: Sendable, Hashable {
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
    public var isNamed: Bool {
        switch self {
        case .person, .speakableString, .taskList, .task, .note: return true
        default: return false
        }
    }

    /// Types whose values must be one of the known terms: a message can only go to a contact.
    /// NB: list, task and note titles stay open, because user vocabulary is a recognition hint
    /// (SiriKit's INVocabulary), not a complete inventory of an app's lists and tasks.
    public var isClosed: Bool { self == .person }
}

extension ValueType {
    /// The name a schema file gives a type, for every type but `enumeration` (which takes
    /// `values:` besides).
    public static let names: [String: ValueType] = [
        "person": .person, "string": .string, "speakableString": .speakableString, "taskList": .taskList, "task": .task,
        "note": .note, "number": .number, "integer": .integer, "boolean": .boolean, "location": .location,
        "currencyAmount": .currencyAmount, "dateTime": .dateTime, "dateTimeRange": .dateTimeRange, "duration": .duration,
    ]

    /// The name a schema file uses for an enumeration type.
    public static let enumerationName = "enumeration"
}

public struct ParameterSchema: Sendable, Hashable {
    public var name: String
    public var type: ValueType
    public var isMultiValued: Bool
    public var isRequired: Bool
    /// The `INVocabularyStringType` case whose user vocabulary names this parameter's values.
    public var vocabulary: String?
    /// A required parameter is not missing when one of these is given (a message goes to
    /// recipients or to a group).
    public var unlessGiven: [String]

    public init(_ name: String, _ type: ValueType, multiple: Bool = false, required: Bool = false, vocabulary: String? = nil,
                unlessGiven: [String] = []) {
        self.name = name
        self.type = type
        self.isMultiValued = multiple
        self.isRequired = required
        self.vocabulary = vocabulary
        self.unlessGiven = unlessGiven
    }
}

/// A response code an intent's handler may answer with, and what to say then.
public struct ResponseCodeSchema: Sendable, Hashable {
    public var name: String
    public var isSuccess: Bool
    /// "Sorry, ${kind} is sold out." — `${name}` placeholders name response parameters.
    public var formatString: String?

    public init(name: String, isSuccess: Bool, formatString: String?) {
        self.name = name
        self.isSuccess = isSuccess
        self.formatString = formatString
    }
}

public struct IntentSchema: Sendable, Hashable {
    public var name: String
    public var domain: Domain
    /// In the order the dialogue resolves them.
    public var parameters: [ParameterSchema]
    /// Custom response codes (custom intents); SiriKit's own codes are always allowed.
    public var responseCodes: [ResponseCodeSchema]
    /// The app that defines it (custom intents), by bundle identifier.
    public var definedBy: String?
    /// It needs an unlocked device (SiriKit: payments and ride booking); an app adds intents
    /// with Info.plist's IntentsRestrictedWhileLocked.
    public var requiresUnlockedDevice: Bool
    /// The dialogue asks "Ready to …?" before handling it (SiriKit: before money moves, a ride
    /// is requested or a message is sent).
    public var asksForConfirmation: Bool

    public init(_ name: String, _ domain: Domain, _ parameters: [ParameterSchema], responseCodes: [ResponseCodeSchema] = [], definedBy: String? = nil,
                requiresUnlockedDevice: Bool = false, asksForConfirmation: Bool = false) {
        self.name = name
        self.domain = domain
        self.parameters = parameters
        self.responseCodes = responseCodes
        self.definedBy = definedBy
        self.requiresUnlockedDevice = requiresUnlockedDevice
        self.asksForConfirmation = asksForConfirmation
    }

    /// An intent of `domain` that follows the domain's rules.
    public init(_ name: String, in domain: DomainSchema, _ parameters: [ParameterSchema], responseCodes: [ResponseCodeSchema] = [], definedBy: String? = nil) {
        self.init(name, domain.name, parameters, responseCodes: responseCodes, definedBy: definedBy,
                  requiresUnlockedDevice: domain.requiresUnlockedDevice, asksForConfirmation: domain.asksForConfirmation)
    }

    public func parameter(_ name: String) -> ParameterSchema? {
        parameters.first { $0.name == name }
    }

    public var requiredParameters: [ParameterSchema] { parameters.filter(\.isRequired) }

    /// Required parameters not given, in order, where `isGiven(i)` says whether `parameters[i]`
    /// has a value: `missing(given:)` without comparing names.
    public func missing(isGiven: (Int) -> Bool) -> [String] {
        missing(isGiven: isGiven, isNamedGiven: { name in parameters.firstIndex { $0.name == name }.map(isGiven) ?? false })
    }

    /// Required parameters not among `given`, in order.
    public func missing(given: some Collection<String>) -> [String] {
        missing(isGiven: { given.contains(parameters[$0].name) }, isNamedGiven: given.contains)
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
public struct Schema: Sendable {
    public private(set) var intents: [String: IntentSchema]
    public private(set) var domains: [Domain: DomainSchema]
    /// The `INVocabularyStringType` case names a user vocabulary file or a `vocabulary:` key
    /// may use, in the order the files give them.
    public private(set) var vocabularyTypes: [String]
    /// Value sets by name, which enumeration parameters in schema files refer to.
    public private(set) var enumerations: [String: [String]]

    public init(_ intents: [IntentSchema] = [], domains: [DomainSchema] = [], vocabularyTypes: [String] = [], enumerations: [String: [String]] = [:]) {
        self.intents = Dictionary(intents.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.domains = Dictionary(domains.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.vocabularyTypes = vocabularyTypes
        self.enumerations = enumerations
    }

    public subscript(name: String) -> IntentSchema? { intents[name] }

    public var intentNames: [String] { intents.keys.sorted() }

    public mutating func add(_ intent: IntentSchema) { intents[intent.name] = intent }

    public mutating func add(_ domain: DomainSchema) { domains[domain.name] = domain }

    public mutating func add(vocabularyType: String) { vocabularyTypes.append(vocabularyType) }

    public mutating func add(enumeration name: String, values: [String]) { enumerations[name] = values }

    /// A domain's rules; a domain no file declares has none.
    public func rules(of domain: Domain) -> DomainSchema { domains[domain] ?? DomainSchema(domain) }

    /// The intents whose dialogue asks "Ready to …?" before handling them.
    public var intentsAskingForConfirmation: Set<String> {
        Set(intents.values.filter(\.asksForConfirmation).map(\.name))
    }

    /// This schema plus `custom`; nil with the clashing name when one is already defined.
    public func adding(_ custom: [IntentSchema]) -> (Schema, clash: String?) {
        var result = self
        for intent in custom {
            if result.intents[intent.name] != nil { return (self, intent.name) }
            result.add(intent)
        }
        return (result, nil)
    }

    /// Resolves "INAddTasksIntent.targetTaskList" to its intent and parameter.
    public func parameter(path: String) -> (IntentSchema, ParameterSchema)? {
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, let intent = intents[parts[0]], let parameter = intent.parameter(parts[1]) else { return nil }
        return (intent, parameter)
    }
}

import IntentParseBase
import IntentParseSchema

/// SiriKit's resolution results, one per parameter value.
public enum ResolutionResult: Sendable, Equatable {
    case success(SlotValue)
    /// 2 to 10 candidates, most likely first.
    case disambiguation([SlotValue])
    /// One inexact match: ask "Did you mean …?".
    case confirmationRequired(SlotValue)
    /// Required and missing.
    case needsValue
    /// More matches than can be listed.
    case needsMoreDetails(count: Int)
    /// The value cannot be used; ask for another one.
    case unsupported(reason: String)
    /// The parameter does not apply: drop what was said.
    case notRequired
}

/// Codes a handler answers confirm and handle with; custom codes come from intent definitions.
public struct ResponseCode: RawRepresentable, Codable, Sendable, Hashable, CustomStringConvertible {
    /// The code's name (`success`, or a custom code of the intent definition).
    public var rawValue: String
    /// The code named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The code named `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Confirm: the request can be handled.
    public static let ready = ResponseCode("ready")
    /// Handle: the app has started the work.
    public static let inProgress = ResponseCode("inProgress")
    /// Handle: done.
    public static let success = ResponseCode("success")
    /// Confirm or handle: it cannot be done.
    public static let failure = ResponseCode("failure")
    /// Handle: the user must go on in the app.
    public static let failureRequiringAppLaunch = ResponseCode("failureRequiringAppLaunch")
    /// No code given.
    public static let unspecified = ResponseCode("unspecified")

    /// SiriKit's codes; any other is a custom failure code.
    public static let builtIn: [ResponseCode] = [.ready, .inProgress, .success, .failure, .failureRequiringAppLaunch, .unspecified]

    /// Codes that end a request unsuccessfully.
    public var isFailure: Bool { self == .failure || self == .failureRequiringAppLaunch || !ResponseCode.builtIn.contains(self) }

    /// The code's name.
    public var description: String { rawValue }
}

/// What confirm or handle answered.
public struct IntentResponse: Codable, Sendable, Equatable {
    /// The outcome.
    public var code: ResponseCode
    /// A sentence for the user; nil: the engine uses the language's response template.
    public var text: String?

    /// A response with `code` and, optionally, the sentence to say.
    public init(code: ResponseCode, text: String? = nil) {
        self.code = code
        self.text = text
    }
}

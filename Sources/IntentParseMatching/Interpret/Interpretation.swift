import IntentParseBase
import IntentParseGrammar
import IntentParseNormalization
import IntentParseSchema
import IntentParseVocabulary

/// How the app of an interpretation was found.
public enum AppSource: String, Sendable {
    /// Named in the utterance.
    case named
    /// Given as context (`--app`).
    case context
    /// The only loaded app that supports the intent.
    case onlySupportingApp
    /// The only supporting app whose vocabulary the utterance uses.
    case vocabulary
}

/// One reading of an utterance: an intent, its app and its parameters.
public struct Interpretation: Sendable {
    /// The intent's name: a SiriKit class name (`INSendMessageIntent`) or a custom intent's.
    public var intent: String
    /// The intent's domain (`messaging`).
    public var domain: Domain
    /// The app that handles it; nil when no app could be chosen (then `missing` starts with "app").
    public var app: AppVocabulary?
    /// How the app was chosen.
    public var appSource: AppSource?
    /// UTF-16 offsets of the app's name in the utterance, when the utterance names it.
    public var appRange: Range<Int>? = nil
    /// Confidence in [0, 1]; the best interpretation has the highest.
    public var score: Double
    /// In the intent's parameter order.
    public var parameters: [(name: String, value: ParameterValue)]
    /// Required parameters not given ("app" first when the app is unknown).
    public var missing: [String]
    /// The template that matched.
    package var template: Template
    package var isLearnedTemplate: Bool
    package var evidence: Evidence
    /// The internal ranking weight (for `explain`).
    package var weight: Double
    /// The request needs an unlocked device / an authenticated user (payments, ride booking, or
    /// the app's IntentsRestrictedWhileLocked).
    public var requiresAuthentication: Bool
    /// Read by the second matching stage (`IntentMatcher.frameReading`): no template took the
    /// line, the intent's frame cues did.
    package var isFrameReading = false
    /// Set when the utterance was a donated shortcut's voice phrase.
    package var shortcut: ShortcutMatch? = nil
    /// The match context (hassil's): what the caller gave (`MatchContext.intentContext`) with
    /// what the values matched added (a light's name adds its domain). Empty unless either
    /// gave something.
    public var context: [(key: String, value: JSONValue)] = []

    /// The value of parameter `name`, if given.
    public func parameter(_ name: String) -> ParameterValue? {
        parameters.first { $0.name == name }?.value
    }

    /// UTF-16 ranges of the names in the utterance: the app's name and the values matched in
    /// an app's vocabulary (contacts, list titles, playlists). They are the same in every
    /// language, so they are no evidence of the one the utterance is in.
    package var nameRanges: [Range<Int>] {
        var ranges = appRange.map { [$0] } ?? []
        for (_, value) in parameters {
            for slot in value.values where slot.identifier != nil {
                if let range = slot.range { ranges.append(range) }
            }
        }
        return ranges
    }
}

/// The outcome of matching one utterance.
public struct MatchResult: Sendable {
    /// The utterance as given.
    public var text: String
    /// The locale that parsed it (with every locale tried, the one that won).
    public var locale: String
    package var tokens: [Token]
    /// Best first; empty when the utterance is rejected.
    public var interpretations: [Interpretation]
    /// Why nothing matched, when `interpretations` is empty.
    public var reason: String?
    /// The requests after the first when the utterance asks for several ("add milk to my
    /// grocery list and text Bobo I'm on my way"), in the order said; each one's `text` is its
    /// own part of the utterance. Empty for one request.
    public var also: [MatchResult] = []
    /// Rejected by a match that left out reading words typed one edit from a template's
    /// (`IntentMatcher.match(_:context:typos:)`), which `readingTypos` may still find.
    package var typosUnread = false

    package init(text: String, locale: String, tokens: [Token], interpretations: [Interpretation], reason: String?) {
        self.text = text
        self.locale = locale
        self.tokens = tokens
        self.interpretations = interpretations
        self.reason = reason
    }

    /// The reason of a line that no template takes (and that nothing else rejected).
    package static let noTemplateReason = "no template matches the utterance"

    /// Whether no template took the line and nothing else rejected it: the second stage's to read.
    package var isUnmatched: Bool { interpretations.isEmpty && also.isEmpty && reason == MatchResult.noTemplateReason }

    /// The best interpretation; nil when the utterance was rejected (`reason` says why).
    public var best: Interpretation? { interpretations.first }
}

import IntentParseBase
import IntentParseNormalization
import IntentParseYAML

/// A template with where it came from.
public struct SourcedExpression: Sendable {
    public var text: String
    public var expression: Expression
    public var location: SourceLocation
    /// Column of the template's first character in its file (for carets), if known.
    public var firstColumn: Int?

    public init(text: String, expression: Expression, location: SourceLocation, firstColumn: Int?) {
        self.text = text
        self.expression = expression
        self.location = location
        self.firstColumn = firstColumn
    }

    /// The location of a character `offset` scalars into the template.
    public func location(at offset: Int) -> SourceLocation {
        var at = location
        if let firstColumn { at.column = firstColumn + offset }
        return at
    }
}

/// One sentence template for an intent.
///
/// NB: immutable and shared: every interpretation names its template, and copying one by
/// value cost a reference count per field.
public final class Template: Sendable {
    public let intent: String
    public let source: SourcedExpression
    /// `slots:` of its data block: parameters fixed whenever this template matches.
    public let fixedSlots: [(name: String, value: ScalarValue)]
    /// Index of the template in its grammar (stable across runs; used in traces).
    public let index: Int

    public init(intent: String, source: SourcedExpression, fixedSlots: [(name: String, value: ScalarValue)], index: Int) {
        self.intent = intent
        self.source = source
        self.fixedSlots = fixedSlots
        self.index = index
    }

    /// The same template at another index (grammars merged from several files).
    public func renumbered(_ index: Int) -> Template {
        Template(intent: intent, source: source, fixedSlots: fixedSlots, index: index)
    }
}

/// One value of a `values:` list: what is said (`in`, itself a template) and what it means
/// (`out`: a scalar keeping its type, or a mapping or list, as in `{event: arrive, place: home}`).
public struct ListValue: Sendable {
    public var spoken: SourcedExpression
    public var out: JSONValue

    public init(spoken: SourcedExpression, out: JSONValue) {
        self.spoken = spoken
        self.out = out
    }
}

/// A slot list: where a slot's values come from.
public struct ListDefinition: Sendable {
    public var name: String
    public var location: SourceLocation
    public var values: [ListValue] = []
    public var range: (from: Int, to: Int, step: Int)?
    /// Any words (at least one).
    public var isWildcard = false
    /// Words a wildcard value may not start with ("call me Carrie" is no call to "me Carrie").
    public var excludedFirstWords: [String] = []
    /// An INVocabularyStringType case: the app's user vocabulary.
    public var vocabulary: String?
    /// "Intent.parameter": the app's AppIntentVocabulary terms for that parameter.
    public var parameter: String?
    /// A built-in entity (`number`, ...).
    public var entity: String?

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }

    /// True when the list accepts only what it enumerates.
    public var isClosed: Bool { !isWildcard }
}

/// An expansion rule: `<name>` stands for its expression.
public struct ExpansionRule: Sendable {
    public var name: String
    public var source: SourcedExpression

    public init(name: String, source: SourcedExpression) {
        self.name = name
        self.source = source
    }
}

/// All grammar files of one locale, merged and validated.
public struct LanguageGrammar: Sendable {
    public var locale: String
    public var templates: [Template] = []
    public var lists: [String: ListDefinition] = [:]
    public var rules: [String: ExpansionRule] = [:]
    /// Filler phrases that may be dropped anywhere outside slots.
    public var skipWords: [String] = []
    public var files: [String] = []
    /// Templates for intents that neither SiriKit nor any loaded app declares (a custom intent
    /// of an app that is not loaded, or a misspelt name): set aside, never matched, and
    /// reported by `check` (an error with `--strict`).
    public var inactiveTemplates: [Template] = []
    /// How the language cuts words further than ICU (`tokens:`): elisions, suffixes after an
    /// apostrophe. The compiler, entities and dialogue tokenize the language with these rules.
    public var tokenRules = TokenRules()

    public init(locale: String) { self.locale = locale }

    /// Reserved rules: wrapped around sentences without `{app}`, and the item separator.
    public static let appPrefixRule = "app_prefix"
    public static let appSuffixRule = "app_suffix"
    public static let itemSeparatorRule = "item_separator"
    /// The built-in list of app names.
    public static let appList = "app"

    public var intents: [String] {
        Array(Set(templates.map(\.intent))).sorted()
    }
}

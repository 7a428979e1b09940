import IntentParseBase
import IntentParseNormalization
import IntentParseYAML

/// A template with where it came from.
package struct SourcedExpression: Sendable {
    package var text: String
    package var expression: Expression
    package var location: SourceLocation
    /// Column of the template's first character in its file (for carets), if known.
    package var firstColumn: Int?

    package init(text: String, expression: Expression, location: SourceLocation, firstColumn: Int?) {
        self.text = text
        self.expression = expression
        self.location = location
        self.firstColumn = firstColumn
    }

    /// The location of a character `offset` scalars into the template.
    package func location(at offset: Int) -> SourceLocation {
        var at = location
        if let firstColumn { at.column = firstColumn + offset }
        return at
    }
}

/// One sentence template for an intent.
///
/// NB: immutable and shared: every interpretation names its template, and copying one by
/// value cost a reference count per field.
package final class Template: Sendable {
    package let intent: String
    package let source: SourcedExpression
    /// `slots:` of its data block: parameters fixed whenever this template matches.
    package let fixedSlots: [(name: String, value: ScalarValue)]
    /// Index of the template in its grammar (stable across runs; used in traces).
    package let index: Int
    /// hassil's `requires_context:` of its data block, as written (a mapping: key → a value, a
    /// list of values, or `{value?, slot?}`), and `excludes_context:` (key → value or list).
    package let requiresContext: JSONValue?
    package let excludesContext: JSONValue?

    package init(
        intent: String, source: SourcedExpression, fixedSlots: [(name: String, value: ScalarValue)], index: Int,
        requiresContext: JSONValue? = nil, excludesContext: JSONValue? = nil
    ) {
        self.intent = intent
        self.source = source
        self.fixedSlots = fixedSlots
        self.index = index
        self.requiresContext = requiresContext
        self.excludesContext = excludesContext
    }

    /// The same template at another index (grammars merged from several files).
    package func renumbered(_ index: Int) -> Template {
        Template(
            intent: intent, source: source, fixedSlots: fixedSlots, index: index, requiresContext: requiresContext, excludesContext: excludesContext)
    }

    /// The same template saying `source` instead.
    package func replacing(_ source: SourcedExpression) -> Template {
        Template(
            intent: intent, source: source, fixedSlots: fixedSlots, index: index, requiresContext: requiresContext, excludesContext: excludesContext)
    }
}

/// One value of a `values:` list: what is said (`in`, itself a template) and what it means
/// (`out`: a scalar keeping its type, or a mapping or list, as in `{event: arrive, place: home}`).
package struct ListValue: Sendable {
    package var spoken: SourcedExpression
    package var out: JSONValue
    /// hassil's `context:`: what matching this value adds to the match's context (an object),
    /// such as `{domain: light}` for a light's name.
    package var context: JSONValue?

    package init(spoken: SourcedExpression, out: JSONValue, context: JSONValue? = nil) {
        self.spoken = spoken
        self.out = out
        self.context = context
    }
}

/// A slot list: where a slot's values come from.
package struct ListDefinition: Sendable {
    package var name: String
    package var location: SourceLocation
    package var values: [ListValue] = []
    package var range: (from: Int, to: Int, step: Int)?
    /// hassil's range `fractions`: the parts of one a value may also have between the range's
    /// whole numbers (2: halves, 20.5; 10: tenths, 20.3); 1: whole numbers only.
    package var fractions = 1
    /// Any words (at least one).
    package var isWildcard = false
    /// Words a wildcard value may not start with ("call me Carrie" is no call to "me Carrie").
    package var excludedFirstWords: [String] = []
    /// An INVocabularyStringType case: the app's user vocabulary.
    package var vocabulary: String?
    /// "Intent.parameter": the app's AppIntentVocabulary terms for that parameter.
    package var parameter: String?
    /// A built-in entity (`number`, ...).
    package var entity: String?

    package init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }

    /// True when the list accepts only what it enumerates.
    package var isClosed: Bool { !isWildcard }
}

/// An expansion rule: `<name>` stands for its expression.
package struct ExpansionRule: Sendable {
    package var name: String
    package var source: SourcedExpression

    package init(name: String, source: SourcedExpression) {
        self.name = name
        self.source = source
    }
}

/// A cue of the second matching stage (`frame:` under an intent): a phrase whose occurrence
/// anywhere in a line no template takes is evidence for the intent. A line is read as the
/// intent when its cues cover a verb and an object (and no exclusion occurs) and leave few of
/// its words unexplained.
package struct FrameCue: Sendable {
    package enum Role: UInt8, Sendable, CaseIterable {
        /// Words that decide the action ("add", "text", "book"): a frame needs one, as typed.
        case verb
        /// What the action is about ("shopping list", "{targetTaskList}"): a frame needs one.
        case object
        /// Any other phrase the intent's requests use, often with a slot ("for {partySize}").
        case part
        /// A phrase that says the line is not the intent ("did i", "when is"): no frame then.
        case exclude

        /// The key that lists the role's cues under `frame:`.
        package var key: String {
            switch self {
            case .verb: "verbs"
            case .object: "objects"
            case .part: "parts"
            case .exclude: "excludes"
            }
        }
    }

    package var intent: String
    package var role: Role
    package var source: SourcedExpression

    package init(intent: String, role: Role, source: SourcedExpression) {
        self.intent = intent
        self.role = role
        self.source = source
    }
}

/// All grammar files of one locale, merged and validated.
package struct LanguageGrammar: Sendable {
    package var locale: String
    package var templates: [Template] = []
    /// The second matching stage's cues, of every intent (`FrameCue`).
    package var frameCues: [FrameCue] = []
    package var lists: [String: ListDefinition] = [:]
    package var rules: [String: ExpansionRule] = [:]
    /// Filler phrases that may be dropped anywhere outside slots.
    package var skipWords: [String] = []
    package var files: [String] = []
    /// Templates for intents that neither SiriKit nor any loaded app declares (a custom intent
    /// of an app that is not loaded, or a misspelt name): set aside, never matched, and
    /// reported by `check` (an error with `--strict`).
    package var inactiveTemplates: [Template] = []
    /// How the language cuts words further than ICU (`tokens:`): elisions, suffixes after an
    /// apostrophe. The compiler, entities and dialogue tokenize the language with these rules.
    package var tokenRules = TokenRules()
    /// Names of rules and lists that data blocks define for themselves: a shared rule may
    /// refer to one (it is copied into each block that uses it).
    package var scopedNames: Set<String> = []
    /// Data blocks with rules or lists of their own, until `resolveLocalScopes` gives those
    /// names of their own (empty once the locale's files are merged).
    package var localScopes: [LocalScope] = []

    package init(locale: String) { self.locale = locale }

    /// Reserved rules: wrapped around sentences without `{app}`, and the item separator.
    package static let appPrefixRule = "app_prefix"
    package static let appSuffixRule = "app_suffix"
    package static let itemSeparatorRule = "item_separator"
    /// Reserved rule: what joins two requests in one line ("and", "and then").
    package static let requestSeparatorRule = "request_separator"
    /// The built-in list of app names.
    package static let appList = "app"

    package var intents: [String] {
        Array(Set(templates.map(\.intent))).sorted()
    }
}

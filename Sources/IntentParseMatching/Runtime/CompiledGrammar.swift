import IntentParseEntities
import IntentParseGrammar
import IntentParseNormalization
import IntentParseSchema
import IntentParseVocabulary

/// A template as compiled: where its automaton starts and what it needs to be worth trying.
struct CompiledTemplate: Sendable {
    var template: Template
    var start: Int32
    /// Learned from an app's IntentExamples rather than written in a grammar file.
    var isLearned: Bool
    /// The template's intent in the schema (nil if the schema has none of that name), and the
    /// loaded apps that support it: looked up once here, not by name per utterance.
    var intent: IntentSchema?
    var supportingApps: [Int] = []
}

/// A second-stage cue as compiled (`FrameCue`): where its automaton starts.
struct CompiledFrameCue: Sendable {
    var cue: FrameCue
    var start: Int32
    var intent: IntentSchema?
    var supportingApps: [Int] = []
}

/// A locale's grammar and the loaded apps' vocabulary, compiled into one immutable matcher.
///
/// Built once (see `GrammarCompiler`); matching never re-reads grammar or vocabulary, and never
/// re-normalizes a literal. `grammar.phraseSets` and the like read the compiled tables.
///
/// NB: one shared immutable object (matching must not copy a struct of thirty tables per
/// utterance), whose tables are a `let`: reading a class's `var` costs a run-time exclusivity
/// check, and the matcher reads these in its innermost loops.
@dynamicMemberLookup
package final class CompiledGrammar: Sendable {
    let tables: GrammarTables
    /// Whether a list value has a `context` (hassil grammars): interpreting a reading then
    /// gathers the contexts of the values it matched.
    let hasValueContexts: Bool
    /// The second matching stage's cues by intent (`FrameStage`).
    let frames: FrameTables

    init(_ tables: GrammarTables) {
        self.tables = tables
        frames = FrameTables(tables)
        hasValueContexts = tables.lists.contains { $0.values.contains { $0.context != nil } }
    }

    /// A table, lent in place: a getter would copy it out (a reference count per array in it).
    package subscript<T>(dynamicMember keyPath: KeyPath<GrammarTables, T>) -> T { _read { yield tables[keyPath: keyPath] } }

    package var locale: String { tables.locale }
    /// Number of automaton nodes (a size measure for `bench` and `explain`).
    package var nodeCount: Int { tables.automaton.nodeCount }
    package var templateCount: Int { tables.templates.count }
    /// Whether the grammar declares frames for the second matching stage.
    package var hasFrames: Bool { !frames.isEmpty }

    /// How many of `tokens` are words of the grammar's language (in its templates, rules and list
    /// values; numbers and fillers say nothing of the language): evidence of the language an
    /// utterance is in, to choose between locales. Tokens inside `names` (UTF-16 ranges of app
    /// and vocabulary names, which are the same in every language) are not counted.
    package func knownWordCount(_ tokens: [Token], outside names: [Range<Int>] = []) -> Int {
        tokens.reduce(0) { count, token in
            guard token.kind == .word, tables.languageWords.id(token.looseKey) != KeyTable.none,
                !names.contains(where: { $0.overlaps(token.range) })
            else { return count }
            return count + 1
        }
    }

    /// The pseudo-word an utterance "contains" when a phrase of phrase set `set` occurs in it
    /// (an app name for the app names' set, a ride option, a contact), so that templates that
    /// require a slot of that set (`{app}`, `{ride_option}`) are indexed and filtered like ones
    /// that require a word. It cannot be a token's key (tokens have no control characters).
    static func phraseSetKey(_ set: Int32) -> String { "\u{1}set \(set)" }
}

/// What a phrase of a set stands for, once matched: the part of a phrase set matching keeps
/// (its tries are frozen into `FrozenPhrases`).
struct PhraseValues: Sendable {
    var entries: [PhraseEntry]
    /// The list whose `values` the `.listValue` entries index, if any.
    var list: Int32?
}

/// What a phrase stands for.
enum PhraseEntry: Sendable, Hashable {
    /// A `values:` item of a list: index into the list's values.
    case listValue(Int)
    /// A vocabulary term: app index, term.
    case term(app: Int, identifier: String?, display: String, priority: Int)
    /// An app name: app index.
    case app(Int)
}

/// The compiled grammar's run-time tables: what matching and interpretation read, filled in by
/// `GrammarCompiler`'s builder (whose own working tables are `CompileTables`).
package struct GrammarTables: Sendable {
    let locale: String
    let normalizer: Normalizer
    let schema: Schema
    let apps: [AppVocabulary]
    var lists: [ListDefinition]
    var automaton = FrozenAutomaton()
    var keys = KeyTable()
    /// Index keys for two Han characters in a row, by their interned keys.
    var keyPairs = KeyPairs()
    /// Every word the grammar's templates, rules and list values use: the words of its language, as evidence of which language an utterance is in.
    var languageWords = KeyTable()
    /// Per phrase set, what its phrases stand for (its tries are in `phrases`).
    var phraseValues: [PhraseValues] = []
    /// Every phrase set's tries and the skip words, frozen for matching.
    var phrases = FrozenPhrases()
    var slotNames: [String] = []
    var entities: [any EntityParser] = []
    var templates: [CompiledTemplate] = []
    /// The second stage's cues, in the grammar's order; cue `i` accepts as `Automaton.frameCueAccept(i)`.
    var frameCues: [CompiledFrameCue] = []
    var prefixStart: Int32?
    var suffixStart: Int32?
    /// The words an app suffix must start with, when every suffix starts with a literal word
    /// (after any punctuation or skip words); nil when it may start otherwise.
    var suffixFirstWords: Set<Int32>?
    /// Whether an app prefix, and an app suffix, cannot be said without an app's name.
    var prefixNeedsApp = false
    var suffixNeedsApp = false
    /// Rarest required literal key → templates; templates with no required literal are `unindexed`.
    var index = TemplateIndex()
    var unindexed: [Int32] = []
    /// The app names' `CompiledGrammar.phraseSetKey`'s interned id, or `KeyTable.none` when no
    /// template requires an app name.
    var appNamedKey: Int32 = KeyTable.none
    /// Per phrase set, its `CompiledGrammar.phraseSetKey`'s interned id, or `KeyTable.none` when
    /// no template requires one of its phrases.
    var phraseSetKeys: [Int32] = []
    /// Which of the grammar's words may start a phrase of a set that templates require.
    var phraseStartKeys = PhraseStartKeys()
    /// The phrase set keys that templates are filed under in `index`: looked at for every
    /// utterance, as no token brings them up.
    var indexedPhraseSetKeys: [Int32] = []
    /// Every required clause per template, checked after the index lookup.
    var requirements = TemplateRequirements()
    /// The phrase set holding every app name.
    var appPhraseSet: Int32 = 0
    /// Donated shortcuts by voice phrase.
    var shortcuts: ShortcutIndex
    /// Interned loose keys a wildcard's first word may not be, per list that excludes some.
    var excludedFirstWords: [Set<Int32>] = []
    /// App and vocabulary names (`PhraseSet.names`), where the language glues suffixes to
    /// names (`TokenRules.suffixes`); empty otherwise.
    var names: Set<String> = []
    /// The last word of each of `names`.
    var nameEnds: Set<String> = []

    /// Per intent name, the indexes of the apps that support it (in app order).
    let supportingApps: [String: [Int]]

    init(locale: String, normalizer: Normalizer, schema: Schema, apps: [AppVocabulary], lists: [ListDefinition]) {
        var supporting: [String: [Int]] = [:]
        for (index, app) in apps.enumerated() {
            for intent in app.intentsSupported { supporting[intent, default: []].append(index) }
        }
        supportingApps = supporting
        self.locale = locale
        self.normalizer = normalizer
        self.schema = schema
        self.apps = apps
        self.lists = lists
        self.shortcuts = ShortcutIndex(apps: apps, normalizer: normalizer)
    }

    /// The slot id of `{app}` captures, if any template has one.
    var appSlot: Int32?
    /// The template words a word typed one edit away is read as, on a line no template took.
    var typos = TypoIndex(words: [])

    func slotIndex(_ name: String) -> Int32? {
        slotNames.firstIndex(of: name).map(Int32.init)
    }
}

/// The words each of several grammars' templates write (`CompiledGrammar.knownWordCount`), in
/// one table: with every locale tried, a line's word is looked up once for all the languages
/// that cut the line alike, not once per language.
package struct LanguageWordIndex: Sendable {
    private var table = KeyTable()
    /// Per word of `table`, a bit per grammar that writes it.
    private var masks: [UInt64] = []
    /// Grammars beyond the mask's bits are counted one by one.
    private let grammars: [CompiledGrammar]

    package init(_ grammars: [CompiledGrammar]) {
        self.grammars = grammars
        for (index, grammar) in grammars.prefix(UInt64.bitWidth).enumerated() {
            for key in grammar.tables.languageWords.keys {
                let id = Int(table.intern(key))
                if id == masks.count { masks.append(0) }
                masks[id] |= 1 << UInt64(index)
            }
        }
    }

    /// `knownWordCount(tokens)` for each grammar of `members` (indexes into the grammars given),
    /// all of which cut the line into `tokens`.
    package func knownWordCounts(_ tokens: [Token], members: [Int]) -> [Int] {
        var counts = [Int](repeating: 0, count: members.count)
        for token in tokens where token.kind == .word {
            let id = table.id(token.looseKey)
            guard id != KeyTable.none else { continue }
            let mask = masks[Int(id)]
            for (slot, member) in members.enumerated() where member < UInt64.bitWidth && mask & (1 << UInt64(member)) != 0 {
                counts[slot] += 1
            }
        }
        for (slot, member) in members.enumerated() where member >= UInt64.bitWidth {
            counts[slot] = grammars[member].knownWordCount(tokens)
        }
        return counts
    }
}

import Foundation
import IntentParseBase
import IntentParseDialogue
import IntentParseEntities
import IntentParseGrammar
import IntentParseMatching
import IntentParseNormalization
import IntentParseSchema
import IntentParseVocabulary
import IntentParseYAML

/// The library's front door: loads grammars and vocabulary, compiles them, parses utterances.
///
///     let parser = try IntentParser(grammars: URL(fileURLWithPath: "Grammars"),
///                                   vocabulary: URL(fileURLWithPath: "Vocabulary"))
///     let result = parser.parse("MonkeyChat Bobo please send more bananas")
///
/// Loading validates everything first and throws `DiagnosticError` with every problem found.
public struct IntentParser: Sendable {
    package let schema: Schema
    package let apps: [AppVocabulary]
    package let grammars: [String: LanguageGrammar]
    package let matchers: [String: IntentMatcher]
    /// The matchers in locale order, for "auto" (no lookups per utterance).
    private let matchersByLocale: [IntentMatcher]
    /// The words each matcher's templates write, for choosing the languages to try.
    private let languageWords: LanguageWordIndex
    /// Each matcher's `<request_separator>` phrases, in `matchersByLocale`'s order.
    private let separatorsByLocale: [RequestSeparators]
    /// Reply words and prompts per locale (`Grammars/<locale>/dialogue/`), for conversations.
    package let dialogueLanguages: [String: DialogueLanguage]
    /// The built-in entities' words per locale (`Grammars/<locale>/entities/`).
    package let entityData: [String: EntityData]
    /// The built-in entities per locale, as the matchers use them.
    package let entityCatalogs: [String: EntityCatalog]
    /// Warnings from loading (unknown keys, ignored hassil keys, ...).
    public let warnings: [Diagnostic]
    /// Apps left out because their files have errors; the other apps loaded.
    public let skippedApps: [SkippedApp]
    /// One warning per intent that the grammars use but no loaded app declares (a custom
    /// intent of an app that is not loaded): its templates are inactive.
    public let inactiveIntents: [Diagnostic]
    /// The locales whose compiled grammar came from `Options.cache` rather than a compilation.
    public let localesFromCache: Set<String>

    /// How grammars and vocabulary are loaded and compiled.
    public struct Options: Sendable {
        /// Turn apps' IntentExamples into templates.
        public var learnFromExamples = true
        /// Load only these locales (nil: every locale folder). A locale loads the folder named
        /// like it or like its language (`en-US` loads `en/`).
        public var locales: [String]?
        /// Make every load problem an error: an app with errors (otherwise skipped while the
        /// others load) and templates for intents no loaded app declares (otherwise inactive).
        public var strict: Bool
        /// Where compiled grammars are kept between runs (nil: compile every time). A locale
        /// whose files have not changed since is read from there instead of compiled.
        public var cache: CompiledGrammarCache?
        /// A lists file (`--lists`): slot lists given at run time, such as Home Assistant's
        /// areas, floors and devices (see README, "Lists given at run time").
        public var lists: URL?

        /// The defaults: learn from IntentExamples, every locale folder, apps with errors skipped, no cache.
        public init(
            learnFromExamples: Bool = true, locales: [String]? = nil, strict: Bool = false, cache: CompiledGrammarCache? = nil, lists: URL? = nil
        ) {
            self.learnFromExamples = learnFromExamples
            self.locales = locales
            self.strict = strict
            self.cache = cache
            self.lists = lists
        }
    }

    /// Everything read from the grammar and vocabulary folders, validated but not compiled.
    package struct Sources: Sendable {
        package var schema: Schema
        package var apps: [AppVocabulary]
        package var grammars: [String: LanguageGrammar]
        package var dialogueLanguages: [String: DialogueLanguage]
        package var entityData: [String: EntityData]
        package var warnings: [Diagnostic]
        package var skippedApps: [SkippedApp] = []
        package var inactiveIntents: [Diagnostic] = []

        /// Reads the schema (SiriKit's, plus the grammars folder's `schema.yaml`), apps (whose
        /// custom intents extend it), then grammars, dialogue files and entity data; throws
        /// `DiagnosticError` with every problem found (a schema file with errors stops the load
        /// there, as everything else is checked against the schema). An app with
        /// errors is skipped (`skippedApps`) and templates for intents no loaded app declares
        /// are set aside (`inactiveIntents`), unless `options.strict` makes both errors.
        package static func load(grammars grammarsURL: URL, vocabulary vocabularyURL: URL, options: Options = Options()) throws -> Sources {
            try read(grammars: grammarsURL, vocabulary: vocabularyURL, options: options, compiler: nil).sources
        }

        /// One locale's files, read (and compiled when asked) on their own.
        fileprivate struct LocaleLoad: Sendable {
            var grammar: LanguageGrammar
            var grammarDiagnostics: [Diagnostic]
            var language: DialogueLanguage?
            var data: EntityData?
            var dataDiagnostics: [Diagnostic]
            var compiled: Compiled?
            /// The dialogue files' part of `dataDiagnostics` (they come first).
            var languageDiagnostics: [Diagnostic] = []

            /// The locale's grammar as loaded, with its dialogue and entity files, which are read
            /// on a grammar without errors only. `cachedLanguage`: the dialogue files as read
            /// before, with their diagnostics.
            init(
                grammar: LanguageGrammar, grammarDiagnostics: [Diagnostic], folder: URL, locale: String,
                cachedLanguage: (language: DialogueLanguage?, diagnostics: [Diagnostic])? = nil
            ) {
                self.grammar = grammar
                self.grammarDiagnostics = grammarDiagnostics
                let loaded = !grammarDiagnostics.contains { $0.severity == .error }
                if let cachedLanguage {
                    (language, languageDiagnostics) = cachedLanguage
                } else if loaded {
                    var languageLog = DiagnosticLog()
                    language = DialogueLanguage.load(localeFolder: folder, grammar: grammar, log: &languageLog)
                    languageDiagnostics = languageLog.diagnostics
                }
                var dataLog = DiagnosticLog()
                data = loaded ? EntityDataLoader.load(localeFolder: folder, locale: locale, log: &dataLog) : nil
                dataDiagnostics = languageDiagnostics + dataLog.diagnostics
            }

            /// The locale's built-in entities, when its files have no errors (it can compile).
            var entities: EntityCatalog? {
                guard !(grammarDiagnostics + dataDiagnostics).contains(where: { $0.severity == .error }) else { return nil }
                return EntityCatalog(locale: grammar.locale, data: data ?? EntityData(), rules: grammar.tokenRules)
            }

            /// What a cache file holds (after its fingerprint): the grammar and its diagnostics, the
            /// dialogue words and theirs, then the compiled tables. The entity files are read anew
            /// (their readers hold ICU objects).
            func write(compiled: CompiledGrammar, to writer: BinaryWriter) {
                grammar.write(to: writer)
                writer.write(grammarDiagnostics)
                writer.write(language != nil)
                language?.write(to: writer)
                writer.write(languageDiagnostics)
                compiled.write(to: writer, grammar: grammar)
            }

            /// The locale as `write(compiled:to:)` wrote it.
            init(cached reader: BinaryReader, locale: String, folder: URL, apps: [AppVocabulary], schema: Schema) throws {
                let grammar = try reader.read(LanguageGrammar.self), diagnostics = try reader.array(Diagnostic.self)
                let language = try reader.bool() ? try DialogueLanguage(from: reader, rules: grammar.tokenRules) : nil
                self.init(
                    grammar: grammar, grammarDiagnostics: diagnostics, folder: folder, locale: locale,
                    cachedLanguage: (language, try reader.array()))
                guard let entities else { throw reader.damaged("a cached grammar whose files have errors") }
                let compiled = try CompiledGrammar(from: reader, grammar: grammar, apps: apps, schema: schema, entities: entities)
                guard reader.isAtEnd else { throw reader.damaged("bytes after the compiled grammar") }
                self.compiled = (entities, IntentMatcher(grammar: compiled), true)
            }
        }

        fileprivate typealias Compiled = (entities: EntityCatalog, matcher: IntentMatcher, fromCache: Bool)

        /// `load`, and with a compiler each locale compiled as soon as its own files are read:
        /// one task per locale from its first file to its tables, the largest first, so that
        /// the cores stay busy until the last locale is done.
        fileprivate static func read(
            grammars grammarsURL: URL, vocabulary vocabularyURL: URL, options: Options,
            compiler: GrammarCompiler?
        ) throws -> (sources: Sources, compiled: [String: Compiled]) {
            // NB: ICU's tables from an earlier run, before any normalizer is made: making them
            // again costs more than the rest of the start-up together.
            let icuTablesRead = options.cache?.installICUTables() ?? false
            DispatchQueue.global().async { Normalizer.prepareSharedTables() }
            let siriKit = try Schema.siriKit(extendedBy: grammarsURL)
            var diagnostics: [Diagnostic] = []
            var apps: [AppVocabulary] = []
            var skipped: [SkippedApp] = []
            do {
                let loaded = try VocabularyLoader(schema: siriKit).loadSkippingBroken(directory: vocabularyURL)
                apps = loaded.apps
                skipped = loaded.skipped
                diagnostics += loaded.warnings
                if options.strict { diagnostics += skipped.flatMap(\.diagnostics) }
            } catch let error as DiagnosticError {
                diagnostics += error.diagnostics
            }
            let schema = VocabularyLoader.schema(siriKit, with: apps)
            var runtimeLists: [ListDefinition] = []
            if let lists = options.lists {
                var listsLog = DiagnosticLog()
                runtimeLists = RuntimeLists.load(file: lists.path, log: &listsLog)
                diagnostics += listsLog.diagnostics
            }
            let loader = GrammarLoader(schema: schema, entities: EntityCatalog.names, runtimeLists: runtimeLists)
            var locales: [String] = []
            do {
                locales = try loader.localeFolders(directory: grammarsURL, locales: options.locales)
            } catch let error as DiagnosticError {
                diagnostics += error.diagnostics
            }
            let loadedApps = apps
            let cache = compiler == nil ? nil : options.cache
            let shared = cache?.sharedFingerprint(
                grammars: grammarsURL, vocabulary: vocabularyURL, lists: options.lists,
                learnFromExamples: options.learnFromExamples, strict: options.strict)
            let loads = Parallel.map(largestFirst(locales, in: grammarsURL)) { locale -> (String, LocaleLoad) in
                let folder = grammarsURL.appendingPathComponent(locale)
                let fingerprint = shared.flatMap { shared in cache?.fingerprint(locale: locale, folder: folder, shared: shared) }
                if let cache, let fingerprint,
                    let cached = cache.read(
                        locale: locale, grammars: grammarsURL, fingerprint: fingerprint,
                        { reader in
                            try LocaleLoad(cached: reader, locale: locale, folder: folder, apps: loadedApps, schema: schema)
                        })
                {
                    return (locale, cached)
                }
                var log = DiagnosticLog()
                let grammar = loader.loadLocale(locale, folder: folder, log: &log)
                var load = LocaleLoad(grammar: grammar, grammarDiagnostics: log.diagnostics, folder: folder, locale: locale)
                if let compiler, let entities = load.entities {
                    let compiled = compiler.compile(grammar, apps: loadedApps, schema: schema, entities: entities)
                    load.compiled = (entities, IntentMatcher(grammar: compiled), false)
                    if let cache, let fingerprint {
                        let payload = BinaryWriter()
                        load.write(compiled: compiled, to: payload)
                        cache.write(locale: locale, grammars: grammarsURL, fingerprint: fingerprint, payload: payload)
                    }
                }
                return (locale, load)
            }
            if !icuTablesRead || ICUTables.hasUnwrittenTables { options.cache?.writeICUTables() }
            let byLocale = Dictionary(loads, uniquingKeysWith: { first, _ in first })
            // Diagnostics in locale order: grammars first, then dialogue and entity files (only
            // read when every grammar loaded).
            let ordered = locales.compactMap { byLocale[$0] }
            diagnostics += ordered.flatMap(\.grammarDiagnostics)
            let grammarsLoaded = !ordered.contains { $0.grammarDiagnostics.contains { $0.severity == .error } }
            let grammars = grammarsLoaded ? byLocale.mapValues(\.grammar) : [:]
            var inactive = loader.inactiveIntentWarnings(Array(grammars.values))
            if options.strict {
                diagnostics += inactive.map { Diagnostic(.error, $0.location, $0.message) }
                inactive = []
            }
            var languages: [String: DialogueLanguage] = [:]
            var entityData: [String: EntityData] = [:]
            if grammarsLoaded {
                for locale in locales {
                    guard let load = byLocale[locale] else { continue }
                    languages[locale] = load.language
                    entityData[locale] = load.data
                    diagnostics += load.dataDiagnostics
                }
            }
            if diagnostics.contains(where: { $0.severity == .error }) { throw DiagnosticError(diagnostics) }
            // The grammars' own intents, which no schema names (hassil's `HassTurnOn`).
            let ownIntents = locales.compactMap { grammars[$0] }.flatMap { $0.schemalessIntents(in: schema) }
            // Asked for (--strict): where each is first used, once.
            if options.strict {
                var warned = Set<String>()
                for intent in ownIntents where warned.insert(intent.name).inserted {
                    let template = locales.lazy.compactMap { grammars[$0]?.templates.first { $0.intent == intent.name } }.first
                    diagnostics.append(
                        .warning(
                            template?.source.location ?? SourceLocation(file: grammarsURL.path),
                            "no schema names intent '\(intent.name)': accepted as the grammar declares it, with no app and the slots its templates capture (\(intent.parameters.map(\.name).joined(separator: ", ")))"
                        ))
                }
            }
            let sources = Sources(
                schema: schema.including(ownIntents), apps: apps, grammars: grammars, dialogueLanguages: languages, entityData: entityData,
                warnings: diagnostics, skippedApps: skipped, inactiveIntents: inactive)
            return (sources, byLocale.compactMapValues(\.compiled))
        }

        /// Locales ordered by the size of their folders' files, largest first.
        private static func largestFirst(_ locales: [String], in grammarsURL: URL) -> [String] {
            let sizes = locales.map { FileTree.totalSize(under: grammarsURL.appendingPathComponent($0).path) }
            return zip(locales, sizes).sorted { $0.1 > $1.1 }.map(\.0)
        }
    }

    /// Loads, validates and compiles the grammars folder (a subfolder per locale) and the vocabulary folder
    /// (a subfolder per app); throws `DiagnosticError` with every problem found.
    public init(grammars grammarsURL: URL, vocabulary vocabularyURL: URL, options: Options = Options()) throws {
        let compiler = GrammarCompiler(learnFromExamples: options.learnFromExamples)
        let (sources, compiled) = try Sources.read(grammars: grammarsURL, vocabulary: vocabularyURL, options: options, compiler: compiler)
        try self.init(
            schema: sources.schema, apps: sources.apps, grammars: sources.grammars, dialogueLanguages: sources.dialogueLanguages,
            entityData: sources.entityData, warnings: sources.warnings, skippedApps: sources.skippedApps,
            inactiveIntents: sources.inactiveIntents, compiled: compiled, options: options)
    }

    /// The same grammars and apps compiled with other options (no re-reading of files).
    public func recompiled(options: Options) throws -> IntentParser {
        try IntentParser(
            schema: schema, apps: apps, grammars: grammars, dialogueLanguages: dialogueLanguages,
            entityData: entityData, warnings: warnings, skippedApps: skippedApps, inactiveIntents: inactiveIntents,
            options: options)
    }

    /// Compiles loaded sources.
    package init(sources: Sources, options: Options = Options()) throws {
        try self.init(
            schema: sources.schema, apps: sources.apps, grammars: sources.grammars, dialogueLanguages: sources.dialogueLanguages,
            entityData: sources.entityData, warnings: sources.warnings, skippedApps: sources.skippedApps,
            inactiveIntents: sources.inactiveIntents, options: options)
    }

    /// Compiles already loaded grammars and apps.
    package init(
        schema: Schema, apps: [AppVocabulary], grammars: [String: LanguageGrammar],
        dialogueLanguages: [String: DialogueLanguage] = [:], entityData: [String: EntityData] = [:],
        warnings: [Diagnostic] = [], skippedApps: [SkippedApp] = [], inactiveIntents: [Diagnostic] = [],
        options: Options = Options()
    ) throws {
        try self.init(
            schema: schema, apps: apps, grammars: grammars, dialogueLanguages: dialogueLanguages, entityData: entityData,
            warnings: warnings, skippedApps: skippedApps, inactiveIntents: inactiveIntents, compiled: [:], options: options)
    }

    /// Compiles the grammars that `compiled` does not hold already.
    private init(
        schema: Schema, apps: [AppVocabulary], grammars: [String: LanguageGrammar],
        dialogueLanguages: [String: DialogueLanguage], entityData: [String: EntityData],
        warnings: [Diagnostic], skippedApps: [SkippedApp], inactiveIntents: [Diagnostic],
        compiled done: [String: Sources.Compiled], options: Options
    ) throws {
        self.schema = schema
        self.dialogueLanguages = dialogueLanguages
        self.entityData = entityData
        self.apps = apps
        self.grammars = grammars
        self.warnings = warnings
        self.skippedApps = skippedApps
        self.inactiveIntents = inactiveIntents
        localesFromCache = Set(done.filter(\.value.fromCache).keys)
        let compiler = GrammarCompiler(learnFromExamples: options.learnFromExamples)
        // Each locale compiles on its own (its own normalizer, ICU objects and tables), so the
        // locales compile side by side, one per core.
        let locales = grammars.keys.sorted()
        let compiled = Parallel.map(locales) { locale -> (EntityCatalog, IntentMatcher) in
            if let done = done[locale] { return (done.entities, done.matcher) }
            let grammar = grammars[locale] ?? LanguageGrammar(locale: locale)
            let entities = EntityCatalog(locale: locale, data: entityData[locale] ?? EntityData(), rules: grammar.tokenRules)
            return (entities, IntentMatcher(grammar: compiler.compile(grammar, apps: apps, schema: schema, entities: entities)))
        }
        var matchers: [String: IntentMatcher] = [:]
        var catalogs: [String: EntityCatalog] = [:]
        for (locale, (entities, matcher)) in zip(locales, compiled) {
            catalogs[locale] = entities
            matchers[locale] = matcher
        }
        self.matchers = matchers
        matchersByLocale = matchers.sorted { $0.key < $1.key }.map { $0.value }
        languageWords = LanguageWordIndex(matchersByLocale.map(\.grammar))
        separatorsByLocale = matchersByLocale.map { matcher in
            RequestSeparators(grammar: grammars[matcher.grammar.locale] ?? LanguageGrammar(locale: matcher.grammar.locale), matcher: matcher)
        }
        self.entityCatalogs = catalogs
    }

    /// The loaded locales (the grammars folder's subfolders), sorted.
    public var locales: [String] { matchers.keys.sorted() }

    /// Every intent a result can name: the schema's (SiriKit's and the loaded apps' custom
    /// intents) and `NSUserActivity`, which user-activity shortcuts report.
    public var intentNames: Set<String> { Set(schema.intentNames).union([ShortcutMatch.userActivityIntent]) }

    /// The loaded app `name` stands for, as `--app` and `MatchContext.app` take it: its bundle
    /// identifier, or one of its spoken names (display, bundle and alternative names,
    /// pronunciation hints) compared by loose keys, as the matcher compares them.
    public func app(named name: String) -> AppVocabulary? {
        if let app = apps.first(where: { $0.identifier == name }) { return app }
        for matcher in matchersByLocale {
            if let index = matcher.contextAppIndex(name) { return apps[index] }
        }
        return nil
    }

    /// The templates of `locale` that came nearest to `text` (`explain` on a rejected line).
    package func nearMisses(_ text: String, locale: String, count: Int = 3) -> [IntentMatcher.NearMiss] {
        matcher(for: locale)?.nearMisses(text, count: count) ?? []
    }

    /// What the second stage tried for `text` in `locale`, per intent with cues in it
    /// (`explain`).
    package func frameAttempts(_ text: String, locale: String, context: MatchContext = MatchContext()) -> [FrameAttempt] {
        guard let index = matcherIndex(for: locale) else { return [] }
        return frameReading(text, language: index, context: context, tracing: true).attempts
    }

    /// The second stage's reading of `text` in `language` (`IntentMatcher.frameReading`).
    private func frameReading(
        _ text: String, language index: Int, context: MatchContext, tracing: Bool = false, tokens: [Token]? = nil
    ) -> (result: MatchResult, attempts: [FrameAttempt]) {
        let matcher = matchersByLocale[index]
        let tokenized = tokens.map { TokenizedText(text: text, utf16: Array(text.utf16), tokens: $0) } ?? matcher.tokenize(text)
        // A request separator left unexplained ("… and tell me a joke") may join a request
        // the stage cannot read: the line is not read as one request.
        let breaks = separatorsByLocale[index].wordSeparatorStarts(in: tokenized.tokens)
        return matcher.frameReading(tokenized, context: context, breaks: breaks, tracing: tracing)
    }

    /// The apps `text` names, read as `locale`'s matcher reads app names (the conversation's
    /// answers to "which app?" and questions about what an app can do).
    package func appMentions(in text: String, locale: String) -> [AppMention] {
        matcher(for: locale)?.appMentions(in: text) ?? []
    }

    /// The index in `matchersByLocale` of `locale`'s matcher, or of its language's.
    private func matcherIndex(for locale: String) -> Int? {
        matchersByLocale.firstIndex { $0.grammar.locale == locale }
            ?? matchersByLocale.firstIndex { $0.grammar.locale == Normalizer.language(of: locale) }
    }

    private func matcher(for locale: String) -> IntentMatcher? {
        matchers[locale] ?? matchers[Normalizer.language(of: locale)]
    }

    /// Parses one utterance. `locale` nil or "auto" tries every locale and keeps the best.
    public func parse(_ text: String, locale: String? = nil, context: MatchContext = MatchContext()) -> MatchResult {
        if let locale, locale != "auto" {
            guard let index = matcherIndex(for: locale) else {
                return MatchResult(
                    text: text, locale: locale, tokens: [], interpretations: [],
                    reason: "no grammar for locale '\(locale)' (loaded: \(locales.joined(separator: ", ")))")
            }
            let result = matchersByLocale[index].match(text, context: context)
            let whole =
                separatorsByLocale[index].isEmpty
                ? result
                : compound(text, whole: result, matcher: matchersByLocale[index], separators: separatorsByLocale[index], context: context)
                    ?? result
            return readingFrames(whole, language: index, context: context)
        }
        // The best score wins; on a tie (or when every locale rejects the utterance) the locale
        // whose templates use more of its words, then the preferred locale, then the first in
        // locale order.
        guard !matchersByLocale.isEmpty else {
            return MatchResult(text: text, locale: "", tokens: [], interpretations: [], reason: "no grammars loaded")
        }
        // Languages that cut this line alike share its tokens (`tokenizationKey`), and their
        // words are counted in one lookup a word.
        var tokenized: [TokenizedText] = []
        tokenized.reserveCapacity(matchersByLocale.count)
        var groups: [(key: Normalizer.TokenizationKey?, members: [Int])] = []
        let traits = Normalizer.TextTraits(text)
        for (index, matcher) in matchersByLocale.enumerated() {
            let key = matcher.tokenizationKey(for: traits)
            if let key, let same = groups.firstIndex(where: { $0.key == key }) {
                tokenized.append(tokenized[groups[same].members[0]])
                groups[same].members.append(index)
                continue
            }
            groups.append((key, [index]))
            tokenized.append(matcher.tokenize(text))
        }
        var known = [Int](repeating: 0, count: matchersByLocale.count)
        for group in groups {
            let counts = languageWords.knownWordCounts(tokenized[group.members[0]].tokens, members: group.members)
            for (member, count) in zip(group.members, counts) { known[member] = count }
        }
        // A language whose templates know fewer than half as many of the line's words as the
        // language that knows the most, or two fewer, is not tried (a heuristic: see README,
        // Languages).
        let most = known.max() ?? 0
        let tried = matchersByLocale.indices.filter { known[$0] * 2 >= most && known[$0] + 1 >= most }
        // Words typed one edit from a template's word are read as it only when no language
        // takes the line as typed (as within one language), and before a language that would
        // veto the line does so.
        var results = matchersByLocale.indices.map { index in
            tried.contains(index)
                ? matchersByLocale[index].match(tokenized[index], context: context, typos: false)
                : MatchResult(
                    text: text, locale: matchersByLocale[index].grammar.locale, tokens: tokenized[index].tokens, interpretations: [],
                    reason: MatchResult.noTemplateReason)
        }
        var withTypos = Set<Int>()
        func readTypos(_ indices: [Int]) {
            for index in indices where !withTypos.contains(index) {
                withTypos.insert(index)
                results[index] = matchersByLocale[index].readingTypos(results[index], tokenized[index], context: context)
            }
        }
        if !tried.contains(where: { results[$0].best != nil }) { readTypos(tried) }
        let preferred = context.preferredLocale.flatMap(matcherIndex(for:))
        var chosen = choose(results, tried: tried, preferred: preferred)
        if results[chosen.best].best != nil, chosen.vetoes.contains(where: { !withTypos.contains($0) }) {
            readTypos(chosen.vetoes)
            chosen = choose(results, tried: tried, preferred: preferred)
        }
        let finished = finish(text, results: results, chosen: chosen.chosen, tried: tried, preferred: preferred, context: context)
        // The second stage reads the line in the language its words chose (a French line's
        // "réserve un taxi" is no English frame's "reserve").
        return readingFrames(finished, language: matcherIndex(for: finished.locale) ?? chosen.chosen, context: context)
    }

    /// `result`, or when no template took the line (whole or in parts) the second stage's
    /// reading of it in `language` (`IntentMatcher.frameReading`), if it has one.
    private func readingFrames(_ result: MatchResult, language index: Int, context: MatchContext) -> MatchResult {
        guard result.isUnmatched, matchersByLocale[index].grammar.hasFrames else { return result }
        // NB: the line's tokens as this language's templates read them, when the result is its.
        let tokens = result.locale == matchersByLocale[index].grammar.locale && !result.tokens.isEmpty ? result.tokens : nil
        let read = frameReading(result.text, language: index, context: context, tokens: tokens).result
        return read.best == nil ? result : read
    }

    /// Of the results of the languages `tried` for one line, the one with the best score (on
    /// a tie the one whose templates know more of its words, then `preferred`), and the one
    /// chosen: the best, unless a language that knows more of the words rejects the line (a
    /// veto; `vetoes` are those that could).
    private func choose(_ results: [MatchResult], tried: [Int], preferred: Int?) -> (best: Int, chosen: Int, vetoes: [Int]) {
        // Names (the app's, a contact's, a list's) are the same in every language: the words of
        // a name any locale found are left out of every locale's count. Gathered when a count is
        // first needed (most lines have a clear winner).
        var names: [Range<Int>]?
        var counts = [Int?](repeating: nil, count: results.count)
        func evidence(_ index: Int) -> Int {
            if let known = counts[index] { return known }
            if names == nil { names = results.flatMap { $0.best?.nameRanges ?? [] } }
            let count = matchersByLocale[index].grammar.knownWordCount(results[index].tokens, outside: names ?? [])
            counts[index] = count
            return count
        }
        var best = preferred.flatMap { tried.contains($0) ? $0 : nil } ?? tried[0]
        for index in tried where index != best {
            let score = results[index].best?.score ?? -1, bestScore = results[best].best?.score ?? -1
            if score > bestScore || (score == bestScore && evidence(index) > evidence(best)) { best = index }
        }
        // A language whose templates know more of the words and which rejects the utterance
        // says what language it is in: "call me Carrie" is English, and English rejects it, so
        // another language's "call {contact}" does not make it a call.
        guard results[best].best != nil else { return (best, best, []) }
        let vetoes = tried.filter { $0 != best && results[$0].best == nil && evidence($0) > evidence(best) }
        guard let most = vetoes.map(evidence).max() else { return (best, best, []) }
        let strongest = vetoes.filter { evidence($0) == most }
        return (best, strongest.first { $0 == preferred } ?? strongest[0], vetoes)
    }

    /// The chosen language's result, or several requests when no language takes the line whole.
    private func finish(
        _ text: String, results: [MatchResult], chosen: Int, tried: [Int], preferred: Int?, context: MatchContext
    ) -> MatchResult {
        if results[chosen].best != nil {
            return compound(text, whole: results[chosen], matcher: matchersByLocale[chosen], separators: separatorsByLocale[chosen], context: context)
                ?? results[chosen]
        }
        // No locale takes the line whole: several requests in one language, the preferred
        // language first, then fewest parts, then the highest total score.
        var compounds: [MatchResult] = []
        for index in ([preferred].compactMap { $0 } + results.indices.filter { $0 != preferred })
        where tried.contains(index) && !separatorsByLocale[index].isEmpty {
            if let found = compound(
                text, whole: results[index], matcher: matchersByLocale[index], separators: separatorsByLocale[index], context: context)
            {
                compounds.append(found)
            }
        }
        func total(_ result: MatchResult) -> Double { ([result] + result.also).reduce(0) { $0 + ($1.best?.score ?? 0) } }
        let fewest = compounds.map(\.also.count).min()
        return compounds.filter { $0.also.count == fewest }.max { total($0) < total($1) } ?? results[chosen]
    }
}

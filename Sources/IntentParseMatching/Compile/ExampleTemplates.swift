import IntentParseBase
import IntentParseGrammar
import IntentParseNormalization
import IntentParseSchema
import IntentParseVocabulary

/// Learns templates from apps' IntentExamples: app names in an example become `{app}` and
/// phrases of the app's vocabulary for one of the intent's parameters become that parameter's
/// slot; the remaining words stay literal. "Start a Bananarific workout in MonkeyFit" becomes
/// "start a {workoutName} workout in {app}".
struct ExampleTemplates {
    let builder: Builder

    func templates() -> [(Template, [String: ListDefinition])] {
        var result: [(Template, [String: ListDefinition])] = []
        let schema = builder.output.schema
        let language = Normalizer.language(of: builder.grammar.locale)
        for (appIndex, app) in builder.output.apps.enumerated() {
            // Examples are sentences of their folder's language: an English example, reached
            // through the fallback to the development region, is no French template.
            guard let localized = builder.localized[appIndex],
                localized.language(developmentRegion: app.developmentRegion).map(Normalizer.language(of:)) == language
            else { continue }
            // First every intent's lists (their phrase sets built once per vocabulary), then
            // the examples, read with the app names and those sets frozen as matching reads them.
            var sets: [String: PhraseSet] = [:]
            let groups = localized.intentPhrases.compactMap { phrases in
                schema[phrases.intent].map { intent in
                    (phrases, intent.name, vocabularyLists(intent: intent, localized: localized, app: app, sets: &sets))
                }
            }
            let keys = sets.keys.sorted()
            let setIndex = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, Int32($0 + 1)) })
            let appSet = builder.compiling.phraseSets[Int(builder.output.appPhraseSet)]
            let frozen = FrozenPhrases(sets: [appSet] + keys.compactMap { sets[$0] }, skipWords: PhraseTrie())
            for (phrases, intent, lists) in groups {
                let indexed = lists.compactMap { list in setIndex[list.setKey].map { (list.parameter, list.list, $0) } }
                for (number, example) in phrases.examples.enumerated() {
                    let location = SourceLocation(
                        file: "\(app.path)/\(localized.folder)/AppIntentVocabulary.plist",
                        keyPath: "IntentPhrases[\(phrases.intent)].IntentExamples[\(number)]")
                    let expression = learn(example, lists: indexed, phrases: frozen)
                    let source = SourcedExpression(text: example, expression: expression, location: location, firstColumn: nil)
                    let template = Template(intent: intent, source: source, fixedSlots: [], index: -1)
                    result.append((template, Dictionary(uniqueKeysWithValues: lists.map { ($0.list.name, $0.list) })))
                }
            }
        }
        return result
    }

    /// Lists for the intent's parameters that this app has vocabulary for.
    /// `sets` keeps the phrase sets already built for this app: intents whose parameters draw on
    /// the same vocabulary (every intent that names a contact) share one, so an address book of
    /// 100,000 names is indexed once per app, not once per intent.
    private func vocabularyLists(
        intent: IntentSchema, localized: LocalizedVocabulary, app: AppVocabulary,
        sets: inout [String: PhraseSet]
    ) -> [(parameter: String, list: ListDefinition, setKey: String)] {
        intent.parameters.compactMap { parameter in
            let path = "\(intent.name).\(parameter.name)"
            var list = ListDefinition(name: "_learned.\(path)", location: SourceLocation(file: app.path))
            if let type = parameter.vocabulary, localized.userVocabulary[type] != nil { list.vocabulary = type }
            if localized.parameterVocabularies[path] != nil { list.parameter = path }
            guard list.vocabulary != nil || list.parameter != nil else { return nil }
            let key = "\(list.vocabulary ?? "")|\(list.parameter ?? "")"
            if sets[key] != nil { return (parameter.name, list, key) }
            var set = PhraseSet()
            let terms = (list.vocabulary.flatMap { localized.userVocabulary[$0] } ?? []) + (localized.parameterVocabularies[path] ?? [])
            for term in terms {
                for phrase in term.phrases { set.add(phrase.text, entry: .listValue(0), normalizer: builder.normalizer) }
            }
            sets[key] = set
            return (parameter.name, list, key)
        }
    }

    /// `phrases`: the app names (set 0) and the lists' vocabulary (each list's set).
    private func learn(_ example: String, lists: [(parameter: String, list: ListDefinition, set: Int32)], phrases: FrozenPhrases) -> Expression {
        let tokens = builder.normalizer.tokenize(example).tokens
        let keys = TokenKeys()
        keys.fill(tokens)
        // The end of the longest phrase of `set` said exactly as written from `start`.
        func longest(_ set: Int32, from start: Int) -> Int? {
            phrases.matches(set: set, keys: keys, from: start).filter { $0.match == .exact }.map(\.end).max()
        }
        var items: [Expression] = []
        var i = 0
        while i < tokens.count {
            if tokens[i].isPunctuation { i += 1; continue }
            if let appEnd = longest(0, from: i) {
                items.append(.slot(list: LanguageGrammar.appList, slot: LanguageGrammar.appList, offset: 0))
                i = appEnd
                continue
            }
            var best: (parameter: String, list: String, end: Int)?
            for entry in lists {
                if let end = longest(entry.set, from: i), end > (best?.end ?? 0) { best = (entry.parameter, entry.list.name, end) }
            }
            if let best {
                items.append(.slot(list: best.list, slot: best.parameter, offset: 0))
                i = best.end
                continue
            }
            items.append(.words(tokens[i].text))
            i += 1
        }
        return .sequence(items)
    }
}

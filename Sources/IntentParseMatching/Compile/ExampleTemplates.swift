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
            var sets: [String: PhraseSet] = [:]
            for phrases in localized.intentPhrases {
                guard let intent = schema[phrases.intent] else { continue }
                let lists = vocabularyLists(intent: intent, localized: localized, app: app, sets: &sets)
                for (number, example) in phrases.examples.enumerated() {
                    let location = SourceLocation(
                        file: "\(app.path)/\(localized.folder)/AppIntentVocabulary.plist",
                        keyPath: "IntentPhrases[\(phrases.intent)].IntentExamples[\(number)]")
                    let expression = learn(example, lists: lists, appIndex: appIndex)
                    let source = SourcedExpression(text: example, expression: expression, location: location, firstColumn: nil)
                    let template = Template(intent: intent.name, source: source, fixedSlots: [], index: -1)
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
    ) -> [(parameter: String, list: ListDefinition, set: PhraseSet)] {
        intent.parameters.compactMap { parameter in
            let path = "\(intent.name).\(parameter.name)"
            var list = ListDefinition(name: "_learned.\(path)", location: SourceLocation(file: app.path))
            if let type = parameter.vocabulary, localized.userVocabulary[type] != nil { list.vocabulary = type }
            if localized.parameterVocabularies[path] != nil { list.parameter = path }
            guard list.vocabulary != nil || list.parameter != nil else { return nil }
            let key = "\(list.vocabulary ?? "")|\(list.parameter ?? "")"
            if let set = sets[key] { return (parameter.name, list, set) }
            var set = PhraseSet()
            let terms = (list.vocabulary.flatMap { localized.userVocabulary[$0] } ?? []) + (localized.parameterVocabularies[path] ?? [])
            for term in terms {
                for phrase in term.phrases { set.add(phrase.text, entry: .listValue(0), normalizer: builder.normalizer) }
            }
            sets[key] = set
            return (parameter.name, list, set)
        }
    }

    private func learn(_ example: String, lists: [(parameter: String, list: ListDefinition, set: PhraseSet)], appIndex: Int) -> Expression {
        let tokens = builder.normalizer.tokenize(example).tokens
        let appSet = builder.compiling.phraseSets[Int(builder.output.appPhraseSet)]
        var items: [Expression] = []
        var i = 0
        while i < tokens.count {
            if tokens[i].isPunctuation { i += 1; continue }
            let appEnd = appSet.matches(in: tokens, from: i).filter { !$0.isSound }.map(\.end).max()
            if let appEnd {
                items.append(.slot(list: LanguageGrammar.appList, slot: LanguageGrammar.appList, offset: 0))
                i = appEnd
                continue
            }
            if let (parameter, list, end) = longestVocabularyMatch(tokens, at: i, lists: lists) {
                items.append(.slot(list: list, slot: parameter, offset: 0))
                i = end
                continue
            }
            items.append(.words(tokens[i].text))
            i += 1
        }
        return .sequence(items)
    }

    private func longestVocabularyMatch(
        _ tokens: [IntentParseNormalization.Token], at start: Int,
        lists: [(parameter: String, list: ListDefinition, set: PhraseSet)]
    ) -> (String, String, Int)? {
        var best: (String, String, Int)?
        for entry in lists {
            if let end = entry.set.matches(in: tokens, from: start).filter({ !$0.isSound }).map(\.end).max(), end > (best?.2 ?? 0) {
                best = (entry.parameter, entry.list.name, end)
            }
        }
        return best
    }
}

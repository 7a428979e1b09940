import IntentParseGrammar
import IntentParseSchema
import IntentParseVocabulary

/// Compiling `{list:slot}`: phrase sets, entities and wildcards, and multi-valued loops.
extension Builder {
    /// A slot whose parameter takes several values is `item (<item_separator> item)*`.
    mutating func compileSlot(list: String, slot: String, from: Int32, context: TemplateContext) -> Int32 {
        let end = compileSlotValues(list: list, slot: slot, from: from, context: context)
        guard context.appAfterWildcards, !context.atTemplateEnd, listIndex[list].map({ output.lists[Int($0)].isWildcard }) == true,
            let suffix = grammar.rules[LanguageGrammar.appSuffixRule]
        else { return end }
        // Free text gives way to an app named at its end, as the app suffix names it after a
        // whole utterance: "reply to Zazu on MonkeyChat saying hi" has the recipient "Zazu"
        // (free text at the template's end is followed by the app suffix automaton).
        // NB: the suffix's own slot does not count in the template's slot order.
        let order = slotOrder
        var inner = context
        inner.appAfterWildcards = false
        let gate = newNode()
        edge(end, .ifAppNamed, gate)
        let afterApp = compile(suffix.source.expression, from: gate, context: inner)
        slotOrder = order
        let join = newNode()
        edge(end, .epsilon, join)
        edge(afterApp, .epsilon, join)
        return join
    }

    private mutating func compileSlotValues(list: String, slot: String, from: Int32, context: TemplateContext) -> Int32 {
        let slotID = slotID(slot, in: &output)
        slotOrder += 1
        let multiValued = context.intent?.parameter(slot)?.isMultiValued ?? false
        guard multiValued, let separator = grammar.rules[LanguageGrammar.itemSeparatorRule] else {
            return compileSlotItem(list: list, slot: slotID, from: from)
        }
        let itemEnd = compileSlotItem(list: list, slot: slotID, from: from)
        var separatorContext = context
        separatorContext.keepPunctuation = true
        let afterSeparator = compile(separator.source.expression, from: itemEnd, context: separatorContext)
        let nextItemEnd = compileSlotItem(list: list, slot: slotID, from: afterSeparator)
        edge(nextItemEnd, .epsilon, itemEnd)
        let end = newNode()
        edge(itemEnd, .epsilon, end)
        return end
    }

    /// One value: a phrase of the list's set, an entity reading, or (open lists) any words.
    private mutating func compileSlotItem(list name: String, slot: Int32, from: Int32) -> Int32 {
        let end = newNode()
        if name == LanguageGrammar.appList {
            edge(from, .phrases(set: output.appPhraseSet, slot: slot), end)
            return end
        }
        guard let listID = listIndex[name] else { return end }
        let list = output.lists[Int(listID)]
        if let set = phraseSet(for: list) {
            edge(from, .phrases(set: set, slot: slot), end)
        }
        if let entity = list.entity ?? (list.range != nil ? "number" : nil), let entityID = entityIndex[entity] {
            edge(from, .entity(entity: entityID, slot: slot, list: listID), end)
        }
        if list.isWildcard {
            let open = newNode(allowsSkip: false)
            let inside = newNode(allowsSkip: false)
            edge(from, .wildcardOpen(slot: slot, order: slotOrder), open)
            if list.excludedFirstWords.isEmpty {
                edge(open, .wildcardToken, inside)
            } else {
                edge(open, .wildcardFirstToken(excluded: excludedWords(of: list)), inside)
            }
            edge(inside, .wildcardToken, inside)
            edge(inside, .wildcardClose, end)
        }
        return end
    }

    /// The index of a wildcard list's excluded first words in `output.excludedFirstWords`, one
    /// set per list however many slots use it (so like slots compile to like edges).
    private mutating func excludedWords(of list: ListDefinition) -> Int32 {
        if let known = excludedSets[list.name] { return known }
        let keys = list.excludedFirstWords.flatMap { caches.tokens($0).filter { !$0.isPunctuation }.prefix(1).map(\.looseKey) }
        output.excludedFirstWords.append(Set(keys.map { output.keys.intern($0) }))
        let index = Int32(output.excludedFirstWords.count - 1)
        excludedSets[list.name] = index
        return index
    }

    /// The phrase set of a list's values, vocabulary and parameter vocabulary (nil if none).
    private mutating func phraseSet(for list: ListDefinition) -> Int32? {
        if let existing = listPhraseSets[list.name] { return existing }
        // Lists that only name vocabulary share one set: contacts are indexed once, however
        // many lists ({person}, {contact}, {sender}) draw on them.
        let shareKey = list.values.isEmpty ? "vocabulary:\(list.vocabulary ?? "")|parameter:\(list.parameter ?? "")" : nil
        if let shareKey, let shared = listPhraseSets[shareKey] {
            listPhraseSets[list.name] = shared
            return shared
        }
        var set = PhraseSet()
        set.usesSound = list.vocabulary != nil || list.parameter != nil
        set.list = listIndex[list.name]
        if set.usesSound && normalizer.splitsSuffixes { set.names = [] }
        for (index, value) in list.values.enumerated() {
            for phrase in value.spoken.expression.phrases(rules: grammar.rules) {
                set.add(phrase, entry: .listValue(index), normalizer: normalizer)
            }
        }
        for (appIndex, localized) in localized.enumerated() {
            guard let localized else { continue }
            // The user's own names (contacts, lists, albums) are often said in part: "Bobo" for
            // "Bobo the Great", "Hardware" for "Hardware Store". An app's terms (ride options,
            // workout names) are its product names, said whole.
            if let type = list.vocabulary {
                for term in localized.userVocabulary[type] ?? [] { addTerm(term, app: appIndex, to: &set, withParts: true) }
            }
            if let path = list.parameter {
                for term in localized.parameterVocabularies[path] ?? [] { addTerm(term, app: appIndex, to: &set, withParts: false) }
            }
        }
        guard !set.entries.isEmpty else { return nil }
        compiling.phraseSets.append(set)
        let id = Int32(compiling.phraseSets.count - 1)
        listPhraseSets[list.name] = id
        if let shareKey { listPhraseSets[shareKey] = id }
        return id
    }

    /// `withParts`: the term's first or last words name it in part too ("Bobo" of "Bobo the
    /// Great"), unless a word the grammar itself uses starts or ends them ("the Great").
    private func addTerm(_ term: VocabularyTerm, app: Int, to set: inout PhraseSet, withParts: Bool) {
        let entry = PhraseSet.Entry.term(app: app, identifier: term.identifier, display: term.displayName, priority: term.priority)
        let languageWords = output.languageWords
        let isLanguageWord: ((String) -> Bool)? = withParts ? { languageWords.id($0) != KeyTable.none } : nil
        for phrase in term.phrases {
            set.add(phrase.text, entry: entry, normalizer: normalizer, partsUnless: isLanguageWord)
            if let pronunciation = phrase.pronunciation {
                set.add(pronunciation, entry: entry, normalizer: normalizer)
            }
        }
    }

    /// Every app's display name, bundle name, alternative names and pronunciation hints.
    mutating func makeAppPhraseSet() -> Int32 {
        var set = PhraseSet()
        set.usesSound = true
        if normalizer.splitsSuffixes { set.names = [] }
        for (index, app) in output.apps.enumerated() {
            for name in app.spokenNames {
                set.add(name.text, entry: .app(index), normalizer: normalizer)
            }
        }
        compiling.phraseSets.append(set)
        return Int32(compiling.phraseSets.count - 1)
    }
}

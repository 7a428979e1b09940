import Foundation
import IntentParse
import IntentParseEntities
import IntentParseGrammar
import IntentParseVocabulary

/// A small grammar and two apps, built in code, for matcher tests.
enum MatcherFixture {
    static let grammarText = """
        language: en
        intents:
          INSendMessageIntent:
            data:
              - sentences:
                  - "<send> [a] message to {person:recipients} [saying {content}]"
                  - "{app} {person:recipients} [please] {content}"
                  - "tell {person:recipients} {content}"
          INAddTasksIntent:
            data:
              - sentences:
                  - "add {taskTitles} to [my|the] {list:targetTaskList} list"
          INSetTaskAttributeIntent:
            data:
              - sentences:
                  - "mark {list:targetTask} as {status}"
                  - "check off {list:targetTask}"
                slots:
                  status: completed
        lists:
          person: {vocabulary: contactName, wildcard: true}
          content: {wildcard: true}
          taskTitles: {wildcard: true}
          list: {vocabulary: notebookItemTitle, wildcard: true}
          status:
            values:
              - {in: "(done|completed|finished)", out: completed}
        expansion_rules:
          send: "(send|write)"
          app_prefix: "[(in|on)] {app}"
          app_suffix: "(in|on|with) {app}"
          item_separator: "(,|and|, and)"
        skip_words: ["please", "hey siri"]
        """

    static func app(
        _ name: String, id: String, intents: [String], hint: String? = nil,
        contacts: [String] = [], lists: [String] = [], examples: [(String, [String])] = []
    ) -> AppVocabulary {
        var localized = LocalizedVocabulary(folder: "en.lproj")
        func terms(_ names: [String]) -> [VocabularyTerm] {
            names.enumerated().map {
                VocabularyTerm(identifier: $1.lowercased().replacingOccurrences(of: " ", with: "-"), phrases: [.init(text: $1)], priority: $0)
            }
        }
        localized.userVocabulary["contactName"] = terms(contacts)
        localized.userVocabulary["notebookItemTitle"] = terms(lists)
        localized.intentPhrases = examples.map { (intent: $0.0, examples: $0.1) }
        let alternatives = hint.map { [AlternativeAppName(name: name.replacingOccurrences(of: "-", with: ""), pronunciationHint: $0)] } ?? []
        return AppVocabulary(
            displayName: name, bundleName: nil, identifier: id, alternativeNames: alternatives,
            intentsSupported: intents, developmentRegion: "en", path: "/apps/\(name)", localizations: ["en": localized])
    }

    static let chat = app(
        "MonkeyChat", id: "chat", intents: ["INSendMessageIntent"],
        contacts: ["Bobo the Great", "Bobo Jr.", "Coco"],
        examples: [("INSendMessageIntent", ["ping Coco on MonkeyChat"])])
    static let lists = app(
        "List-o-Mat", id: "lists", intents: ["INAddTasksIntent", "INSetTaskAttributeIntent"],
        hint: "list oh mat", lists: ["Grocery", "Hardware Store"])
    static let notes = app("TasksNotes", id: "notes", intents: ["INAddTasksIntent", "INSetTaskAttributeIntent"], lists: ["WWDC"])

    static func parser(apps: [AppVocabulary] = [chat, lists, notes], grammar: String = grammarText) throws -> IntentParser {
        let loaded = try GrammarLoader(schema: try .siriKit(), entities: EntityCatalog.names).load(text: grammar, locale: "en")
        return try IntentParser(schema: try .siriKit(), apps: apps, grammars: ["en": loaded])
    }
}

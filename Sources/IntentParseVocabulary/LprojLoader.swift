import Foundation
import IntentParseBase
import IntentParseSchema

/// Loads `<lang>.lproj/AppIntentVocabulary.plist` and `<lang>.lproj/UserVocabulary.plist`.
struct LprojLoader {
    let schema: Schema
    let app: AppVocabulary

    func loadLocalizations(folder: URL, log: inout DiagnosticLog) -> [String: LocalizedVocabulary] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var result: [String: LocalizedVocabulary] = [:]
        for entry in entries.sorted() where entry.hasSuffix(".lproj") {
            let language = String(entry.dropLast(".lproj".count))
            var localized = LocalizedVocabulary(folder: entry)
            let lproj = folder.appendingPathComponent(entry)
            let appVocabularyURL = lproj.appendingPathComponent("AppIntentVocabulary.plist")
            if FileManager.default.fileExists(atPath: appVocabularyURL.path) {
                var reader = PlistReader(file: appVocabularyURL.path, log: log)
                loadAppIntentVocabulary(&reader, url: appVocabularyURL, into: &localized)
                localized.hasAppIntentVocabulary = true
                log = reader.log
            }
            let userURL = lproj.appendingPathComponent("UserVocabulary.plist")
            if FileManager.default.fileExists(atPath: userURL.path) {
                var reader = PlistReader(file: userURL.path, log: log)
                localized.userVocabulary = loadUserVocabulary(&reader, url: userURL)
                localized.hasUserVocabulary = true
                log = reader.log
            }
            result[language] = localized
        }
        return result
    }

    // MARK: AppIntentVocabulary.plist

    func loadAppIntentVocabulary(_ reader: inout PlistReader, url: URL, into localized: inout LocalizedVocabulary) {
        guard let rootValue = reader.root(of: url), let root = reader.dictionary(rootValue, "") else { return }
        for key in root.keys.sorted() where key != "ParameterVocabularies" && key != "IntentPhrases" {
            reader.warning(
                key,
                "unknown key; AppIntentVocabulary.plist has ParameterVocabularies and IntentPhrases"
                    + Suggestions.didYouMean(key, in: ["ParameterVocabularies", "IntentPhrases"]))
        }
        if root["ParameterVocabularies"] != nil, let list = reader.array(root["ParameterVocabularies"], "ParameterVocabularies") {
            for (index, item) in list.enumerated() {
                parameterVocabulary(&reader, item, join("ParameterVocabularies", index), into: &localized)
            }
        }
        if root["IntentPhrases"] != nil, let list = reader.array(root["IntentPhrases"], "IntentPhrases") {
            for (index, item) in list.enumerated() {
                intentPhrase(&reader, item, join("IntentPhrases", index), into: &localized)
            }
        }
    }

    private func parameterVocabulary(_ reader: inout PlistReader, _ item: Any, _ path: String, into localized: inout LocalizedVocabulary) {
        guard let entry = reader.dictionary(item, path),
            let names = reader.array(entry["ParameterNames"], join(path, "ParameterNames")),
            let items = reader.array(entry["ParameterVocabulary"], join(path, "ParameterVocabulary"))
        else { return }
        let terms = items.enumerated().compactMap { index, value in
            vocabularyItem(&reader, value, join(join(path, "ParameterVocabulary"), index), priority: index)
        }
        for (index, value) in names.enumerated() {
            let namePath = join(join(path, "ParameterNames"), index)
            guard let name = reader.string(value, namePath) else { continue }
            guard let (intent, _) = schema.parameter(path: name) else {
                let known = schema.intents.values.flatMap { intent in intent.parameters.map { "\(intent.name).\($0.name)" } }
                reader.error(namePath, "unknown parameter '\(name)'; expected IntentName.parameterName" + Suggestions.didYouMean(name, in: known))
                continue
            }
            if !app.supports(intent.name) {
                reader.warning(namePath, "\(app.displayName) does not list \(intent.name) in IntentsSupported")
            }
            localized.parameterVocabularies[name, default: []].append(contentsOf: terms)
        }
    }

    private func vocabularyItem(_ reader: inout PlistReader, _ value: Any, _ path: String, priority: Int) -> VocabularyTerm? {
        guard let entry = reader.dictionary(value, path),
            let synonyms = reader.array(entry["VocabularyItemSynonyms"], join(path, "VocabularyItemSynonyms"))
        else { return nil }
        let identifier = reader.optionalString(entry["VocabularyItemIdentifier"], join(path, "VocabularyItemIdentifier"))
        let phrases: [VocabularyTerm.Phrase] = synonyms.enumerated().compactMap { index, synonym in
            let synonymPath = join(join(path, "VocabularyItemSynonyms"), index)
            guard let dict = reader.dictionary(synonym, synonymPath),
                let phrase = reader.string(dict["VocabularyItemPhrase"], join(synonymPath, "VocabularyItemPhrase"))
            else { return nil }
            let pronunciation = reader.optionalString(dict["VocabularyItemPronunciation"], join(synonymPath, "VocabularyItemPronunciation"))
            if dict["VocabularyItemExamples"] != nil {
                _ = reader.array(dict["VocabularyItemExamples"], join(synonymPath, "VocabularyItemExamples"))
            }
            return VocabularyTerm.Phrase(text: phrase, pronunciation: pronunciation)
        }
        return phrases.isEmpty ? nil : VocabularyTerm(identifier: identifier, phrases: phrases, priority: priority)
    }

    private func intentPhrase(_ reader: inout PlistReader, _ item: Any, _ path: String, into localized: inout LocalizedVocabulary) {
        guard let entry = reader.dictionary(item, path),
            let name = reader.string(entry["IntentName"], join(path, "IntentName")),
            let examples = reader.array(entry["IntentExamples"], join(path, "IntentExamples"))
        else { return }
        guard schema[name] != nil else {
            reader.error(join(path, "IntentName"), "unknown intent '\(name)'" + Suggestions.didYouMean(name, in: schema.intentNames))
            return
        }
        if !app.supports(name) {
            reader.error(join(path, "IntentName"), "\(app.displayName) gives examples for \(name) but does not list it in IntentsSupported")
        }
        let texts = examples.enumerated().compactMap { index, value in
            reader.string(value, join(join(path, "IntentExamples"), index))
        }
        localized.intentPhrases.append((intent: name, examples: texts))
    }

    // MARK: UserVocabulary.plist

    func loadUserVocabulary(_ reader: inout PlistReader, url: URL) -> [String: [VocabularyTerm]] {
        guard let rootValue = reader.root(of: url), let root = reader.dictionary(rootValue, "") else { return [:] }
        var result: [String: [VocabularyTerm]] = [:]
        for key in root.keys.sorted() {
            guard schema.vocabularyTypes.contains(key) else {
                reader.error(
                    key,
                    "unknown vocabulary type '\(key)'; expected an INVocabularyStringType case name"
                        + Suggestions.didYouMean(key, in: schema.vocabularyTypes))
                continue
            }
            guard let items = reader.array(root[key], key) else { continue }
            result[key] = items.enumerated().compactMap { index, item in
                userItem(&reader, item, join(key, index), priority: index)
            }
        }
        return result
    }

    private func userItem(_ reader: inout PlistReader, _ item: Any, _ path: String, priority: Int) -> VocabularyTerm? {
        if item is String {
            guard let phrase = reader.string(item, path) else { return nil }
            return VocabularyTerm(identifier: nil, phrases: [.init(text: phrase)], priority: priority)
        }
        guard let dict = reader.dictionary(item, path) else { return nil }
        for key in dict.keys.sorted() where !["identifier", "phrase", "pronunciation"].contains(key) {
            reader.warning(
                join(path, key),
                "unknown key; an item has identifier, phrase and pronunciation"
                    + Suggestions.didYouMean(key, in: ["identifier", "phrase", "pronunciation"]))
        }
        guard let phrase = reader.string(dict["phrase"], join(path, "phrase")) else { return nil }
        let identifier = reader.optionalString(dict["identifier"], join(path, "identifier"))
        let pronunciation = reader.optionalString(dict["pronunciation"], join(path, "pronunciation"))
        return VocabularyTerm(identifier: identifier, phrases: [.init(text: phrase, pronunciation: pronunciation)], priority: priority)
    }
}

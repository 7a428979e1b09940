import Foundation
import IntentParseBase
import IntentParseSchema

/// A shortcut an app donated, with the user's voice phrase: an intent with fixed parameters,
/// or a user activity (it opens the app on a screen).
package struct Shortcut: Sendable, Equatable {
    package enum Action: Sendable, Equatable {
        case intent(name: String, parameters: [String: JSONValue])
        case userActivity(type: String, title: String?)
    }

    package var phrase: String
    package var action: Action

    package init(phrase: String, action: Action) {
        self.phrase = phrase
        self.action = action
    }
}

/// Reads `Vocabulary/<App>/Shortcuts.plist`: an array of
/// `{phrase, intent, parameters?}` or `{phrase, userActivityType, title?}` dictionaries.
struct ShortcutsLoader {
    /// SiriKit suggests apps donate only the shortcuts people use; more than this is a smell.
    static let recommendedMaximum = 20

    let schema: Schema

    func load(_ reader: inout PlistReader, url: URL, app: AppVocabulary) -> [Shortcut] {
        guard let rootValue = reader.root(of: url), let list = reader.array(rootValue, "") else { return [] }
        if list.count > ShortcutsLoader.recommendedMaximum {
            reader.warning(
                "", "\(app.displayName) donates \(list.count) shortcuts; more than \(ShortcutsLoader.recommendedMaximum) crowd the user's phrases")
        }
        return list.enumerated().compactMap { index, item in shortcut(&reader, item, "[\(index)]", app: app) }
    }

    private func shortcut(_ reader: inout PlistReader, _ item: Any, _ path: String, app: AppVocabulary) -> Shortcut? {
        guard let dict = reader.dictionary(item, path), let phrase = reader.string(dict["phrase"], join(path, "phrase")) else { return nil }
        for key in dict.keys.sorted() where !["phrase", "intent", "parameters", "userActivityType", "title"].contains(key) {
            reader.warning(
                join(path, key), "unknown key" + Suggestions.didYouMean(key, in: ["phrase", "intent", "parameters", "userActivityType", "title"]))
        }
        switch (dict["intent"], dict["userActivityType"]) {
        case (nil, nil), (.some, .some):
            reader.error(path, "a shortcut has either 'intent' (with 'parameters') or 'userActivityType'")
            return nil
        case (let intentValue?, nil):
            guard let name = reader.string(intentValue, join(path, "intent")) else { return nil }
            guard let intent = schema[name] else {
                reader.error(join(path, "intent"), "unknown intent '\(name)'" + Suggestions.didYouMean(name, in: schema.intentNames))
                return nil
            }
            if !app.supports(name) { reader.error(join(path, "intent"), "\(app.displayName) does not support \(name)") }
            return Shortcut(
                phrase: phrase,
                action: .intent(name: name, parameters: parameters(&reader, dict["parameters"], join(path, "parameters"), intent: intent)))
        case (nil, let activity?):
            guard let type = reader.string(activity, join(path, "userActivityType")) else { return nil }
            return Shortcut(phrase: phrase, action: .userActivity(type: type, title: reader.optionalString(dict["title"], join(path, "title"))))
        }
    }

    private func parameters(_ reader: inout PlistReader, _ value: Any?, _ path: String, intent: IntentSchema) -> [String: JSONValue] {
        guard value != nil, let dict = reader.dictionary(value, path) else { return [:] }
        var result: [String: JSONValue] = [:]
        for (name, raw) in dict {
            guard intent.parameter(name) != nil else {
                reader.error(
                    join(path, name), "\(intent.name) has no parameter '\(name)'" + Suggestions.didYouMean(name, in: intent.parameters.map(\.name)))
                continue
            }
            switch raw {
            case let text as String: result[name] = .string(text)
            case let number as NSNumber: result[name] = .number(number.doubleValue)
            default: reader.error(join(path, name), "a shortcut parameter is a string or a number")
            }
        }
        return result
    }
}

import Foundation
import IntentParse
import IntentParseBase

/// Reads requests logged or collected as JSON Lines (`*.jsonl`), one object a line:
///
///     {"text": "get me an uber to the airport", "intent": "INRequestRideIntent"}
///     {"text": "what's the weather", "intent": null}
///     {"text": "text Bobo I'm late", "intent": "INSendMessageIntent", "slots": {"recipients": ["Bobo"]}, "locale": "en"}
///
/// `intent` is an intent name, or null for a request that must be rejected. Other keys are
/// allowed (`id`, `source`, …) and ignored, so a dataset's own lines load unchanged.
///
/// Such a case checks the intent only: not the app (logged requests seldom name one) and not
/// every parameter. `slots` are checked where their names are parameters of the intent (the
/// words as typed, in order); a dataset's own slot names ("playlist", "datetime") are not.
/// Without `locale`, a request is parsed with every loaded language tried.
extension CorpusLoader {
    func parseJSONLines(_ file: String, text: String, into corpus: inout Corpus, log: inout DiagnosticLog) {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            let location = SourceLocation(file: file, line: index + 1)
            if let testCase = parseRequest(String(line), at: location, log: &log) { corpus.cases.append(testCase) }
        }
    }

    private func parseRequest(_ line: String, at location: SourceLocation, log: inout DiagnosticLog) -> CorpusCase? {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
            log.error(location, "not a JSON object: each line of a .jsonl file is one request, {\"text\": …, \"intent\": …}")
            return nil
        }
        guard let text = object["text"] as? String else {
            log.error(location, "a request needs \"text\" (a string)")
            return nil
        }
        guard object.keys.contains("intent") else {
            log.error(location, "a request needs \"intent\" (an intent name, or null for a request that must be rejected)")
            return nil
        }
        var intent: String?
        switch object["intent"] {
        case is NSNull: intent = nil
        case let name as String:
            if let intents, !intents.contains(name) {
                let hint = Suggestions.didYouMean(name, in: intents.sorted())
                log.error(location, "unknown intent '\(name)'" + (hint.isEmpty ? ": neither SiriKit's nor a custom intent of a loaded app" : hint))
                return nil
            }
            intent = name
        default:
            log.error(location, "\"intent\" must be an intent name or null")
            return nil
        }
        let locale: String
        switch object["locale"] {
        case nil: locale = "auto"
        case let value as String where !value.isEmpty: locale = value
        default:
            log.error(location, "\"locale\" must be a locale identifier such as \"en\" or \"de-DE\"")
            return nil
        }
        var expectation = Expectation(intent: intent, app: nil, parameters: [], missing: nil)
        expectation.checksEveryParameter = false
        expectation.also = nil
        if let intent, let slots = object["slots"] as? [String: Any], let known = parameters?[intent] {
            for (name, value) in slots.sorted(by: { $0.key < $1.key }) where known.contains(name) {
                let words = (value as? [Any] ?? [value]).compactMap { $0 as? String }
                guard !words.isEmpty else { continue }
                expectation.spokenSlots.append((name, words))
            }
        }
        return CorpusCase(
            file: location.file, line: location.line ?? 0, sentence: text, locale: locale, givenApp: nil, now: nil,
            tags: [], expectation: expectation)
    }
}

import Foundation
import IntentParseBase
import IntentParseMatching

/// The text of `explain`, and its JSON (`--format json`, and the service's `POST /explain`);
/// also used by golden tests.
package enum Explanation {
    /// `text` parsed, with what `explain` shows besides: for a rejected line the templates that
    /// came nearest, and for one no template took what the second stage tried.
    package static func explain(_ text: String, parser: IntentParser, locale: String?, context: MatchContext) -> (
        result: MatchResult, near: [IntentMatcher.NearMiss], frames: [FrameAttempt]
    ) {
        let result = parser.parse(text, locale: locale, context: context)
        let near = result.interpretations.isEmpty ? parser.nearMisses(text, locale: result.locale) : []
        let frames =
            result.interpretations.isEmpty || result.best?.isFrameReading == true
            ? parser.frameAttempts(text, locale: result.locale, context: context) : []
        return (result, near, frames)
    }

    package static func render(_ result: MatchResult, near: [IntentMatcher.NearMiss] = [], frames: [FrameAttempt] = []) -> String {
        var lines = ["utterance  \"\(result.text)\"", "locale     \(result.locale)"]
        lines.append(
            "tokens     "
                + result.tokens.map { token in
                    token.isPunctuation ? "·\(token.text)" : (token.looseKey == token.text ? token.text : "\(token.text)→\(token.looseKey)")
                }.joined(separator: " "))
        guard !result.interpretations.isEmpty else {
            lines.append("result     rejected: \(result.reason ?? "no match")")
            for (rank, miss) in near.enumerated() {
                lines.append("")
                lines.append("nearest \(rank + 1)  \(miss.template.intent)  \"\(miss.template.source.text)\"  [\(miss.template.source.location)]")
                lines.append("  " + stopped(miss, result))
            }
            return (lines + frameLines(frames)).joined(separator: "\n")
        }
        for (rank, interpretation) in result.interpretations.enumerated() {
            lines.append("")
            lines.append(rank == 0 ? "best" : "alternative \(rank)")
            lines += describe(interpretation)
        }
        return (lines + frameLines(frames)).joined(separator: "\n")
    }

    /// What the second stage tried: per intent, the cues found and what came of them.
    private static func frameLines(_ frames: [FrameAttempt]) -> [String] {
        guard !frames.isEmpty else { return [] }
        var lines = ["", "second stage (frames)"]
        for attempt in frames {
            let unexplained = attempt.unexplained.map { ", \($0) word(s) unexplained" } ?? ""
            lines.append("  \(attempt.intent): \(attempt.outcome)\(unexplained)")
            lines.append("    found  " + attempt.found.joined(separator: " · "))
        }
        return lines
    }

    /// "matched 2 of 5 words; stopped at "fait" (word 3)", or that it read them all.
    private static func stopped(_ miss: IntentMatcher.NearMiss, _ result: MatchResult) -> String {
        let words = result.tokens.filter { !$0.isPunctuation }.count
        let matched = "matched \(miss.wordsMatched) of \(words) words with its own words, lists and names"
        guard let stop = miss.stoppedAt, stop < result.tokens.count else { return matched + "; read to the end, where it wanted more" }
        let position = result.tokens[..<stop].filter { !$0.isPunctuation }.count + 1
        return matched + "; stopped at \"\(result.tokens[stop].text)\" (word \(position))"
    }

    package static func describe(_ i: Interpretation) -> [String] {
        var lines = ["  intent    \(i.intent) (\(i.domain.rawValue))"]
        let app = i.app.map { "\($0.displayName) (\(i.appSource?.rawValue ?? ""))" } ?? "unknown"
        lines.append("  app       \(app)")
        if i.isFrameReading {
            lines.append("  frame     read by the second stage (no template took the line)  [\(i.template.source.location)]")
        } else {
            let origin = i.isLearnedTemplate ? "learned from IntentExample" : "grammar"
            lines.append("  template  \"\(i.template.source.text)\"  [\(origin), \(i.template.source.location)]")
        }
        for (name, value) in i.parameters {
            for slot in value.values {
                var text = "  slot      \(name) = \"\(slot.spoken)\""
                if let range = slot.range { text += " @\(range.lowerBound)..<\(range.upperBound)" }
                if let identifier = slot.identifier { text += " identifier \(identifier)" }
                if let value = slot.value { text += " value \(value.serialized)" }
                if slot.isSoundsLike { text += " (sounds like)" }
                if slot.isPartial { text += " (partial: a name's first or last words)" }
                lines.append(text)
            }
        }
        if !i.missing.isEmpty { lines.append("  missing   \(i.missing.joined(separator: ", "))") }
        let e = i.evidence
        lines.append(
            "  evidence  \(e.literal) literal, \(e.named) named, \(e.soundsLike) sounds-like, \(e.wildcard) wildcard, \(e.skipped) skipped word(s)")
        lines.append("  score     \(String(format: "%.2f", i.score)) (weight \(String(format: "%.3f", i.weight)))")
        return lines
    }

    /// One object: the utterance, its tokens, and every interpretation (best first) with its
    /// template, slots, evidence and score; `reason` when the utterance is rejected.
    /// Ranges are UTF-16 offsets into the text, end excluded.
    package static func json(_ result: MatchResult, near: [IntentMatcher.NearMiss] = [], frames: [FrameAttempt] = []) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("text", .string(result.text)),
            ("locale", .string(result.locale)),
            (
                "tokens",
                .array(
                    result.tokens.map { token in
                        .object([
                            ("text", .string(token.text)), ("key", .string(token.looseKey)), ("range", range(token.range)),
                            ("punctuation", .bool(token.isPunctuation))
                        ])
                    })
            ),
            ("interpretations", .array(result.interpretations.map(json)))
        ]
        if result.interpretations.isEmpty {
            members.append(("reason", .string(result.reason ?? "no match")))
            members.append(("nearest", .array(near.map { json($0, result) })))
        }
        if !frames.isEmpty {
            members.append(
                (
                    "frames",
                    .array(
                        frames.map { attempt in
                            .object([
                                ("intent", .string(attempt.intent)), ("found", .array(attempt.found.map(JSONValue.string))),
                                ("unexplained", attempt.unexplained.map(count) ?? .null), ("outcome", .string(attempt.outcome))
                            ])
                        })
                ))
        }
        return .object(members)
    }

    /// A near miss: its template, the words it read, and the token where it stopped (null when
    /// it read them all).
    private static func json(_ miss: IntentMatcher.NearMiss, _ result: MatchResult) -> JSONValue {
        let template: JSONValue = .object([("text", .string(miss.template.source.text))] + miss.template.source.location.jsonMembers)
        var stoppedAt: JSONValue = .null
        if let stop = miss.stoppedAt, stop < result.tokens.count {
            stoppedAt = .object([("text", .string(result.tokens[stop].text)), ("range", range(result.tokens[stop].range))])
        }
        return .object([
            ("intent", .string(miss.template.intent)), ("template", template), ("wordsMatched", count(miss.wordsMatched)),
            ("stoppedAt", stoppedAt)
        ])
    }

    package static func json(_ i: Interpretation) -> JSONValue {
        let app: JSONValue =
            i.app.map {
                .object([
                    ("name", .string($0.displayName)), ("identifier", .string($0.identifier)),
                    ("source", i.appSource.map { .string($0.rawValue) } ?? .null)
                ])
            } ?? .null
        let template: JSONValue = .object(
            [
                ("text", .string(i.template.source.text)),
                ("origin", .string(i.isLearnedTemplate ? "learned" : "grammar"))
            ] + i.template.source.location.jsonMembers)
        let e = i.evidence
        let evidence: JSONValue = .object([
            ("literal", count(e.literal)), ("named", count(e.named)), ("soundsLike", count(e.soundsLike)),
            ("wildcard", count(e.wildcard)), ("skipped", count(e.skipped))
        ])
        return .object([
            ("intent", .string(i.intent)), ("domain", .string(i.domain.rawValue)), ("app", app), ("template", template),
            ("slots", .array(i.parameters.flatMap { name, value in value.values.map { slot(name, $0) } })),
            ("missing", .array(i.missing.map { .string($0) })),
            ("evidence", evidence), ("score", .number(i.score)), ("weight", .number(i.weight))
        ])
    }

    private static func slot(_ parameter: String, _ slot: SlotValue) -> JSONValue {
        var members: [(String, JSONValue)] = [("parameter", .string(parameter)), ("spoken", .string(slot.spoken))]
        if let span = slot.range { members.append(("range", range(span))) }
        if let identifier = slot.identifier { members.append(("identifier", .string(identifier))) }
        if let value = slot.value { members.append(("value", value)) }
        members.append(("soundsLike", .bool(slot.isSoundsLike)))
        return .object(members)
    }

    private static func range(_ range: Range<Int>) -> JSONValue { .array([count(range.lowerBound), count(range.upperBound)]) }

    private static func count(_ value: Int) -> JSONValue { .number(Double(value)) }
}

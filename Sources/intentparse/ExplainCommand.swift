import ArgumentParser
import Foundation
import IntentParse

/// `intentparse explain "utterance"`: which template matched, which words went to which slot,
/// and why it scored as it did.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show how an utterance was parsed: tokens, template, slots and score."
    )

    @OptionGroup var options: CommonOptions

    @Argument(help: "The utterance to explain.")
    var utterance: String

    func run() throws {
        let parser = try options.loadParser()
        let result = parser.parse(utterance, locale: options.locale, context: options.context)
        print(Explanation.render(result))
    }
}

/// The text of `explain`; also used by golden tests.
enum Explanation {
    static func render(_ result: MatchResult) -> String {
        var lines = ["utterance  \"\(result.text)\"", "locale     \(result.locale)"]
        lines.append("tokens     " + result.tokens.map { token in
            token.isPunctuation ? "·\(token.text)" : (token.looseKey == token.text ? token.text : "\(token.text)→\(token.looseKey)")
        }.joined(separator: " "))
        guard !result.interpretations.isEmpty else {
            lines.append("result     rejected: \(result.reason ?? "no match")")
            return lines.joined(separator: "\n")
        }
        for (rank, interpretation) in result.interpretations.enumerated() {
            lines.append("")
            lines.append(rank == 0 ? "best" : "alternative \(rank)")
            lines += describe(interpretation)
        }
        return lines.joined(separator: "\n")
    }

    static func describe(_ i: Interpretation) -> [String] {
        var lines = ["  intent    \(i.intent) (\(i.domain.rawValue))"]
        let app = i.app.map { "\($0.displayName) (\(i.appSource?.rawValue ?? ""))" } ?? "unknown"
        lines.append("  app       \(app)")
        let origin = i.isLearnedTemplate ? "learned from IntentExample" : "grammar"
        lines.append("  template  \"\(i.template.source.text)\"  [\(origin), \(i.template.source.location)]")
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
        lines.append("  evidence  \(e.literal) literal, \(e.named) named, \(e.soundsLike) sounds-like, \(e.wildcard) wildcard, \(e.skipped) skipped word(s)")
        lines.append("  score     \(String(format: "%.2f", i.score)) (weight \(String(format: "%.3f", i.weight)))")
        return lines
    }
}

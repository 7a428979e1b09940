import IntentParseBase
import IntentParseNormalization
import IntentParseSchema
import IntentParseVocabulary

/// The default resolver: matches a value against the app's vocabulary for the parameter.
///
/// Exact (after normalization, or a pronunciation hint) → success; a unique partial, fuzzy (typo)
/// or sounds-alike match → confirmationRequired; 2-10 → disambiguation in vocabulary priority
/// order; more → needsMoreDetails; none → unsupported when the parameter names existing things
/// (contacts, lists, tasks, notes) and the app has such vocabulary, success otherwise. Words
/// around a name ("my best friend Bobo") are tolerated: every span of the reply is tried and the
/// span with the best kind of match wins.
package struct VocabularyResolver: Sendable {
    enum Quality: Int, Comparable {
        case partial = 1
        case fuzzy, soundsLike, exact
        static func < (a: Quality, b: Quality) -> Bool { a.rawValue < b.rawValue }
    }

    struct Candidate {
        var term: VocabularyTerm
        var quality: Quality
    }

    let normalizer: Normalizer
    /// Spans longer than this are not tried as names.
    static let maxSpanWords = 8
    static let maxOptions = 10

    package init(locale: String, rules: TokenRules = TokenRules()) { normalizer = Normalizer.shared(locale: locale, rules: rules) }

    /// Compares names with `normalizer` (the language's own, with its token rules).
    package init(normalizer: Normalizer) { self.normalizer = normalizer }

    /// The app's terms for a parameter: user vocabulary of its type, then AppIntentVocabulary.
    package static func terms(intent: String, parameter: ParameterSchema, app: AppVocabulary?, locale: String) -> [VocabularyTerm] {
        guard let localized = app?.localization(for: locale) else { return [] }
        let user = parameter.vocabulary.flatMap { localized.userVocabulary[$0] } ?? []
        return user + (localized.parameterVocabularies["\(intent).\(parameter.name)"] ?? [])
    }

    package func resolve(_ value: SlotValue, parameter: ParameterSchema, terms: [VocabularyTerm]) -> ResolutionResult {
        guard !terms.isEmpty else { return .success(value) }
        if let identifier = value.identifier, let term = terms.first(where: { $0.identifier == identifier }) {
            return .success(resolved(value.spoken, term))
        }
        let (candidates, span) = bestSpan(value.spoken, terms: terms)
        guard let best = candidates.map(\.quality).max() else {
            return parameter.type.isClosed ? .unsupported(reason: "no match for \"\(value.spoken)\"") : .success(value)
        }
        let matches = candidates.filter { $0.quality == best }.sorted { $0.term.priority < $1.term.priority }
        let spoken = span ?? value.spoken
        if best == .exact, matches.count == 1 { return .success(resolved(spoken, matches[0].term)) }
        switch matches.count {
        case 1: return .confirmationRequired(resolved(spoken, matches[0].term))
        case 2...VocabularyResolver.maxOptions: return .disambiguation(matches.map { resolved(spoken, $0.term) })
        default: return .needsMoreDetails(count: matches.count)
        }
    }

    private func resolved(_ spoken: String, _ term: VocabularyTerm) -> SlotValue {
        SlotValue(spoken: spoken, identifier: term.identifier ?? term.displayName, display: term.displayName)
    }

    /// The span of the reply whose best match is strongest (longer spans win ties).
    private func bestSpan(_ text: String, terms: [VocabularyTerm]) -> ([Candidate], String?) {
        let tokenized = normalizer.tokenize(text)
        let words = tokenized.tokens.indices.filter { !tokenized.tokens[$0].isPunctuation }
        var best: (quality: Quality, length: Int, candidates: [Candidate], span: String)?
        for i in words.indices {
            for j in i..<min(words.count, i + VocabularyResolver.maxSpanWords) {
                let spanTokens = words[i...j].map { tokenized.tokens[$0] }
                let candidates = terms.compactMap { term in quality(spanTokens, term).map { Candidate(term: term, quality: $0) } }
                guard let top = candidates.map(\.quality).max() else { continue }
                let length = j - i + 1
                if let current = best, top < current.quality || (top == current.quality && length <= current.length) { continue }
                best = (top, length, candidates, tokenized.slice(tokens: words[i], through: words[j]))
            }
        }
        return (best?.candidates ?? [], best?.span)
    }

    /// How well a span of words names a term, or nil.
    private func quality(_ span: [Token], _ term: VocabularyTerm) -> Quality? {
        let spanKey = span.map(\.looseKey).joined()
        let spanSound = SoundsLike.joining(span.map(\.soundKey))
        var best: Quality?
        func consider(_ q: Quality) { best = max(best ?? q, q) }
        for phrase in term.phrases {
            for (text, isHint) in [(phrase.text, false)] + (phrase.pronunciation.map { [($0, true)] } ?? []) {
                let words = normalizer.tokenize(text).tokens.filter { !$0.isPunctuation }
                let key = words.map(\.looseKey).joined()
                if key == spanKey { consider(.exact); continue }
                if spanSound.count >= 4, SoundsLike.joining(words.map(\.soundKey)) == spanSound { consider(isHint ? .exact : .soundsLike) }
                guard !isHint else { continue }
                if VocabularyResolver.contains(words.map(\.looseKey), span.map(\.looseKey)) {
                    consider(.partial)
                } else if spanKey.count >= 4, Suggestions.editDistance(key, spanKey) <= max(1, key.count / 5) {
                    consider(.fuzzy)
                }
            }
        }
        return best
    }

    /// True when `part` is the first or last words of `whole` ("Bobo", "Store", "Jr" — not a
    /// middle word like "the" of "Bobo the Great").
    static func contains(_ whole: [String], _ part: [String]) -> Bool {
        guard !part.isEmpty, part.count < whole.count else { return false }
        return whole.starts(with: part) || whole.reversed().starts(with: part.reversed())
    }
}

import IntentParseGrammar
import IntentParseMatching
import IntentParseNormalization

/// Several requests in one line ("add milk to my grocery list and text Bobo I'm on my way"):
/// a line no template takes whole is cut where the locale's `<request_separator>` says, into
/// parts that each parse on their own.
///
/// Rules, in order:
/// - a line that parses as one request stays one, unless its reading has a separator inside a
///   value or lacks a required value (besides the app), and every part scores above it ("text
///   Bobo I'm on my way and add milk to my list", read as a message to two people, one of them
///   "add milk to my list", with no content, is two requests);
/// - every part must parse; a line with one part that does not stays as it was;
/// - fewest parts first, then the highest total score, then the earliest cuts;
/// - a part that names no app is asked again with the app of the part before it in focus
///   ("in ListOMat add milk and show my lists"), and keeps that reading when it parses.
struct RequestSeparators: Sendable {
    /// The separators as token keys (words by their loose key, punctuation by its NFKC key),
    /// longest first.
    private let phrases: [[String]]
    /// The keys separators start with: most tokens are none of them, and are passed over
    /// with one lookup.
    private let firstKeys: Set<String>
    /// The first Unicode scalars of `firstKeys`, a bit each by their low 16 bits: most tokens
    /// start with none of them, and are passed over without hashing their key (a first byte
    /// would not tell one Han character from most others).
    private let firstScalars: [UInt64]

    /// Most separators a line is cut at, and most parts, so that the search stays small.
    static let maxCuts = 8
    static let maxParts = 4

    init(grammar: LanguageGrammar, matcher: IntentMatcher) {
        guard let rule = grammar.rules[LanguageGrammar.requestSeparatorRule] else {
            phrases = []
            firstKeys = []
            firstScalars = []
            return
        }
        let keys = Set(rule.source.expression.phrases(rules: grammar.rules).map { matcher.tokens(of: $0).map(RequestSeparators.key) })
        phrases = keys.filter { !$0.isEmpty }.sorted { ($0.count, $0.joined(separator: " ")) > ($1.count, $1.joined(separator: " ")) }
        firstKeys = Set(phrases.map { $0[0] })
        var scalars = [UInt64](repeating: 0, count: (1 << 16) / 64)
        for key in firstKeys {
            if let scalar = key.unicodeScalars.first { scalars[Int(scalar.value & 0xFFFF) >> 6] |= 1 << (scalar.value & 63) }
        }
        firstScalars = scalars
    }

    var isEmpty: Bool { phrases.isEmpty }

    private static func key(_ token: Token) -> String { token.isPunctuation ? token.key : token.looseKey }

    /// Whether a separator may start with `key`: its first scalar is one a separator's is.
    private func mayStart(_ key: String) -> Bool {
        guard !firstScalars.isEmpty, let scalar = key.unicodeScalars.first else { return false }
        return firstScalars[Int(scalar.value & 0xFFFF) >> 6] & (1 << (scalar.value & 63)) != 0 && firstKeys.contains(key)
    }

    /// Per token, whether a separator with a word in it ("and", "and then", not ",") starts
    /// there, anywhere in the line: the second stage reads no line that leaves one unexplained.
    func wordSeparatorStarts(in tokens: [Token]) -> [Bool] {
        tokens.indices.map { position in
            !tokens[position].isPunctuation && mayStart(RequestSeparators.key(tokens[position]))
                && phrase(at: position, in: tokens, before: tokens.count) != nil
        }
    }

    /// The longest separator that starts at `position` and ends by `end`, if any.
    private func phrase(at position: Int, in tokens: [Token], before end: Int) -> [String]? {
        phrases.first { phrase in
            position + phrase.count <= end && phrase.indices.allSatisfy { RequestSeparators.key(tokens[position + $0]) == phrase[$0] }
        }
    }

    /// Where separators stand in `tokens`, left to right, longest first at each position, with a
    /// word before and after each; at most `maxCuts`.
    func cuts(in tokens: [Token]) -> [Range<Int>] {
        guard !phrases.isEmpty, let firstWord = tokens.firstIndex(where: { !$0.isPunctuation }),
            let lastWord = tokens.lastIndex(where: { !$0.isPunctuation })
        else { return [] }
        var result: [Range<Int>] = []
        var position = firstWord + 1
        while position < lastWord, result.count < RequestSeparators.maxCuts {
            guard mayStart(RequestSeparators.key(tokens[position])) else {
                position += 1
                continue
            }
            if let phrase = phrase(at: position, in: tokens, before: lastWord) {
                result.append(position..<position + phrase.count)
                position += phrase.count
            } else {
                position += 1
            }
        }
        return result
    }
}

extension IntentParser {
    /// `text` read as several requests in `matcher`'s locale (see `RequestSeparators`); nil when
    /// it stays as `whole`, the matcher's result for the line.
    func compound(_ text: String, whole: MatchResult, matcher: IntentMatcher, separators: RequestSeparators, context: MatchContext)
        -> MatchResult?
    {
        let tokens = whole.tokens
        let cuts = separators.cuts(in: tokens)
        guard !cuts.isEmpty else { return nil }
        if let reading = whole.best {
            // Only a reading that may be a misread is tried again: one with a separator's words
            // inside a value ("courses et envoie un message à Bobo" as a list's name; "Kiki" and
            // "then text Coco I'm late" as the people to call), or one that lacks a required
            // value besides the app (a message to "Bobo I'm on my way" and "add milk to my
            // grocery list" with no content). Items of a list ("apples, bananas and pears") are
            // not: their separators stand between the values.
            let values = reading.parameters.flatMap { $0.value.values.compactMap(\.range) }
            let incomplete = reading.missing.contains { $0 != "app" }
            // Once one separator makes the reading suspect, the line may be cut at any of them.
            let suspect = cuts.contains { cut in
                let lower = tokens[cut.lowerBound].range.lowerBound, upper = tokens[cut.upperBound - 1].range.upperBound
                return values.contains { $0.lowerBound < upper && lower < $0.upperBound }
            }
            guard incomplete || suspect else { return nil }
        }
        // A part runs from the end of one cut (or the line's start) to the start of the next
        // (or the line's end), given in UTF-16 offsets (as tokens are): the first part keeps
        // the line's own offsets. NB: sliced by string index, not decoded from UTF-16 again.
        func index(_ offset: Int) -> String.Index { String.Index(utf16Offset: offset, in: text) }
        let starts = [text.startIndex] + cuts.map { index(tokens[$0.upperBound - 1].range.upperBound) }
        let ends = cuts.map { index(tokens[$0.lowerBound].range.lowerBound) } + [text.endIndex]
        var parsed: [Int: MatchResult] = [:]
        func part(_ from: Int, _ to: Int) -> MatchResult {
            let key = from * (cuts.count + 1) + to
            if let known = parsed[key] { return known }
            // Through the scalars: a cut need not fall between characters.
            let part = Substring(text.unicodeScalars[starts[from]..<ends[to]])
            let slice = String(from > 0 ? part.drop { $0.isWhitespace } : part)
            let result = matcher.match(slice, context: context)
            parsed[key] = result
            return result
        }
        // Tokens from the start of part `from` to the end of part `to`.
        func length(_ from: Int, _ to: Int) -> Int {
            (to < cuts.count ? cuts[to].lowerBound : tokens.count) - (from > 0 ? cuts[from - 1].upperBound : 0)
        }
        // Parts are [cut boundaries]: choose which cuts to use, fewest first.
        var best: (parts: [MatchResult], score: Double)?
        for used in 1...min(cuts.count, RequestSeparators.maxParts - 1) where best == nil {
            for chosen in IntentParser.combinations(of: used, from: cuts.count) {
                let bounds = [0] + chosen.map { $0 + 1 }
                let spans = bounds.indices.map { index in (from: bounds[index], to: index + 1 < bounds.count ? bounds[index + 1] - 1 : cuts.count) }
                // Each part must parse, and score above the line's own reading, if any. The
                // shortest parts are asked first: a part that does not parse ("demie" of "huit
                // heures et demie") is usually short, and spares parsing the long ones.
                let order = spans.indices.sorted { length(spans[$0].from, spans[$0].to) < length(spans[$1].from, spans[$1].to) }
                var results = [MatchResult?](repeating: nil, count: spans.count)
                for index in order {
                    let result = part(spans[index].from, spans[index].to)
                    guard let score = result.best?.score, score > whole.best?.score ?? -1 else { break }
                    results[index] = result
                }
                let parts = results.compactMap { $0 }
                guard parts.count == bounds.count else { continue }
                let score = parts.reduce(0) { $0 + ($1.best?.score ?? 0) }
                if score > best?.score ?? -1 { best = (parts, score) }
            }
        }
        guard var parts = best?.parts else { return nil }
        // A part that names no app: the app of the part before it is in focus.
        for index in parts.indices.dropFirst() {
            guard parts[index].best?.appSource != .named, let previous = parts[index - 1].best?.app else { continue }
            var focused = context
            focused.app = previous.identifier
            let again = matcher.match(parts[index].text, context: focused)
            if again.best != nil { parts[index] = again }
        }
        var first = parts[0]
        first.text = text
        first.tokens = tokens
        first.also = Array(parts.dropFirst())
        return first
    }

    /// Every choice of `count` indexes out of `0..<total`, in increasing order, earliest first.
    static func combinations(of count: Int, from total: Int) -> [[Int]] {
        guard count > 0 else { return [[]] }
        guard count <= total else { return [] }
        var result: [[Int]] = []
        func extend(_ chosen: [Int], next: Int) {
            if chosen.count == count {
                result.append(chosen)
                return
            }
            guard next < total else { return }
            for index in next..<total where total - index >= count - chosen.count { extend(chosen + [index], next: index + 1) }
        }
        extend([], next: 0)
        return result
    }
}

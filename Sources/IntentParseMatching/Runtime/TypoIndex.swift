import Foundation
import IntentParseEntities

/// The grammar's own words of five letters or more, for reading a word typed one edit away
/// from one of them (Damerau-Levenshtein: a letter left out, one added, one changed, or two
/// next to each other swapped): "remidn" for "remind", "mesage" for "message".
///
/// A word is read as the grammar word only when that word is the one within one edit; where
/// two grammar words are that close to it, it is read as neither. Shorter words change meaning
/// with one letter ("call"/"cell", "add"/"and"), so they are never corrected.
///
/// NB: the lookup is by deletions (symmetric delete): a word within one edit of `w` shares a
/// one-letter deletion with it, is one, or has `w` as one. The index is built the first time a
/// line needs it (a line no template took), so loading and lines that parse pay nothing.
final class TypoIndex: @unchecked Sendable {
    static let minimumLength = 5

    /// The interned keys of the words, and the words.
    let words: [(id: Int32, key: String)]
    private let lock = NSLock()
    private let keyOf: [Int32: String]
    private var byDeletion: [UInt64: [Int32]]?

    init(words: [(id: Int32, key: String)]) {
        self.words = words
        keyOf = Dictionary(words.map { ($0.id, $0.key) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether `key` is a word this index could take, or correct: five letters or more.
    /// NB: keys are letters and digits (punctuation is no token of its own), so a key without
    /// digits is a word; Unicode's properties are not asked (they cost a table lookup a letter).
    static func isWordLike(_ key: String) -> Bool {
        guard key.utf8.count >= minimumLength else { return false }
        var count = 0
        for scalar in key.unicodeScalars {
            if scalar.value >= 0x30, scalar.value <= 0x39 { return false }
            count += 1
        }
        return count >= minimumLength
    }

    /// Answers already given: the same few unknown words (names, words of other languages)
    /// come back line after line, and each costs a dozen hashed lookups.
    private let answers = Memo<String, Int32?>()

    /// The id of the one grammar word within one edit of `key` (a word no template uses), or nil.
    func correction(of key: String) -> Int32? {
        guard TypoIndex.isWordLike(key) else { return nil }
        if let known = answers.answer(key) { return known }
        let found = lookUp(key)
        answers.keep(found, for: key)
        return found
    }

    private func lookUp(_ key: String) -> Int32? {
        let index = deletionIndex()
        let typed = Array(key.unicodeScalars)
        var found: Int32?
        var seen: [Int32] = []
        // The typed word is a deletion of a word (a letter left out), or shares a deletion with
        // one (changed, swapped), or has one as a deletion (a letter added): each candidate is
        // then checked exactly, so hashes that collide only add candidates.
        for skipped in -1..<typed.count {
            for id in index[TypoIndex.hash(typed, skipping: skipped)] ?? [] where !seen.contains(id) {
                seen.append(id)
                guard let word = keyOf[id], TypoIndex.withinOneEdit(typed, Array(word.unicodeScalars)) else { continue }
                guard found == nil else { return nil }
                found = id
            }
        }
        return found
    }

    /// Per hash of a word, and of each of its one-letter deletions, the words.
    private func deletionIndex() -> [UInt64: [Int32]] {
        lock.lock()
        defer { lock.unlock() }
        if let byDeletion { return byDeletion }
        var index: [UInt64: [Int32]] = [:]
        for (id, key) in words {
            let scalars = Array(key.unicodeScalars)
            for skipped in -1..<scalars.count {
                let hash = TypoIndex.hash(scalars, skipping: skipped)
                if index[hash]?.contains(id) != true { index[hash, default: []].append(id) }
            }
        }
        byDeletion = index
        return index
    }

    /// FNV-1a of the scalars but the one at `skipping` (-1: all of them), without making the
    /// string.
    static func hash(_ scalars: [Unicode.Scalar], skipping: Int) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in scalars.indices where index != skipping {
            hash = (hash ^ UInt64(scalars[index].value)) &* 0x100_0000_01b3
        }
        return hash
    }

    /// Whether `a` and `b` differ, by exactly one edit: a scalar added, left out, changed, or
    /// two next to each other swapped.
    static func withinOneEdit(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
        guard a != b, abs(a.count - b.count) <= 1 else { return false }
        var prefix = 0
        while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
        if a.count == b.count {
            // One changed, or two swapped.
            if a[(prefix + 1)...] == b[(prefix + 1)...] { return true }
            return prefix + 1 < a.count && a[prefix] == b[prefix + 1] && a[prefix + 1] == b[prefix]
                && a[(prefix + 2)...] == b[(prefix + 2)...]
        }
        // One added or left out: the rest of the longer after the first difference.
        let (longer, shorter) = a.count > b.count ? (a, b) : (b, a)
        return longer[(prefix + 1)...].elementsEqual(shorter[prefix...])
    }
}

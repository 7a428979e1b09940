/// A "sounds-like" key, so that a typed utterance that spells a name's sound finds the name.
///
/// Pronunciation hints in vocabulary ("list oh mat", "ba nana ri fic", "eye toons") are written
/// the way a name sounds. The key keeps consonant skeletons and turns every run of vowels into one
/// `a`, after folding common English spellings of the same sound (ph/f, ck/k, c/k/s, z/s, th/t,
/// silent h and final e), so "listomat", "list oh mat" and "List-o-Mat" share `lastamat`.
///
/// NB: the key is computed per token and concatenated (see `joining`), so multi-word and
/// run-together spellings agree; a run of the same letter across a token boundary collapses.
public enum SoundsLike {
    /// The key of one token's loose (ASCII-folded, lowercase) text. Non-letters other than digits
    /// are dropped; non-Latin text yields its own characters unchanged.
    public static func key(_ loose: String) -> String {
        guard loose.utf8.allSatisfy({ $0 < 0x80 }) else { return loose }
        return withLetterBuffer(capacity: loose.utf8.count) { chars in
            var count = 0
            for byte in loose.utf8 where (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) {
                chars[count] = byte
                count += 1
            }
            if count > 3, chars[count - 1] == e, !isVowel(chars[count - 2]) {
                count -= 1
            } else if count > 4, chars[count - 2] == e, chars[count - 1] == s, !isVowel(chars[count - 3]) {
                chars[count - 2] = s
                count -= 1
            }
            let letters = UnsafeBufferPointer(rebasing: chars[0..<count])
            // A letter maps to at most two (x → ks), so twice the input always suffices.
            return String(unsafeUninitializedCapacity: max(1, count * 2)) { out in
                var written = 0
                func emit(_ byte: UInt8) {
                    if written == 0 || out[written - 1] != byte {
                        out[written] = byte
                        written += 1
                    }
                }
                var i = 0
                while i < letters.count {
                    let sound = self.sound(at: i, in: letters)
                    if let first = sound.first { emit(first) }
                    if let second = sound.second { emit(second) }
                    i += sound.consumed
                }
                return written
            }
        }
    }

    /// Scratch bytes for one key: on the stack for a word, on the heap for a pathological token
    /// (a one-megabyte line with no spaces must not exhaust a thread's stack).
    private static func withLetterBuffer<R>(capacity: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> R) -> R {
        if capacity <= 64 {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity, body)
        }
        var heap = [UInt8](repeating: 0, count: capacity)
        return heap.withUnsafeMutableBufferPointer { body($0) }
    }

    private static let e = UInt8(ascii: "e"), s = UInt8(ascii: "s")

    /// Joins per-token keys, collapsing a repeated letter at the boundary ("bo" + "o" = "bo").
    public static func joining(_ keys: some Sequence<String>) -> String {
        var out = ""
        for key in keys {
            if let last = out.unicodeScalars.last, key.unicodeScalars.first == last {
                out += String(key.unicodeScalars.dropFirst())
            } else {
                out += key
            }
        }
        return out
    }

    private static func isVowel(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"), UInt8(ascii: "y"): return true
        default: return false
        }
    }

    /// The sound of the letters at `i`: up to two letters it maps to, and how many it takes.
    private static func sound(at i: Int, in chars: UnsafeBufferPointer<UInt8>) -> (first: UInt8?, second: UInt8?, consumed: Int) {
        func ascii(_ c: Unicode.Scalar) -> UInt8 { UInt8(ascii: c) }
        let c = chars[i]
        let next: UInt8? = i + 1 < chars.count ? chars[i + 1] : nil
        let previousIsVowel = i > 0 && isVowel(chars[i - 1])
        let nextIsVowel = next.map(isVowel) ?? false
        switch (c, next) {
        case (ascii("p"), ascii("h")): return (ascii("f"), nil, 2)
        case (ascii("c"), ascii("k")): return (ascii("k"), nil, 2)
        case (ascii("t"), ascii("h")): return (ascii("t"), nil, 2)
        case (ascii("g"), ascii("h")): return (ascii("g"), nil, 2)
        case (ascii("w"), ascii("h")): return (ascii("w"), nil, 2)
        case (ascii("s"), ascii("h")), (ascii("c"), ascii("h")): return (ascii("x"), nil, 2)
        case (ascii("q"), ascii("u")): return (ascii("k"), ascii("w"), 2)
        case (ascii("c"), let n?) where n == ascii("e") || n == ascii("i") || n == ascii("y"): return (ascii("s"), nil, 1)
        case (ascii("c"), _), (ascii("q"), _): return (ascii("k"), nil, 1)
        case (ascii("x"), _): return (ascii("k"), ascii("s"), 1)
        case (ascii("z"), _): return (ascii("s"), nil, 1)
        case (ascii("h"), _) where previousIsVowel: return (nil, nil, 1)
        case (ascii("w"), _) where previousIsVowel && !nextIsVowel: return (nil, nil, 1)
        case (ascii("y"), _) where i == 0 && nextIsVowel: return (ascii("y"), nil, 1)
        default:
            return (isVowel(c) ? ascii("a") : c, nil, 1)
        }
    }
}

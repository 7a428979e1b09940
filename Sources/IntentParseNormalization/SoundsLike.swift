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
        var loose = loose
        return loose.withUTF8 { utf8 in
            withLetterBuffer(capacity: Swift.max(1, 2 * utf8.count)) { out in
                write(utf8, to: out.baseAddress!).map { String(decoding: UnsafeBufferPointer(rebasing: out[0..<$0]), as: UTF8.self) }
            }
        } ?? loose
    }

    /// Writes the key of one token's loose text to `out`, which has room for twice the text's
    /// bytes, and returns its length; nil (nothing written) when the text is not ASCII, whose
    /// key is the text itself.
    ///
    /// NB: one pass per stage without nested functions or optionals: this runs for every
    /// token of every utterance, straight into the matcher's key bytes.
    public static func write(_ utf8: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int? {
        for byte in utf8 where byte >= 0x80 { return nil }
        return withLetterBuffer(capacity: Swift.max(1, utf8.count)) { scratch in
            var count = 0
            for byte in utf8 where (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) {
                scratch[count] = byte
                count += 1
            }
            if count > 3, scratch[count - 1] == e, !isVowel(scratch[count - 2]) {
                count -= 1
            } else if count > 4, scratch[count - 2] == e, scratch[count - 1] == s, !isVowel(scratch[count - 3]) {
                scratch[count - 2] = s
                count -= 1
            }
            return sounds(of: UnsafeBufferPointer(rebasing: scratch[0..<count]), to: out)
        }
    }

    /// Writes the sounds of `letters` to `out` and returns how many bytes it wrote. A letter
    /// maps to at most two (x → ks), so twice the letters always suffices.
    private static func sounds(of letters: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var written = 0
        var i = 0
        while i < letters.count {
            let sound = self.sound(at: i, in: letters)
            // A run of the same sound is written once.
            if sound.first != 0, written == 0 || out[written - 1] != sound.first {
                out[written] = sound.first
                written += 1
            }
            if sound.second != 0, written == 0 || out[written - 1] != sound.second {
                out[written] = sound.second
                written += 1
            }
            i += sound.consumed
        }
        return written
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

    /// The sound of the letters at `i`: up to two letters it maps to (0 for none), and how many
    /// it takes.
    @inline(__always)
    private static func sound(at i: Int, in chars: UnsafeBufferPointer<UInt8>) -> (first: UInt8, second: UInt8, consumed: Int) {
        func ascii(_ c: Unicode.Scalar) -> UInt8 { UInt8(ascii: c) }
        let c = chars[i]
        let next: UInt8 = i + 1 < chars.count ? chars[i + 1] : 0
        let previousIsVowel = i > 0 && isVowel(chars[i - 1])
        let nextIsVowel = isVowel(next)
        switch (c, next) {
        case (ascii("p"), ascii("h")): return (ascii("f"), 0, 2)
        case (ascii("c"), ascii("k")): return (ascii("k"), 0, 2)
        case (ascii("t"), ascii("h")): return (ascii("t"), 0, 2)
        case (ascii("g"), ascii("h")): return (ascii("g"), 0, 2)
        case (ascii("w"), ascii("h")): return (ascii("w"), 0, 2)
        case (ascii("s"), ascii("h")), (ascii("c"), ascii("h")): return (ascii("x"), 0, 2)
        case (ascii("q"), ascii("u")): return (ascii("k"), ascii("w"), 2)
        case (ascii("c"), let n) where n == ascii("e") || n == ascii("i") || n == ascii("y"): return (ascii("s"), 0, 1)
        case (ascii("c"), _), (ascii("q"), _): return (ascii("k"), 0, 1)
        case (ascii("x"), _): return (ascii("k"), ascii("s"), 1)
        case (ascii("z"), _): return (ascii("s"), 0, 1)
        case (ascii("h"), _) where previousIsVowel: return (0, 0, 1)
        case (ascii("w"), _) where previousIsVowel && !nextIsVowel: return (0, 0, 1)
        case (ascii("y"), _) where i == 0 && nextIsVowel: return (ascii("y"), 0, 1)
        default:
            return (isVowel(c) ? ascii("a") : c, 0, 1)
        }
    }
}

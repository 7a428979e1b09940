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
        var chars = loose.utf8.filter { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }
        if chars.count > 3, chars.last == e, let before = chars.dropLast().last, !isVowel(before) {
            chars.removeLast()
        } else if chars.count > 4, chars.suffix(2).elementsEqual([e, s]), !isVowel(chars[chars.count - 3]) {
            chars.remove(at: chars.count - 2)
        }
        var out: [UInt8] = []
        out.reserveCapacity(chars.count)
        var i = 0
        while i < chars.count {
            let (mapped, consumed) = sound(at: i, in: chars)
            i += consumed
            for byte in mapped.utf8 where out.last != byte { out.append(byte) }
        }
        return String(decoding: out, as: UTF8.self)
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

    /// The sound of the letters at `i`: what they map to and how many letters that takes.
    private static func sound(at i: Int, in chars: [UInt8]) -> (String, Int) {
        let c = Unicode.Scalar(chars[i])
        let next: Unicode.Scalar? = i + 1 < chars.count ? Unicode.Scalar(chars[i + 1]) : nil
        let previousIsVowel = i > 0 && isVowel(chars[i - 1])
        let nextIsVowel = i + 1 < chars.count && isVowel(chars[i + 1])
        switch (c, next) {
        case ("p", "h"): return ("f", 2)
        case ("c", "k"): return ("k", 2)
        case ("t", "h"): return ("t", 2)
        case ("g", "h"): return ("g", 2)
        case ("w", "h"): return ("w", 2)
        case ("s", "h"), ("c", "h"): return ("x", 2)
        case ("q", "u"): return ("kw", 2)
        case ("c", let n?) where n == "e" || n == "i" || n == "y": return ("s", 1)
        case ("c", _), ("q", _): return ("k", 1)
        case ("x", _): return ("ks", 1)
        case ("z", _): return ("s", 1)
        case ("h", _) where previousIsVowel: return ("", 1)
        case ("w", _) where previousIsVowel && !nextIsVowel: return ("", 1)
        case ("y", _) where i == 0 && nextIsVowel: return ("y", 1)
        default:
            return (isVowel(chars[i]) ? "a" : String(c), 1)
        }
    }
}

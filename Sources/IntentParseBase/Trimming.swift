import Foundation

extension String {
    /// The text without the whitespace and line breaks around it, as Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` cuts them; the text itself, without
    /// that call (which goes through `NSString`), when its first and last characters are
    /// neither (most lines).
    package var trimmedOfWhitespace: String {
        let blank = CharacterSet.whitespacesAndNewlines
        guard let first = unicodeScalars.first, let last = unicodeScalars.last, blank.contains(first) || blank.contains(last)
        else { return self }
        return trimmingCharacters(in: blank)
    }
}

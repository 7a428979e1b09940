import Foundation
import IntentParseBase
import Testing

@Suite struct TrimmingTests {
    /// Cut as Foundation cuts `whitespacesAndNewlines`, for every kind of space and line break
    /// Unicode has, and for marks that look blank but are none (a zero-width space, a
    /// byte-order mark).
    @Test(arguments: [
        "call Bobo", "  call Bobo\n", "\tcall Bobo\r\n", "\u{3000}電話\u{3000}", "\u{85}x\u{2028}", "\u{A0}x\u{2029}",
        "\u{1680}x\u{202F}", "\u{205F}x\u{2000}", "\u{200A}\u{B}\u{C}", "\u{200B}x\u{200B}", "\u{FEFF}x", "🍌 ", " ", "", "e\u{301} "
    ])
    func cutsWhatFoundationCuts(_ text: String) {
        #expect(text.trimmedOfWhitespace == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

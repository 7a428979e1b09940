import Testing

@testable import IntentParseMatching

/// A word typed one edit from one template word is read as it; never a short word, never one
/// as close to two template words.
@Suite struct TypoIndexTests {
    private func oneEdit(_ a: String, _ b: String) -> Bool {
        TypoIndex.withinOneEdit(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }

    @Test func oneEditIsALetterLeftOutAddedChangedOrTwoSwapped() {
        #expect(oneEdit("remnd", "remind")) // left out
        #expect(oneEdit("remiind", "remind")) // added
        #expect(oneEdit("remond", "remind")) // changed
        #expect(oneEdit("remidn", "remind")) // swapped
        #expect(oneEdit("eremind", "remind") && oneEdit("reminds", "remind")) // at either end
        #expect(!oneEdit("remind", "remind")) // no edit
        #expect(oneEdit("remnid", "remind")) // swapped further on
        #expect(!oneEdit("rmeidn", "remind")) // two swaps
        #expect(!oneEdit("rmind", "remindd") && !oneEdit("reminder", "remind")) // two edits
        #expect(oneEdit("ñandu", "nandu") && oneEdit("çalış", "calış")) // scalars, not bytes
    }

    @Test func onlyTheOneWordWithinOneEditIsACorrection() {
        let index = TypoIndex(words: [(0, "remind"), (1, "message"), (2, "messages"), (3, "reserve"), (4, "restaurant")])
        #expect(index.correction(of: "remidn") == 0)
        #expect(index.correction(of: "resturant") == 4)
        #expect(index.correction(of: "restautant") == 4)
        // "messags" is one edit from "message" and from "messages": read as neither.
        #expect(index.correction(of: "messags") == nil)
        // Two edits, a word of the index itself, words too short or with digits.
        #expect(index.correction(of: "rmeidn") == nil)
        #expect(index.correction(of: "remind") == nil)
        #expect(index.correction(of: "bok") == nil && index.correction(of: "resrv3") == nil)
        #expect(!TypoIndex.isWordLike("call") && TypoIndex.isWordLike("hello") && !TypoIndex.isWordLike("hello2"))
    }
}

import Testing
@testable import IntentParseMatching

@Suite struct AutomatonTests {
    /// (a|b) c, as Thompson's construction draws it: the ends of the alternatives (1 and 2)
    /// only pass on to the join (3).
    private func choiceDraft(passThroughSkips: Bool = true, joinSkips: Bool = true) -> AutomatonDraft {
        var draft = AutomatonDraft()
        for skips in [true, passThroughSkips, passThroughSkips, joinSkips, true] { _ = draft.newNode(allowsSkip: skips) }
        draft.add(Edge(kind: .word(10), target: 1), from: 0)
        draft.add(Edge(kind: .word(11), target: 2), from: 0)
        draft.add(Edge(kind: .epsilon, target: 3), from: 1)
        draft.add(Edge(kind: .epsilon, target: 3), from: 2)
        draft.add(Edge(kind: .word(12), target: 4), from: 3)
        draft.add(Edge(kind: .accept(0), target: 4), from: 4)
        return draft
    }

    private func targets(_ automaton: FrozenAutomaton, _ node: Int32) -> [Int32] {
        let view = automaton.view
        return (view.quietEdges(node).lowerBound..<view.consumingEdges(node).upperBound).map { view.target($0) }
    }

    @Test func edgesIntoPassThroughNodesGoStraightOnAndTheNodesAreDropped() {
        let (automaton, numbers) = FrozenAutomaton.freeze(choiceDraft(), roots: [0])
        #expect(automaton.nodeCount == 3)
        #expect(numbers[1] == -1 && numbers[2] == -1)
        #expect(targets(automaton, numbers[0]) == [numbers[3], numbers[3]])
        #expect(targets(automaton, numbers[3]) == [numbers[4]])
        // What the automaton reads is unchanged: both alternatives are still first words.
        #expect(automaton.firstWords(from: numbers[0]) == [10, 11])
    }

    @Test func aPassThroughNodeThatMaySkipWordsBeforeOneThatMayNotIsKept() {
        let (automaton, numbers) = FrozenAutomaton.freeze(choiceDraft(passThroughSkips: true, joinSkips: false), roots: [0])
        #expect(automaton.nodeCount == 5)
        #expect(numbers.allSatisfy { $0 >= 0 })
        let (kept, keptNumbers) = FrozenAutomaton.freeze(choiceDraft(passThroughSkips: false, joinSkips: false), roots: [0])
        #expect(kept.nodeCount == 3 && keptNumbers[1] == -1)
    }

    @Test func aRootIsKeptEvenWhenItOnlyPassesOn() {
        let (automaton, numbers) = FrozenAutomaton.freeze(choiceDraft(), roots: [0, 1])
        #expect(automaton.nodeCount == 4)
        #expect(numbers[1] >= 0 && numbers[2] == -1)
        #expect(targets(automaton, numbers[1]) == [numbers[3]])
    }

    /// Keys are found by their bytes (each under the id it was interned with) across the
    /// table's growth; interning a key again gives its id; bytes that are no key (a prefix, a
    /// longer word, the empty string) find nothing.
    @Test func keyTableFindsKeysByTheirBytes() {
        var table = KeyTable()
        let keys = (0..<300).map { "w\($0)" } + ["café", "東京", "a", "ab", "abc"]
        for key in keys { _ = table.intern(key) }
        #expect(table.count == keys.count && table.intern("ab") == Int32(keys.firstIndex(of: "ab")!))
        for key in keys + ["zz", "abcd", "", "w3000", "caf"] {
            var bytes = Array(key.utf8)
            let found = bytes.withUnsafeMutableBufferPointer { table.id(utf8: UnsafeBufferPointer($0)) }
            let expected = keys.firstIndex(of: key).map(Int32.init) ?? KeyTable.none
            #expect(found == expected && table.id(key) == expected, "\(key)")
        }
    }
}

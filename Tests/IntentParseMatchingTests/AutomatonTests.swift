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

    /// A node of many consuming edges: its literal-word edges are sorted by word, found by
    /// binary search (every edge of a word, in the order added), and its other edges follow,
    /// looked at whatever the word; a node of few edges keeps its order and is scanned.
    @Test func aNodeOfManyEdgesFindsAWordsEdgesBySearch() {
        var draft = AutomatonDraft()
        let start = draft.newNode(allowsSkip: true)
        let end = draft.newNode(allowsSkip: true)
        let words: [Int32] = [40, 7, 23, 7, 90, 3, 61, 15, 52]
        for (index, word) in words.enumerated() {
            let target = draft.newNode(allowsSkip: true)
            draft.add(Edge(kind: .word(word), target: target), from: start)
            draft.add(Edge(kind: .word(Int32(100 + index)), target: end), from: target)
            if index == 4 { draft.add(Edge(kind: .phrases(set: 2, slot: 0), target: end), from: start) }
        }
        draft.add(Edge(kind: .accept(0), target: end), from: end)
        let (automaton, numbers) = FrozenAutomaton.freeze(draft, roots: [start])
        let view = automaton.view
        let node = numbers[Int(start)]
        func wordsAfter(_ edges: Range<Int>) -> [Int32] {
            edges.map { view.word(view.consumingEdges(view.target($0)).lowerBound) - 100 }
        }
        for word in Set(words) {
            let (matching, rest) = view.literalEdges(node, word: word)
            #expect(matching.allSatisfy { view.word($0) == word })
            // Which edges: by the word each leads on to, in the order they were added.
            #expect(wordsAfter(matching) == words.indices.filter { words[$0] == word }.map(Int32.init))
            #expect(rest.count == 1 && view.word(rest.lowerBound) < FrozenAutomaton.epsilonWord)
        }
        for absent: Int32 in [0, 8, 91, -1] { #expect(view.literalEdges(node, word: absent).matching.isEmpty) }
        // A node of one edge: nothing sorted, every edge to look at.
        let one = view.target(view.literalEdges(node, word: 90).matching.lowerBound)
        let (matching, rest) = view.literalEdges(one, word: 104)
        #expect(matching.isEmpty && rest == view.consumingEdges(one))
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

    // MARK: merging nodes reached alike

    /// The nodes of a draft that run from `start` along `words`, one per word.
    private func chain(_ draft: inout AutomatonDraft, from start: Int32, words: [Int32], allowsSkip: Bool = true) -> Int32 {
        var node = start
        for word in words {
            let next = draft.newNode(allowsSkip: allowsSkip)
            draft.add(Edge(kind: .word(word), target: next), from: node)
            node = next
        }
        return node
    }

    /// (a b c | a b d): the alternatives share "a b", and only "a b" (nodes 1 and 2 of each).
    @Test func alternativesThatStartAlikeShareTheirFirstWords() {
        var draft = AutomatonDraft()
        let start = draft.newNode(allowsSkip: true)
        let end = draft.newNode(allowsSkip: true)
        let first = chain(&draft, from: start, words: [1, 2, 3])
        let second = chain(&draft, from: start, words: [1, 2, 4])
        draft.add(Edge(kind: .epsilon, target: end), from: first)
        draft.add(Edge(kind: .epsilon, target: end), from: second)
        draft.add(Edge(kind: .accept(0), target: end), from: end)
        let (merged, numbers) = draft.mergingEquivalentNodes()
        #expect(draft.allowsSkip.count == 8 && merged.allowsSkip.count == 6)
        // "a" and "a b" are one node each; the third words still lead apart, then join.
        #expect(numbers[2] == numbers[5] && numbers[3] == numbers[6] && numbers[4] != numbers[7])
        let (automaton, frozen) = FrozenAutomaton.freeze(merged, roots: [numbers[0]])
        let afterAB = frozen[Int(numbers[3])]
        #expect(automaton.firstWords(from: frozen[Int(numbers[0])]) == [1])
        #expect(automaton.firstWords(from: afterAB) == [3, 4])
        // One edge for "a" from the start, not two to the same node.
        #expect(targets(automaton, frozen[Int(numbers[0])]).count == 1)
    }

    /// Starts (nothing enters them), nodes reached by other words or from other nodes, and
    /// nodes that drop skip words differently are never merged.
    @Test func nodesReachedDifferentlyStayApart() {
        var draft = AutomatonDraft()
        let startA = draft.newNode(allowsSkip: true)
        let startB = draft.newNode(allowsSkip: true)
        let a1 = chain(&draft, from: startA, words: [1])
        let b1 = chain(&draft, from: startB, words: [1])
        let a2 = chain(&draft, from: startA, words: [2])
        let a1NoSkip = chain(&draft, from: startA, words: [1], allowsSkip: false)
        for (index, node) in [a1, b1, a2, a1NoSkip].enumerated() { draft.add(Edge(kind: .accept(Int32(index)), target: node), from: node) }
        let (merged, numbers) = draft.mergingEquivalentNodes()
        #expect(merged.allowsSkip.count == draft.allowsSkip.count)
        #expect(Set(numbers).count == numbers.count)
    }

    /// Two copies of a loop (a multi-valued slot's "item (, item)*", a wildcard's own loop)
    /// entered alike are one loop; what follows each copy alike is merged too.
    @Test func loopsCompiledAlikeAreMergedWhole() {
        var draft = AutomatonDraft()
        let start = draft.newNode(allowsSkip: true)
        var ends: [Int32] = []
        for _ in 0..<2 {
            // item: word 5 (with a wildcard-like self-loop on word 6), then "," item again.
            let item = chain(&draft, from: start, words: [5])
            draft.add(Edge(kind: .word(6), target: item), from: item)
            let separator = chain(&draft, from: item, words: [7])
            draft.add(Edge(kind: .epsilon, target: item), from: chain(&draft, from: separator, words: [5]))
            ends.append(chain(&draft, from: item, words: [8]))
        }
        let (merged, numbers) = draft.mergingEquivalentNodes()
        #expect(merged.allowsSkip.count == draft.allowsSkip.count / 2 + 1)
        #expect(numbers[Int(ends[0])] == numbers[Int(ends[1])])
    }
}

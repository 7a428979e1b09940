/// The threads at one position of the chart: the best thread per automaton node, in the
/// order nodes were first reached (so results never depend on hashing).
///
/// NB: a small open-addressing table keyed by node id; Swift's Dictionary hashes with SipHash,
/// which dominated matching time.
struct Frontier {
    private(set) var nodes: [Int32] = []
    private(set) var threads: [Thread] = []
    private var table: [Int32] = []
    private var mask = 0

    var count: Int { nodes.count }

    /// Forgets every thread but keeps the storage.
    mutating func removeAll() {
        if !table.isEmpty {
            if nodes.count * 8 < table.count {
                // A sparse table (kept from a longer utterance): clear only the used entries.
                for (index, node) in nodes.enumerated() {
                    var slot = Frontier.hash(node) & mask
                    while table[slot] != Int32(index + 1) { slot = (slot + 1) & mask }
                    table[slot] = 0
                }
            } else {
                for index in table.indices { table[index] = 0 }
            }
        }
        nodes.removeAll(keepingCapacity: true)
        threads.removeAll(keepingCapacity: true)
    }

    /// The index of `node`'s thread, if any.
    func index(of node: Int32) -> Int? {
        if table.isEmpty {
            return nodes.firstIndex(of: node)
        }
        var slot = Frontier.hash(node) & mask
        while true {
            let entry = table[slot]
            if entry == 0 { return nil }
            if nodes[Int(entry - 1)] == node { return Int(entry - 1) }
            slot = (slot + 1) & mask
        }
    }

    /// Keeps `thread` for `node` if it is better than what is there; true when it was kept.
    @discardableResult
    mutating func relax(_ node: Int32, _ thread: Thread) -> Bool {
        relaxReturningIndex(node, thread) != nil
    }

    /// Like `relax`, returning the index of `node`'s thread when it was kept.
    mutating func relaxReturningIndex(_ node: Int32, _ thread: Thread) -> Int? {
        if let existing = index(of: node) {
            guard thread.weight > threads[existing].weight else { return nil }
            threads[existing] = thread
            return existing
        }
        nodes.append(node)
        threads.append(thread)
        if !table.isEmpty || nodes.count > 8 { insert(nodes.count - 1) }
        return nodes.count - 1
    }

    private mutating func insert(_ index: Int) {
        if table.isEmpty || nodes.count * 2 > table.count {
            rebuild()
            return
        }
        var slot = Frontier.hash(nodes[index]) & mask
        while table[slot] != 0 { slot = (slot + 1) & mask }
        table[slot] = Int32(index + 1)
    }

    private mutating func rebuild() {
        var capacity = 32
        while capacity < nodes.count * 4 { capacity *= 2 }
        table = [Int32](repeating: 0, count: capacity)
        mask = capacity - 1
        for (index, node) in nodes.enumerated() {
            var slot = Frontier.hash(node) & mask
            while table[slot] != 0 { slot = (slot + 1) & mask }
            table[slot] = Int32(index + 1)
        }
    }

    private static func hash(_ node: Int32) -> Int {
        Int(truncatingIfNeeded: UInt32(bitPattern: node) &* 2_654_435_761)
    }
}

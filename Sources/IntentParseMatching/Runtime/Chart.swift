/// The chart of one simulation run: the best thread per (position, automaton node).
///
/// Entries live in one flat array in the order they were first reached, linked per position
/// (so a position's threads are visited in first-reached order and results never depend on
/// hashing); an open-addressing table finds the entry of a (position, node).
///
/// NB: the memory is raw and owned by a `ChartMemory` kept in the scratch pool, so a run
/// neither allocates nor pays for copy-on-write checks. A run forgets everything by bumping
/// the table's stamp; nothing is cleared entry by entry.
struct Chart {
    struct Entry {
        var node: Int32
        var position: Int32
        /// The next entry at the same position, or -1.
        var next: Int32
        var thread: Thread
    }

    private struct Slot {
        /// The run that filled the slot; older stamps mean empty.
        var stamp: UInt32
        var entry: Int32
    }

    private let memory: ChartMemory
    private var entries: UnsafeMutablePointer<Entry>
    private var entryCapacity: Int
    private var slots: UnsafeMutablePointer<Slot>
    private var slotMask: Int
    /// Per position, the first and last entry there (valid for positions the run covers).
    private var heads: UnsafeMutablePointer<Int32>
    private var tails: UnsafeMutablePointer<Int32>
    private var positionCapacity: Int
    private var stamp: UInt32
    private(set) var count = 0
    /// The furthest position holding an entry in this run (`first - 1` before any). Heads
    /// past it are not cleared yet: a run reaches few of its positions (a cue read from one
    /// word on stops a few words later), so they are cleared as entries first reach them.
    private(set) var furthest = -1

    init(memory: ChartMemory) {
        self.memory = memory
        entries = memory.entries
        entryCapacity = memory.entryCapacity
        slots = memory.slots.assumingMemoryBound(to: Slot.self)
        slotMask = memory.slotCount - 1
        heads = memory.heads
        tails = memory.tails
        positionCapacity = memory.positionCapacity
        stamp = memory.stamp
    }

    /// Starts a run over positions `first...limit`: forgets every entry.
    mutating func start(first: Int, limit: Int) {
        if limit + 1 > positionCapacity {
            memory.growPositions(to: limit + 1)
            heads = memory.heads
            tails = memory.tails
            positionCapacity = memory.positionCapacity
        }
        furthest = first - 1
        count = 0
        stamp &+= 1
        if stamp == 0 {
            for index in 0...slotMask { slots[index].stamp = 0 }
            stamp = 1
        }
        memory.stamp = stamp
    }

    /// The first entry at `position`, or -1.
    @inline(__always) func head(_ position: Int) -> Int32 { position <= furthest ? heads[position] : -1 }
    @inline(__always) func next(_ entry: Int32) -> Int32 { entries[Int(entry)].next }
    @inline(__always) func node(_ entry: Int32) -> Int32 { entries[Int(entry)].node }
    @inline(__always) func thread(_ entry: Int32) -> Thread { entries[Int(entry)].thread }

    /// Keeps `thread` for `node` at `position` if it beats the thread there; returns the entry
    /// when it was kept. A new entry goes last at its position.
    @inline(__always)
    mutating func relax(_ node: Int32, _ thread: Thread, at position: Int) -> Int32? {
        var slot = Chart.hash(node, position) & slotMask
        while slots[slot].stamp == stamp {
            let entry = slots[slot].entry
            if entries[Int(entry)].node == node, entries[Int(entry)].position == Int32(position) {
                guard thread.weight > entries[Int(entry)].thread.weight else { return nil }
                entries[Int(entry)].thread = thread
                return entry
            }
            slot = (slot + 1) & slotMask
        }
        if count == entryCapacity || (count + 1) * 2 > slotMask + 1 {
            grow()
            return relax(node, thread, at: position)
        }
        let entry = Int32(count)
        count += 1
        // NB: field by field; building the entry on the stack and copying it stalled on
        // store forwarding (16-byte loads of 4-byte stores).
        entries[Int(entry)].node = node
        entries[Int(entry)].position = Int32(position)
        entries[Int(entry)].next = -1
        entries[Int(entry)].thread = thread
        slots[slot] = Slot(stamp: stamp, entry: entry)
        if position > furthest {
            for cleared in (furthest + 1)...position { heads[cleared] = -1 }
            furthest = position
        }
        if heads[position] < 0 { heads[position] = entry } else { entries[Int(tails[position])].next = entry }
        tails[position] = entry
        return entry
    }

    /// Doubles the entries and the table, rehashing this run's entries.
    private mutating func grow() {
        if count == entryCapacity {
            memory.growEntries(to: entryCapacity * 2, keeping: count)
            entries = memory.entries
            entryCapacity = memory.entryCapacity
        }
        if (count + 1) * 2 > slotMask + 1 {
            memory.growSlots(to: (slotMask + 1) * 2)
            slots = memory.slots.assumingMemoryBound(to: Slot.self)
            slotMask = memory.slotCount - 1
            stamp = memory.stamp
            for index in 0..<count {
                var slot = Chart.hash(entries[index].node, Int(entries[index].position)) & slotMask
                while slots[slot].stamp == stamp { slot = (slot + 1) & slotMask }
                slots[slot] = Slot(stamp: stamp, entry: Int32(index))
            }
        }
    }

    @inline(__always)
    private static func hash(_ node: Int32, _ position: Int) -> Int {
        let key = UInt64(UInt32(bitPattern: node)) | UInt64(truncatingIfNeeded: position) << 32
        return Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }
}

/// The raw memory behind a `Chart`, kept from one utterance to the next.
final class ChartMemory {
    fileprivate private(set) var entries: UnsafeMutablePointer<Chart.Entry>
    fileprivate private(set) var entryCapacity: Int
    /// `Chart.Slot`s (8 bytes each), zeroed when allocated.
    fileprivate private(set) var slots: UnsafeMutableRawPointer
    fileprivate private(set) var slotCount: Int
    fileprivate private(set) var heads: UnsafeMutablePointer<Int32>
    fileprivate private(set) var tails: UnsafeMutablePointer<Int32>
    fileprivate private(set) var positionCapacity: Int
    /// The stamp of the last run; slots with other stamps are empty.
    fileprivate var stamp: UInt32 = 0

    private static let slotSize = 8

    init() {
        entryCapacity = 256
        entries = .allocate(capacity: entryCapacity)
        slotCount = 512
        slots = ChartMemory.zeroedSlots(slotCount)
        positionCapacity = 64
        heads = .allocate(capacity: positionCapacity)
        tails = .allocate(capacity: positionCapacity)
    }

    deinit {
        entries.deallocate()
        slots.deallocate()
        heads.deallocate()
        tails.deallocate()
    }

    private static func zeroedSlots(_ count: Int) -> UnsafeMutableRawPointer {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: count * slotSize, alignment: 8)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: count * slotSize)
        return memory
    }

    fileprivate func growEntries(to capacity: Int, keeping count: Int) {
        let grown = UnsafeMutablePointer<Chart.Entry>.allocate(capacity: capacity)
        grown.moveInitialize(from: entries, count: count)
        entries.deallocate()
        entries = grown
        entryCapacity = capacity
    }

    /// A bigger, empty table; the caller re-inserts the run's entries under the new stamp.
    fileprivate func growSlots(to count: Int) {
        slots.deallocate()
        slots = ChartMemory.zeroedSlots(count)
        slotCount = count
        stamp = 1
    }

    fileprivate func growPositions(to capacity: Int) {
        heads.deallocate()
        tails.deallocate()
        positionCapacity = max(capacity, positionCapacity * 2)
        heads = .allocate(capacity: positionCapacity)
        tails = .allocate(capacity: positionCapacity)
    }
}

import Foundation
import IntentParseBase

/// Interned loose keys of template literals. Utterance tokens unknown here map to `none`.
///
/// NB: keys are found by their UTF-8 bytes in a table of their own (a multiplicative hash and
/// one comparison), so that a match finds a token's id from the bytes it already holds; a
/// dictionary of `String`s hashed each token with SipHash, about 300 instructions a token.
/// Keys are normalized (NFKC, then folded), so equal keys have equal bytes.
struct KeyTable: Sendable {
    static let none: Int32 = -1
    private(set) var keys: [String] = []
    /// The keys' UTF-8, one after another: key i is `bytes[starts[i]..<starts[i + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int32] = [0]
    /// Open addressing on the bytes' hash: a key id, or `none` for an empty slot. The count is
    /// a power of two, and at most half the slots are used.
    private var slots = [Int32](repeating: KeyTable.none, count: 16)

    mutating func intern(_ key: String) -> Int32 {
        let known = id(key)
        if known != KeyTable.none { return known }
        keys.append(key)
        let id = Int32(keys.count - 1)
        bytes.append(contentsOf: key.utf8)
        starts.append(Int32(bytes.count))
        if keys.count * 2 > slots.count {
            slots = [Int32](repeating: KeyTable.none, count: slots.count * 2)
            for old in keys.indices { place(Int32(old)) }
        } else {
            place(id)
        }
        return id
    }

    func id(_ key: String) -> Int32 {
        var key = key
        return key.withUTF8 { id(utf8: $0) }
    }

    /// The id of the key whose UTF-8 is `utf8`, or `none`.
    func id(utf8: UnsafeBufferPointer<UInt8>) -> Int32 {
        let mask = slots.count - 1
        var slot = KeyTable.hash(utf8) & mask
        while slots[slot] != KeyTable.none {
            let id = Int(slots[slot])
            let start = Int(starts[id]), end = Int(starts[id + 1])
            if end - start == utf8.count,
                bytes.withUnsafeBufferPointer({ stored in
                    utf8.isEmpty || memcmp(stored.baseAddress! + start, utf8.baseAddress!, utf8.count) == 0
                })
            {
                return Int32(id)
            }
            slot = (slot + 1) & mask
        }
        return KeyTable.none
    }

    var count: Int { keys.count }

    private mutating func place(_ id: Int32) {
        let start = Int(starts[Int(id)]), end = Int(starts[Int(id) + 1])
        let mask = slots.count - 1
        var slot = bytes.withUnsafeBufferPointer { KeyTable.hash(UnsafeBufferPointer(rebasing: $0[start..<end])) } & mask
        while slots[slot] != KeyTable.none { slot = (slot + 1) & mask }
        slots[slot] = id
    }

    /// FNV-1a over the bytes, folded to an Int.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    init() {}

    /// The table of `write(to:)`'s bytes (the compiled-grammar cache).
    init(from reader: BinaryReader) throws {
        keys = try reader.array()
        bytes = try reader.plain()
        starts = try reader.plain()
        slots = try reader.plain()
        guard starts.count == keys.count + 1, starts.last.map(Int.init) == bytes.count, slots.count.nonzeroBitCount == 1,
            slots.allSatisfy({ $0 >= KeyTable.none && Int($0) < keys.count })
        else { throw reader.damaged("an inconsistent key table") }
    }

    func write(to writer: BinaryWriter) {
        writer.write(keys)
        writer.writePlain(bytes)
        writer.writePlain(starts)
        writer.writePlain(slots)
    }
}

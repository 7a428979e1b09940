/// Where serialized JSON bytes go: a `[UInt8]`, or a `JSONWriter`'s own buffer.
protocol JSONOutput {
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: JSONOutput where Element == UInt8 {}

extension JSONOutput {
    /// Appends the text's UTF-8, read in place.
    mutating func append(utf8 text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) == nil {
            for byte in text.utf8 { append(byte) }
        }
    }
}

/// A growable byte buffer in plain memory, for `JSONWriter`.
///
/// NB: a result line is some forty short appends; an array's `append(contentsOf:)` cost about
/// ninety instructions each (uniqueness and capacity checks, a generic copy, retains of the
/// source), more than the bytes themselves. Here an append is a bounds check and a copy.
final class JSONBytes: JSONOutput {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// A buffer with the same bytes (for a writer that was copied).
    func copy() -> JSONBytes {
        let copy = JSONBytes(capacity: capacity)
        copy.base.update(from: base, count: count)
        copy.count = count
        return copy
    }

    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Forgets the bytes, keeping the memory.
    func removeAll() { count = 0 }

    @inline(__always) func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always) func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// `"key":` for a key that needs no escaping, with one capacity check; a key's few bytes
    /// are copied one by one (a call to memcpy costs more).
    func appendKey(_ key: UnsafeBufferPointer<UInt8>) {
        let needed = key.count + 3
        if count + needed > capacity { grow(to: count + needed) }
        var at = base + count
        at.pointee = UInt8(ascii: "\"")
        at += 1
        for byte in key {
            at.pointee = byte
            at += 1
        }
        at[0] = UInt8(ascii: "\"")
        at[1] = UInt8(ascii: ":")
        count += needed
    }

    private func grow(to needed: Int) {
        capacity = Swift.max(needed, capacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
    }
}

import Foundation

/// A value written to a `BinaryWriter` and read back from a `BinaryReader` field by field, in
/// the same order: the compiled-grammar cache's format, which the same build writes and reads.
///
/// NB: written by hand rather than through `Codable`. Decoding through `Codable` asks the
/// run-time for generic metadata (`Optional<T>`, `Array<T>`, container boxes) at nearly every
/// value, which made reading the compiled grammars slower than compiling them.
package protocol BinaryStorable {
    func write(to writer: BinaryWriter)
    init(from reader: BinaryReader) throws
}

/// Builds the bytes of a `BinaryStorable` value: integers as (zigzag) varints, strings stored
/// once in a table at the front and referred to by number, arrays of plain numbers as memory.
package final class BinaryWriter {
    private var body: [UInt8] = []
    private var strings: [String] = []
    private var stringIDs: [String: Int] = [:]

    package init() { body.reserveCapacity(1 << 20) }

    /// The string table, then the body.
    package var bytes: [UInt8] {
        let table = BinaryWriter()
        table.varint(UInt64(strings.count))
        for string in strings {
            var string = string
            string.withUTF8 { utf8 in
                table.varint(UInt64(utf8.count))
                table.body.append(contentsOf: utf8)
            }
        }
        return table.body + body
    }

    package func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            body.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        body.append(UInt8(rest))
    }

    package func write(_ value: Int) { varint(UInt64(bitPattern: Int64(value) << 1 ^ Int64(value) >> 63)) }
    package func write(_ value: Int32) { write(Int(value)) }
    package func write(_ value: UInt64) { varint(value) }
    package func write(_ value: Bool) { body.append(value ? 1 : 0) }
    package func write(_ value: Double) { varint(value.bitPattern) }

    package func write(_ value: String) {
        if let id = stringIDs[value] { return varint(UInt64(id)) }
        stringIDs[value] = strings.count
        varint(UInt64(strings.count))
        strings.append(value)
    }

    package func write<T: BinaryStorable>(_ value: T) { value.write(to: self) }

    package func write<T: BinaryStorable>(_ value: T?) {
        write(value != nil)
        value?.write(to: self)
    }

    package func write<T: BinaryStorable>(_ items: [T]) {
        varint(UInt64(items.count))
        for item in items { item.write(to: self) }
    }

    /// Numbers copied as memory: for the large tables.
    package func writePlain<T: BitwiseCopyable>(_ items: [T]) {
        varint(UInt64(items.count))
        items.withUnsafeBytes { body.append(contentsOf: $0) }
    }

    package func writePlain<T: BitwiseCopyable>(_ items: UnsafeBufferPointer<T>) {
        varint(UInt64(items.count))
        body.append(contentsOf: UnsafeRawBufferPointer(items))
    }
}

/// Reads what a `BinaryWriter` wrote. Every read is bounds-checked and every count is checked
/// against the bytes left, so damaged bytes throw `BinaryReader.Damaged`: they never trap or
/// allocate without bound. (Whether the bytes are the ones written is the file's checksum's
/// business: see `BinaryCoding.checksum`.)
package final class BinaryReader {
    package struct Damaged: Error, CustomStringConvertible {
        package var offset: Int
        package var reason: String
        package var description: String { "byte \(offset): \(reason)" }
    }

    private let base: UnsafeRawPointer?
    private let end: Int
    /// NB: behind a pointer: a class's stored `var` costs an exclusivity check per access, and
    /// the position moves with every byte.
    private let cursor: UnsafeMutablePointer<Int>
    private var strings: [String] = []

    /// `bytes` must stay valid while the reader is used.
    package init(_ bytes: UnsafeRawBufferPointer) throws {
        base = bytes.baseAddress
        end = bytes.count
        cursor = .allocate(capacity: 1)
        cursor.initialize(to: 0)
        let count = try count()
        var strings: [String] = []
        strings.reserveCapacity(count)
        for _ in 0..<count {
            let utf8 = try take(self.count())
            strings.append(String(decoding: utf8, as: UTF8.self))
        }
        self.strings = strings
    }

    deinit { cursor.deallocate() }

    package var isAtEnd: Bool { cursor.pointee == end }

    package func damaged(_ reason: String) -> Damaged { Damaged(offset: cursor.pointee, reason: reason) }

    private func take(_ count: Int) throws -> UnsafeRawBufferPointer {
        let at = cursor.pointee
        guard count >= 0, count <= end - at else { throw damaged("\(count) bytes past the end") }
        guard let base, count > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        cursor.pointee = at + count
        return UnsafeRawBufferPointer(start: base + at, count: count)
    }

    package func byte() throws -> UInt8 {
        let at = cursor.pointee
        guard at < end, let base else { throw damaged("unexpected end") }
        cursor.pointee = at + 1
        return base.load(fromByteOffset: at, as: UInt8.self)
    }

    package func varint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try byte()
            guard shift < 64 else { throw damaged("number too long") }
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    /// A count of items to read: at most the bytes left (every item takes one at least).
    package func count() throws -> Int {
        let raw = try varint()
        guard raw <= UInt64(end - cursor.pointee) else { throw damaged("count \(raw) past the end") }
        return Int(raw)
    }

    package func int() throws -> Int {
        let raw = try varint()
        return Int(truncatingIfNeeded: Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1))
    }

    package func int32() throws -> Int32 {
        let value = try int()
        guard let narrow = Int32(exactly: value) else { throw damaged("\(value) is no 32-bit number") }
        return narrow
    }

    /// A number that indexes something of `count` items.
    package func index(below count: Int) throws -> Int {
        let value = try int()
        guard value >= 0, value < count else { throw damaged("index \(value) out of 0..<\(count)") }
        return value
    }

    package func bool() throws -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        case let other: throw damaged("\(other) is no Bool")
        }
    }

    package func double() throws -> Double { Double(bitPattern: try varint()) }

    package func string() throws -> String {
        let id = try varint()
        guard id < UInt64(strings.count) else { throw damaged("string \(id) not in the table") }
        return strings[Int(id)]
    }

    package func read<T: BinaryStorable>(_ type: T.Type = T.self) throws -> T { try T(from: self) }

    package func optional<T: BinaryStorable>(_ type: T.Type = T.self) throws -> T? {
        try bool() ? try T(from: self) : nil
    }

    package func array<T: BinaryStorable>(_ type: T.Type = T.self) throws -> [T] {
        let count = try count()
        var items: [T] = []
        items.reserveCapacity(count)
        for _ in 0..<count { items.append(try T(from: self)) }
        return items
    }

    package func plain<T: BitwiseCopyable>(_ type: T.Type = T.self) throws -> [T] {
        let count = try count()
        let (bytes, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<T>.stride)
        guard !overflow else { throw damaged("count \(count) past the end") }
        let raw = try take(bytes)
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            if count > 0 { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: raw) }
            initialized = count
        }
    }
}

package enum BinaryCoding {
    /// A 64-bit FNV-1a hash, eight bytes a step: a file's check of its own content, and the
    /// cache's fingerprint of the files it was built from. Not a cryptographic hash.
    package struct Hash {
        package private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

        package init() {}

        package mutating func combine(_ bytes: UnsafeRawBufferPointer) {
            var index = 0
            while index + 8 <= bytes.count {
                value = (value ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0x0000_0100_0000_01B3
                value ^= value >> 32
                index += 8
            }
            while index < bytes.count {
                value = (value ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3
                index += 1
            }
            // The length too, so that the split between two parts counts.
            value = (value ^ UInt64(bytes.count)) &* 0x0000_0100_0000_01B3
        }

        package mutating func combine(_ string: String) {
            var string = string
            string.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
        }

        package mutating func combine(_ number: UInt64) {
            withUnsafeBytes(of: number.littleEndian) { combine($0) }
        }
    }

    package static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = Hash()
        hash.combine(bytes)
        return hash.value
    }
}

// MARK: - The standard library's types

extension Int: BinaryStorable {
    package func write(to writer: BinaryWriter) { writer.write(self) }
    package init(from reader: BinaryReader) throws { self = try reader.int() }
}

extension Int32: BinaryStorable {
    package func write(to writer: BinaryWriter) { writer.write(self) }
    package init(from reader: BinaryReader) throws { self = try reader.int32() }
}

extension UInt64: BinaryStorable {
    package func write(to writer: BinaryWriter) { writer.write(self) }
    package init(from reader: BinaryReader) throws { self = try reader.varint() }
}

extension Bool: BinaryStorable {
    package func write(to writer: BinaryWriter) { writer.write(self) }
    package init(from reader: BinaryReader) throws { self = try reader.bool() }
}

extension Double: BinaryStorable {
    package func write(to writer: BinaryWriter) { writer.write(self) }
    package init(from reader: BinaryReader) throws { self = try reader.double() }
}

extension String: BinaryStorable {
    package func write(to writer: BinaryWriter) { writer.write(self) }
    package init(from reader: BinaryReader) throws { self = try reader.string() }
}

extension Array: BinaryStorable where Element: BinaryStorable {
    package func write(to writer: BinaryWriter) { writer.write(self) }
    package init(from reader: BinaryReader) throws { self = try reader.array() }
}

extension Optional: BinaryStorable where Wrapped: BinaryStorable {
    package func write(to writer: BinaryWriter) { writer.write(self) }
    package init(from reader: BinaryReader) throws { self = try reader.optional() }
}

/// Sets are written in their iteration order, which differs from run to run: the bytes of two
/// writes may differ, what they read back to does not.
extension Set: BinaryStorable where Element: BinaryStorable {
    package func write(to writer: BinaryWriter) { writer.write(Array(self)) }
    package init(from reader: BinaryReader) throws { self = Set(try reader.array(Element.self)) }
}

extension Dictionary: BinaryStorable where Key: BinaryStorable, Value: BinaryStorable {
    package func write(to writer: BinaryWriter) {
        writer.varint(UInt64(count))
        for (key, value) in self {
            key.write(to: writer)
            value.write(to: writer)
        }
    }

    package init(from reader: BinaryReader) throws {
        let count = try reader.count()
        self.init(minimumCapacity: count)
        for _ in 0..<count {
            let key = try Key(from: reader)
            self[key] = try Value(from: reader)
        }
    }
}

// MARK: - Base's types

extension SourceLocation: BinaryStorable {
    package func write(to writer: BinaryWriter) {
        writer.write(file)
        writer.write(line)
        writer.write(column)
        writer.write(keyPath)
    }

    package init(from reader: BinaryReader) throws {
        self.init(file: try reader.string(), line: try reader.optional(), column: try reader.optional(), keyPath: try reader.optional())
    }
}

extension Diagnostic: BinaryStorable {
    package func write(to writer: BinaryWriter) {
        writer.write(severity.rawValue)
        location.write(to: writer)
        writer.write(message)
        writer.write(sourceLine)
    }

    package init(from reader: BinaryReader) throws {
        let severity = try reader.string()
        guard let known = Severity(rawValue: severity) else { throw reader.damaged("no severity '\(severity)'") }
        self.init(known, try reader.read(), try reader.string(), sourceLine: try reader.optional())
    }
}

extension JSONValue: BinaryStorable {
    package func write(to writer: BinaryWriter) {
        switch self {
        case .null: writer.varint(0)
        case .bool(let value): writer.varint(1); writer.write(value)
        case .number(let value): writer.varint(2); writer.write(value)
        case .string(let value): writer.varint(3); writer.write(value)
        case .array(let items): writer.varint(4); writer.write(items)
        case .object(let members):
            writer.varint(5)
            writer.write(members.map(\.0))
            writer.write(members.map(\.1))
        }
    }

    package init(from reader: BinaryReader) throws {
        switch try reader.varint() {
        case 0: self = .null
        case 1: self = .bool(try reader.bool())
        case 2: self = .number(try reader.double())
        case 3: self = .string(try reader.string())
        case 4: self = .array(try reader.array())
        case 5:
            let keys = try reader.array(String.self), values = try reader.array(JSONValue.self)
            guard keys.count == values.count else { throw reader.damaged("object of \(keys.count) keys, \(values.count) values") }
            self = .object(Array(zip(keys, values)))
        case let other: throw reader.damaged("no JSON value of kind \(other)")
        }
    }
}

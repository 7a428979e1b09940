/// Something JSON is emitted into, one token at a time: a `JSONWriter` writes the compact
/// text straight away, a `JSONTreeBuilder` builds a `JSONValue`.
///
/// Output that is built once and written many times (result lines) is emitted against this
/// protocol, so the key order lives in one place and the hot path skips the tree.
package protocol JSONSink {
    mutating func beginObject()
    mutating func endObject()
    mutating func beginArray()
    mutating func endArray()
    /// The next member's key (inside an object, before its value).
    mutating func key(_ key: String)
    /// A key fixed in the program (the output contract's), which needs no escaping: it must
    /// not contain a quote, a backslash or a control character.
    mutating func fixedKey(_ key: StaticString)
    mutating func value(_ value: JSONValue)
    mutating func string(_ string: String)
    mutating func number(_ number: Double)
    mutating func bool(_ bool: Bool)
    mutating func null()
}

extension JSONSink {
    package mutating func fixedKey(_ key: StaticString) { self.key(key.description) }

    /// A string, or null.
    package mutating func string(_ string: String?) {
        if let string { self.string(string) } else { null() }
    }

    /// A member with a string value, left out when there is no value.
    package mutating func member(_ key: StaticString, ifPresent string: String?) {
        guard let string else { return }
        fixedKey(key)
        self.string(string)
    }
}

/// Writes compact JSON (no spaces) as UTF-8, exactly as `JSONValue.serialized` would.
package struct JSONWriter: JSONSink {
    /// The bytes, in a buffer of the writer's own (copied before a write if the writer was).
    private var out: JSONBytes
    /// Per open container, whether it already has an element, so commas go between elements:
    /// the first 64 levels as bits (no allocation), deeper ones in `deeper`.
    private var hasElement: UInt64 = 0
    private var deeper: [Bool] = []
    private var depth = 0
    private var afterKey = false

    package init(capacity: Int = 256) { out = JSONBytes(capacity: capacity) }

    /// The bytes written so far.
    package var bytes: [UInt8] { Array(out.buffer) }

    /// The text written so far.
    package var text: String { String(decoding: out.buffer, as: UTF8.self) }

    /// How many bytes were written so far.
    package var count: Int { out.count }

    /// `body` on the bytes written so far, read in place (valid during the call only).
    package func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R { try body(out.buffer) }

    /// Forgets what was written, keeping the buffer: a writer reused for line after line
    /// allocates once.
    package mutating func removeAll() {
        unique()
        out.removeAll()
        hasElement = 0
        deeper.removeAll(keepingCapacity: true)
        depth = 0
        afterKey = false
    }

    /// Makes the buffer this writer's alone before it is written to.
    @inline(__always) private mutating func unique() {
        if !isKnownUniquelyReferenced(&out) { out = out.copy() }
    }

    /// A comma before any element but a container's first one (a member's value follows its key).
    @inline(__always)
    private mutating func element() {
        unique()
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        if depth > 64 {
            if deeper[depth - 65] { out.append(UInt8(ascii: ",")) } else { deeper[depth - 65] = true }
            return
        }
        let bit: UInt64 = 1 << UInt64(depth - 1)
        if hasElement & bit != 0 { out.append(UInt8(ascii: ",")) } else { hasElement |= bit }
    }

    private mutating func open(_ bracket: Unicode.Scalar) {
        element()
        out.append(UInt8(ascii: bracket))
        depth += 1
        if depth > 64 { deeper.append(false) } else { hasElement &= ~(1 << UInt64(depth - 1)) }
    }

    private mutating func close(_ bracket: Unicode.Scalar) {
        unique()
        if depth > 64 { deeper.removeLast() }
        depth = max(0, depth - 1)
        out.append(UInt8(ascii: bracket))
    }

    package mutating func beginObject() { open("{") }
    package mutating func endObject() { close("}") }
    package mutating func beginArray() { open("[") }
    package mutating func endArray() { close("]") }

    package mutating func key(_ key: String) {
        element()
        JSONValue.writeString(key, to: &out)
        out.append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// Written as it is: a fixed key needs no escaping, nor the cost of reading a `String`.
    package mutating func fixedKey(_ key: StaticString) {
        element()
        if key.hasPointerRepresentation {
            out.appendKey(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        } else {
            key.withUTF8Buffer { out.appendKey($0) }
        }
        afterKey = true
    }

    package mutating func value(_ value: JSONValue) {
        element()
        value.write(into: &out)
    }

    package mutating func string(_ string: String) {
        element()
        JSONValue.writeString(string, to: &out)
    }

    package mutating func number(_ number: Double) {
        element()
        JSONValue.writeNumber(number, to: &out)
    }

    package mutating func bool(_ bool: Bool) { value(.bool(bool)) }
    package mutating func null() { value(.null) }

    /// A number that reads back as exactly the same `Double` (the shortest digits that do, as
    /// `JSONEncoder` writes them), where `number` keeps 15 significant digits.
    package mutating func exactNumber(_ number: Double) {
        guard number.isFinite, number != number.rounded() || abs(number) >= 1e15 else { return self.number(number) }
        element()
        for byte in number.description.utf8 { out.append(byte) }
    }
}

/// Builds the `JSONValue` that the same calls on a `JSONWriter` would have written.
package struct JSONTreeBuilder: JSONSink {
    private enum Container {
        case object([(String, JSONValue)], key: String?)
        case array([JSONValue])
    }

    private var open: [Container] = []
    /// The finished top-level value.
    package private(set) var result: JSONValue = .null

    package init() {}

    /// The value `emit` builds.
    package static func build(_ emit: (inout JSONTreeBuilder) -> Void) -> JSONValue {
        var tree = JSONTreeBuilder()
        emit(&tree)
        return tree.result
    }

    private mutating func add(_ value: JSONValue) {
        guard let last = open.popLast() else {
            result = value
            return
        }
        switch last {
        case .object(var members, let key):
            members.append((key ?? "", value))
            open.append(.object(members, key: nil))
        case .array(var items):
            items.append(value)
            open.append(.array(items))
        }
    }

    package mutating func beginObject() { open.append(.object([], key: nil)) }
    package mutating func beginArray() { open.append(.array([])) }

    package mutating func endObject() {
        guard case .object(let members, _) = open.popLast() else { return }
        add(.object(members))
    }

    package mutating func endArray() {
        guard case .array(let items) = open.popLast() else { return }
        add(.array(items))
    }

    package mutating func key(_ key: String) {
        guard case .object(let members, _) = open.popLast() else { return }
        open.append(.object(members, key: key))
    }

    package mutating func value(_ value: JSONValue) { add(value) }
    package mutating func string(_ string: String) { add(.string(string)) }
    package mutating func number(_ number: Double) { add(.number(number)) }
    package mutating func bool(_ bool: Bool) { add(.bool(bool)) }
    package mutating func null() { add(.null) }
}

import Foundation

/// A JSON value whose objects keep their keys in insertion order.
///
/// NB: the output contract (DESIGN.md section 5) fixes the key order of every line, and
/// Foundation's encoders order keys by hash or alphabetically, so output goes through this type.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Equal values; objects compare their members in order.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The member named `key` of an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The string, when the value is one.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// Compact serialisation on one line (no spaces), as JSON Lines needs.
    public var serialized: String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    package func write(to out: inout String) {
        out += serialized
    }

    /// Appends the compact serialisation as UTF-8.
    package func write(to out: inout [UInt8]) { write(into: &out) }

    func write(into out: inout some JSONOutput) {
        switch self {
        case .null: JSONValue.append("null", to: &out)
        case .bool(let b): JSONValue.append(b ? "true" : "false", to: &out)
        case .number(let n): JSONValue.writeNumber(n, to: &out)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for i in items.indices {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                items[i].write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for i in members.indices {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(members[i].0, to: &out)
                out.append(UInt8(ascii: ":"))
                members[i].1.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Integers print without a fraction; other numbers with up to 15 significant digits.
    static func writeNumber(_ n: Double, to out: inout some JSONOutput) {
        guard n.isFinite else { return append("null", to: &out) }
        if n == n.rounded(), abs(n) < 1e15 {
            if n < 0 { out.append(UInt8(ascii: "-")) }
            return appendDigits(UInt64(abs(n)), width: 1, to: &out)
        }
        // Few decimals (scores, amounts): n is the double nearest k / 10^d, which %.15g prints
        // as exactly those digits; written by hand, as formatting costs more than the line.
        // (Below 1e-4 %g switches to an exponent, so those go the slow way.)
        var scale = 1.0
        for digits in 1...6 where abs(n) >= 1e-4 {
            scale *= 10
            let k = (n * scale).rounded()
            guard abs(k) < 1e15, k / scale == n else { continue }
            let magnitude = UInt64(abs(k)), divisor = UInt64(scale)
            if k < 0 { out.append(UInt8(ascii: "-")) }
            appendDigits(magnitude / divisor, width: 1, to: &out)
            out.append(UInt8(ascii: "."))
            // Not zero (n is not a whole number); its trailing zeros are not written.
            var fraction = magnitude % divisor, width = digits
            while fraction % 10 == 0 {
                fraction /= 10
                width -= 1
            }
            appendDigits(fraction, width: width, to: &out)
            return
        }
        // %.15g through vsnprintf into a stack buffer: Foundation's String(format:) costs more
        // than the whole rest of a result line.
        let written: Bool = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buffer in
            guard let base = buffer.baseAddress else { return false }
            let count = withVaList([n]) { vsnprintf(base, 32, "%.15g", $0) }
            guard count > 0, count < 32 else { return false }
            let bytes = UnsafeRawBufferPointer(start: base, count: Int(count))
            guard !bytes.contains(UInt8(ascii: "e")) else { return false }
            out.append(contentsOf: bytes.bindMemory(to: UInt8.self))
            return true
        }
        if !written { append(String(n), to: &out) }
    }

    /// Appends `value` in decimal, with leading zeros up to `width` digits (at most 20).
    private static func appendDigits(_ value: UInt64, width: Int, to out: inout some JSONOutput) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var value = value, first = 20
            repeat {
                first -= 1
                buffer[first] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            } while value > 0 || 20 - first < width
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[first..<20]))
        }
    }

    /// Appends the text's UTF-8 in one copy.
    private static func append(_ text: String, to out: inout some JSONOutput) {
        out.append(utf8: text)
    }

    /// Whether any byte is below 0x20, a quote, a backslash or 0xE2.
    ///
    /// NB: eight bytes at a time (SWAR): `(v - 0x01…) & ~v & 0x80…` has a high bit set exactly
    /// when some byte of `v` is zero (the lowest such byte is always flagged), and with 0x20 for
    /// 0x01 when some byte is below 0x20. The byte-by-byte test was the line's largest cost.
    @inline(__always)
    static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        var index = 0
        while index + 8 <= bytes.count {
            let v = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let control = (v &- ones &* 0x20) & ~v & highs
            if control | hasZero(v ^ (ones &* 0x22)) | hasZero(v ^ (ones &* 0x5C)) | hasZero(v ^ (ones &* 0xE2)) != 0 { return true }
            index += 8
        }
        while index < bytes.count {
            let byte = base[index]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 { return true }
            index += 1
        }
        return false
    }

    static func writeString(_ s: String, to out: inout some JSONOutput) {
        out.append(UInt8(ascii: "\""))
        // Bytes below 0x20, a quote, a backslash, or 0xE2 (the lead byte of U+2028 and U+2029)
        // need a look; anything else is copied as it is, in one copy.
        // NB: read in place through the UTF-8 view's storage: `withUTF8` on a copy cost
        // hundreds of instructions per short string (keys, names), more than the bytes.
        let plain = s.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard !needsEscaping(bytes) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if plain == true {
            out.append(UInt8(ascii: "\""))
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": append("\\\"", to: &out)
            case "\\": append("\\\\", to: &out)
            case "\n": append("\\n", to: &out)
            case "\r": append("\\r", to: &out)
            case "\t": append("\\t", to: &out)
            case let c where c.value < 0x20 || c.value == 0x2028 || c.value == 0x2029:
                let hex = String(c.value, radix: 16)
                append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex, to: &out)
            default: UTF8.encode(scalar) { out.append($0) }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// Codable so that values can be saved in session files; objects decode with sorted keys,
/// since a decoder does not report the order keys were written in.
extension JSONValue: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads any JSON value; object members come in key order.
    public init(from decoder: Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            self = .object(
                try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                    ($0.stringValue, try object.decode(JSONValue.self, forKey: $0))
                })
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? single.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Writes the value as the JSON it stands for.
    public func encode(to encoder: Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in members { try container.encode(value, forKey: Key(stringValue: key)) }
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let b):
            var container = encoder.singleValueContainer()
            try container.encode(b)
        case .number(let n):
            var container = encoder.singleValueContainer()
            try container.encode(n)
        case .string(let s):
            var container = encoder.singleValueContainer()
            try container.encode(s)
        }
    }
}

/// Reads JSON text (RFC 8259) into a `JSONValue`: objects keep their members in the order
/// written; a number is a `Double`. Nesting deeper than `maxDepth` is refused, so no input can
/// exhaust the stack.
extension JSONValue {
    package struct ParseError: Error, Equatable {
        /// Byte offset where the text stopped being JSON.
        package var offset: Int
    }

    package static let maxDepth = 256

    package static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ParseError) -> JSONValue in
            var reader = JSONReader(bytes: buffer)
            let value = try reader.value(depth: 0)
            reader.skipSpace()
            guard reader.offset == buffer.count else { throw ParseError(offset: reader.offset) }
            return value
        }
    }
}

private struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private var failure: JSONValue.ParseError { JSONValue.ParseError(offset: offset) }

    mutating func skipSpace() {
        while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x0A || bytes[offset] == 0x0D || bytes[offset] == 0x09 {
            offset += 1
        }
    }

    private mutating func expect(_ word: StaticString) throws(JSONValue.ParseError) {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { throw failure }
        for index in 0..<count where bytes[offset + index] != word.utf8Start[index] { throw failure }
        offset += count
    }

    mutating func value(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        skipSpace()
        guard offset < bytes.count, depth < JSONValue.maxDepth else { throw failure }
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            offset += 1
            var members: [(String, JSONValue)] = []
            skipSpace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                return .object(members)
            }
            while true {
                skipSpace()
                let key = try string()
                skipSpace()
                try expect(":")
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard offset < bytes.count else { throw failure }
                if bytes[offset] == UInt8(ascii: "}") {
                    offset += 1
                    return .object(members)
                }
                try expect(",")
            }
        case UInt8(ascii: "["):
            offset += 1
            var items: [JSONValue] = []
            skipSpace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                return .array(items)
            }
            while true {
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard offset < bytes.count else { throw failure }
                if bytes[offset] == UInt8(ascii: "]") {
                    offset += 1
                    return .array(items)
                }
                try expect(",")
            }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        default: return .number(try number())
        }
    }

    /// A number as JSON writes it: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
    private mutating func number() throws(JSONValue.ParseError) -> Double {
        let start = offset
        func digits() -> Int {
            let first = offset
            while offset < bytes.count, bytes[offset] >= 0x30, bytes[offset] <= 0x39 { offset += 1 }
            return offset - first
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let whole = offset
        guard digits() > 0, bytes[whole] != UInt8(ascii: "0") || offset - whole == 1 else { throw failure }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { throw failure }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else { throw failure }
        }
        guard let number = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)) else {
            throw failure
        }
        return number
    }

    /// A string, its escapes read; text that is not UTF-8 is refused.
    private mutating func string() throws(JSONValue.ParseError) -> String {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw failure }
        offset += 1
        var units: [UInt8] = []
        var plain = offset
        while true {
            guard offset < bytes.count else { throw failure }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20 else { throw failure }
            guard byte == UInt8(ascii: "\\") else {
                offset += 1
                continue
            }
            units.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plain..<offset]))
            offset += 1
            guard offset < bytes.count else { throw failure }
            let escaped = bytes[offset]
            offset += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): units.append(escaped)
            case UInt8(ascii: "b"): units.append(0x08)
            case UInt8(ascii: "f"): units.append(0x0C)
            case UInt8(ascii: "n"): units.append(0x0A)
            case UInt8(ascii: "r"): units.append(0x0D)
            case UInt8(ascii: "t"): units.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    try expect("\\u")
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw failure }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let value = Unicode.Scalar(scalar) else { throw failure }
                units.append(contentsOf: Array(String(Character(value)).utf8))
            default: throw failure
            }
            plain = offset
        }
        units.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plain..<offset]))
        offset += 1
        guard let text = String(validating: units, as: UTF8.self) else { throw failure }
        return text
    }

    private mutating func hex4() throws(JSONValue.ParseError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw failure }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw failure
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }
}

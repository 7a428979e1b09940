import Foundation
import IntentParseBase

/// Reads one property list with Foundation and checks value types, reporting each problem with
/// the file and the key path where it sits (`ParameterVocabularies[0].ParameterNames[1]`).
struct PlistReader {
    let file: String
    var log: DiagnosticLog

    /// Parses XML or binary plist data; reports a malformed file and returns nil.
    mutating func root(of url: URL) -> Any? {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            log.error(SourceLocation(file: file), "cannot read file: \(error.localizedDescription)")
            return nil
        }
        if data.isEmpty {
            log.error(SourceLocation(file: file), "the file is empty; expected a property list")
            return nil
        }
        if let index = PlistReader.setObject(inBinary: data) {
            log.error(
                SourceLocation(file: file),
                "not a valid property list: object \(index) of the binary property list is a set, which property lists of apps do not hold")
            return nil
        }
        do {
            return try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            log.error(SourceLocation(file: file), "not a valid property list: \(PlistReader.describe(error))")
            return nil
        }
    }

    /// In a binary property list, the index of the first object that is a set (marker 0xC_):
    /// no property list of an app holds one, and Foundation on Linux crashes bridging the set it
    /// reads (swift-corelibs-foundation's PropertyListSerialization). Every object is reached
    /// through the offset table, so checking the marker at each offset finds any set it could
    /// read. nil when there is none, or when the trailer or table is not one it could read
    /// either (it reports those).
    static func setObject(inBinary data: Data) -> Int? {
        let bytes = [UInt8](data)
        guard bytes.count >= 40, bytes.starts(with: Array("bplist0".utf8)) else { return nil }
        let trailer = bytes.count - 32
        /// The big-endian unsigned integer of `size` bytes at `start`, if it fits in an Int.
        func integer(at start: Int, size: Int) -> Int? {
            guard (1...8).contains(size), start >= 0, start <= bytes.count - size else { return nil }
            let value = bytes[start..<start + size].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return value <= UInt64(Int.max) ? Int(value) : nil
        }
        let offsetSize = Int(bytes[trailer + 6])
        guard (1...8).contains(offsetSize), let count = integer(at: trailer + 8, size: 8),
            let table = integer(at: trailer + 24, size: 8), table <= trailer,
            count <= (trailer - table) / offsetSize
        else { return nil }
        for index in 0..<count {
            if let offset = integer(at: table + index * offsetSize, size: offsetSize), offset < trailer, bytes[offset] >> 4 == 0xC {
                return index
            }
        }
        return nil
    }

    mutating func error(_ path: String, _ message: String) {
        log.error(SourceLocation(file: file, keyPath: path), message)
    }

    mutating func warning(_ path: String, _ message: String) {
        log.append(.warning(SourceLocation(file: file, keyPath: path), message))
    }

    mutating func dictionary(_ value: Any?, _ path: String) -> [String: Any]? {
        typed(value, path, "a dictionary")
    }

    mutating func array(_ value: Any?, _ path: String) -> [Any]? {
        typed(value, path, "an array")
    }

    mutating func string(_ value: Any?, _ path: String) -> String? {
        guard let text: String = typed(value, path, "a string") else { return nil }
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            error(path, "is an empty string")
            return nil
        }
        return text
    }

    /// An optional string: nil without a diagnostic when absent.
    mutating func optionalString(_ value: Any?, _ path: String) -> String? {
        value == nil ? nil : string(value, path)
    }

    private mutating func typed<T>(_ value: Any?, _ path: String, _ expected: String) -> T? {
        guard let value else {
            error(path, "is missing; expected \(expected)")
            return nil
        }
        guard let typed = value as? T else {
            error(path, "expected \(expected), found \(PlistReader.kind(of: value))")
            return nil
        }
        return typed
    }

    static func kind(of value: Any) -> String {
        switch value {
        case is String: return "a string"
        case is [Any]: return "an array"
        case is [String: Any]: return "a dictionary"
        case is Date: return "a date"
        case is Data: return "data"
        case is NSNumber: return "a number or boolean"
        default: return "\(type(of: value))"
        }
    }

    static func describe(_ error: Error) -> String {
        let nsError = error as NSError
        if let debug = nsError.userInfo["NSDebugDescription"] as? String { return debug }
        return nsError.localizedDescription
    }
}

/// Joins key path components: `join("a", 0)` → "a[0]", `join("a", "b")` → "a.b".
func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
func join(_ path: String, _ index: Int) -> String { "\(path)[\(index)]" }

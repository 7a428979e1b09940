import Foundation

/// Reads standard input one line at a time as raw bytes, so that invalid UTF-8 is reported
/// for its line instead of being silently replaced.
struct InputLines {
    enum Line {
        case text(String)
        case invalidUTF8(String)
    }

    /// Bytes read and not yet returned start at `start`: a line is taken by moving `start`,
    /// and the consumed bytes are dropped only before the next read, so a line costs its own
    /// length, not the length of the chunk after it.
    private var buffer: [UInt8] = []
    private var start = 0
    private var finished = false
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    /// Called before each read, which may wait for input (to flush the answers so far).
    private let beforeRead: () throws -> Void

    init(beforeRead: @escaping () throws -> Void = {}) { self.beforeRead = beforeRead }

    mutating func next() throws -> Line? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                return InputLines.decode(line)
            }
            if finished {
                guard start < buffer.count else { return nil }
                defer { buffer.removeAll(); start = 0 }
                return InputLines.decode(Array(buffer[start...]))
            }
            buffer.removeSubrange(..<start)
            start = 0
            try beforeRead()
            let count = read(0, &chunk, chunk.count)
            if count <= 0 { finished = true } else { buffer += chunk[0..<count] }
        }
    }

    private static func decode(_ bytes: [UInt8]) -> Line {
        var bytes = bytes
        if bytes.last == 0x0D { bytes.removeLast() }
        if let text = String(validating: bytes, as: UTF8.self) { return .text(text) }
        return .invalidUTF8(String(decoding: bytes, as: UTF8.self))
    }
}

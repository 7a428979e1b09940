import Foundation

/// Standard output for answers written line by line, in blocks: a file of utterances piped
/// through costs one write per block, not one per line.
///
/// NB: flushed before the input is waited for (`InputLines`' `beforeRead`), so a person
/// typing at a terminal, or a program that writes a line and waits for its answer, gets each
/// answer as soon as it is made.
final class LineOutput {
    private var buffer: [UInt8] = []
    /// Bytes kept before a write.
    private static let blockSize = 64 * 1024

    init() { buffer.reserveCapacity(LineOutput.blockSize) }

    /// `bytes`, then a newline.
    func appendLine(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        buffer.append(contentsOf: bytes)
        buffer.append(0x0A)
        if buffer.count >= LineOutput.blockSize { try flush() }
    }

    /// `text`'s UTF-8, then a newline.
    func appendLine(_ text: String) throws {
        var text = text
        try text.withUTF8 { try appendLine($0) }
    }

    /// Writes what is kept.
    func flush() throws {
        var written = 0
        defer { buffer.removeAll(keepingCapacity: true) }
        while written < buffer.count {
            let count = buffer[written...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw LineOutput.WriteError(reason: String(cString: strerror(errno)))
            }
            written += count
        }
    }

    /// The output could not be written (a full disk, a closed pipe with SIGPIPE ignored).
    struct WriteError: Error, CustomStringConvertible {
        var reason: String
        var description: String { "cannot write the output: \(reason)" }
    }
}

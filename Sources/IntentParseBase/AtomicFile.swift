import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Temporary files being written right now, so that whatever ends the process (a signal
/// included) can remove them: `AtomicFile` registers each one while it writes it.
///
/// NB: a writer holds `writing` from creating its temporary until it is renamed or removed,
/// so `removeAllAndStop` (which takes it and never gives it back) finds either no temporary
/// or one that no writer will touch again; a writer stuck longer than the wait is cut short.
package final class TemporaryFiles: @unchecked Sendable {
    package static let shared = TemporaryFiles()

    private let writing = NSLock()
    private let registry = NSLock()
    private var paths: Set<String> = []

    package init() {}

    /// Runs `body` with `path` registered, as the only writer; `body` renames or removes it.
    package func writing<T>(_ path: String, _ body: () throws -> T) rethrows -> T {
        writing.lock()
        defer { writing.unlock() }
        registered { _ = $0.insert(path) }
        defer { registered { _ = $0.remove(path) } }
        return try body()
    }

    private func registered(_ change: (inout Set<String>) -> Void) {
        registry.lock()
        defer { registry.unlock() }
        change(&paths)
    }

    /// Removes every registered temporary and lets no writer start again: for a process about
    /// to end. Waits up to `timeout` seconds for a writer in the middle of its work.
    package func removeAllAndStop(waitingUpTo timeout: TimeInterval = 2) {
        _ = writing.lock(before: Date(timeIntervalSinceNow: timeout))
        registry.lock()
        for path in paths { unlink(path) }
        paths.removeAll()
    }
}

/// Writes a file atomically: a temporary file beside it (`.<name>.<UUID>.tmp`), renamed over
/// it once complete, so readers see the old content or the new, never a part. The temporary is
/// removed on every failure, and by `TemporaryFiles.removeAllAndStop` when the process is
/// stopped while writing.
package enum AtomicFile {
    /// Why a write failed, with the operating system's words (`strerror`).
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var operation: String
        package var reason: String
        package var description: String { "\(operation): \(reason)" }
    }

    /// The temporary file's path for `path`: hidden, in the same folder (a rename stays on one
    /// file system), unique per write.
    package static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
    }

    /// Writes `data` to `path` atomically; throws `Failure` naming what failed and why.
    package static func write(_ data: Data, to path: String, registry: TemporaryFiles = .shared) throws {
        let temporary = temporaryPath(for: path)
        try registry.writing(temporary) {
            do {
                try writeNew(data, to: temporary)
                guard rename(temporary, path) == 0 else { throw Failure(operation: "cannot replace the file", reason: lastError()) }
            } catch {
                unlink(temporary)
                throw error
            }
        }
    }

    /// Checks that a file can be written in `folder`, by creating and removing a temporary one.
    package static func probeWritable(folder: String, registry: TemporaryFiles = .shared) throws {
        let probe = temporaryPath(for: (folder as NSString).appendingPathComponent("probe"))
        try registry.writing(probe) {
            defer { unlink(probe) }
            try writeNew(Data(), to: probe)
        }
    }

    /// Creates `path` (which must not exist) and writes all of `data` to it.
    private static func writeNew(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(operation: "cannot create a temporary file", reason: lastError()) }
        var failure: Failure?
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = systemWrite(descriptor, base + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else {
                    failure = Failure(operation: "cannot write", reason: lastError())
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0, failure == nil { failure = Failure(operation: "cannot write", reason: lastError()) }
        if let failure { throw failure }
    }

    /// Everything from `descriptor`'s current offset to the end of its file.
    package static func readAll(_ descriptor: Int32) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Failure(operation: "cannot read", reason: lastError()) }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// The last system call's error in words ("No such file or directory").
    package static func lastError() -> String { String(cString: strerror(errno)) }
}

/// The system's `write(2)` (inside `AtomicFile`, `write` names its own method).
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

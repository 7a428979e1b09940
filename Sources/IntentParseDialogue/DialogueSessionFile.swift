import Foundation
import IntentParseBase

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A conversation kept in a JSON file between turns, and between processes (`dialog --session`).
///
/// Each turn reads the session, advances it and saves it while holding an exclusive `flock`
/// on the file, so processes sharing a file take whole turns in turn and none is lost. Saves
/// are atomic (`AtomicFile`): a reader sees the previous turn or the next, never a part.
///
/// NB: a save renames a new file over the old one, so the lock is taken on the file the path
/// names *after* the lock is granted: a process that waited on a file another one replaced
/// meanwhile locks the new file instead. A file locked before it existed is created empty,
/// which reads as a new session.
package struct DialogueSessionFile: Sendable {
    package let path: String

    package init(path: String) { self.path = path }

    /// Checks, before the first turn, that the session can be used: its folder exists and a
    /// file can be written there, and an existing file is a readable session. Throws a
    /// `DiagnosticError` naming the file and what is wrong.
    package func check() throws {
        guard !path.isEmpty else { throw problem("a session file needs a path") }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw problem("is a folder, not a session file")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw problem("cannot keep a session here: the folder \(folder) does not exist")
        }
        guard isFolder.boolValue else { throw problem("cannot keep a session here: \(folder) is not a folder") }
        do {
            try AtomicFile.probeWritable(folder: folder)
        } catch {
            throw problem("cannot save the session in \(folder): \(error)")
        }
        _ = try DialogueSession.load(from: URL(fileURLWithPath: path))
    }

    /// Runs one turn under the file's lock: reads the session (a missing or empty file is a new
    /// one), lets `body` advance it, saves it, and unlocks. Nothing is saved when `body` throws.
    package func update<T>(_ body: (inout DialogueSession) throws -> T) throws -> T {
        let descriptor = try lock()
        defer { close(descriptor) }
        var session = try DialogueSession.decode(readingFrom: descriptor, path: path)
        let result = try body(&session)
        try session.save(to: URL(fileURLWithPath: path))
        return result
    }

    /// Opens the file (creating it empty if need be) and takes an exclusive lock on it, waiting
    /// for other processes' turns; returns the descriptor, which holds the lock until closed.
    private func lock() throws -> Int32 {
        while true {
            let descriptor = open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw problem("cannot open the session file: \(AtomicFile.lastError())") }
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let reason = AtomicFile.lastError()
                    close(descriptor)
                    throw problem("cannot lock the session file: \(reason)")
                }
            }
            if isCurrent(descriptor) { return descriptor }
            // Another process saved (renamed a new file over this one) while this one waited.
            close(descriptor)
        }
    }

    /// Whether the open file is still the one the path names.
    private func isCurrent(_ descriptor: Int32) -> Bool {
        var opened = stat(), named = stat()
        return fstat(descriptor, &opened) == 0 && stat(path, &named) == 0 && opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }

    private func problem(_ message: String) -> DiagnosticError { DialogueSession.problem(path, message) }
}

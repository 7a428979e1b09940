import Foundation
import IntentParseBase
import IntentParseDialogue
import Testing

@testable import IntentParseDialogue

/// `DialogueSessionFile`: checked before use, updated under a lock, saved atomically.
@Suite struct DialogueSessionFileTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("session-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func checkNamesTheFileAndWhatIsWrong() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = DialogueSessionFile(path: folder.appendingPathComponent("gone/s.json").path)
        let error = try #require(throws: DiagnosticError.self) { try missing.check() }
        #expect(error.diagnostics.first?.location.file == missing.path)
        #expect(error.diagnostics.first?.message.contains("does not exist") == true)
        // A new file in an existing folder is fine, and the check leaves nothing behind.
        try DialogueSessionFile(path: folder.appendingPathComponent("s.json").path).check()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// Threads with a descriptor each lock one another out as processes do: no update is lost.
    @Test func concurrentUpdatesAreAllKept() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = DialogueSessionFile(path: folder.appendingPathComponent("s.json").path)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<50 { try? file.update { $0.turns += 1 } }
        }
        #expect(try DialogueSession.load(from: URL(fileURLWithPath: file.path)).turns == 200)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["s.json"])
    }

    @Test func nothingIsSavedWhenATurnFails() throws {
        struct Failed: Error {}
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = DialogueSessionFile(path: folder.appendingPathComponent("s.json").path)
        try file.update { $0.turns = 7 }
        #expect(throws: Failed.self) {
            try file.update { session in
                session.turns = 8; throw Failed()
            }
        }
        #expect(try DialogueSession.load(from: URL(fileURLWithPath: file.path)).turns == 7)
    }

    @Test func aFailedWriteRemovesItsTemporary() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The target is a non-empty folder: the rename fails after the temporary is written.
        let target = folder.appendingPathComponent("s.json")
        try FileManager.default.createDirectory(at: target.appendingPathComponent("inside"), withIntermediateDirectories: true)
        let error = try #require(throws: DiagnosticError.self) { try DialogueSession().save(to: target) }
        #expect(error.diagnostics.first?.message.hasPrefix("cannot save the session: cannot replace the file: ") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["s.json"])
    }
}

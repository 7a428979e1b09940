import Foundation
import IntentParse

/// The repository's shipped files, for tests that read them.
package enum Repository {
    /// The package's root folder (this file is `Tests/IntentParseTestSupport/Repository.swift`).
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    package static var grammars: URL { root.appendingPathComponent("Grammars") }
    package static var vocabulary: URL { root.appendingPathComponent("Vocabulary") }
    package static var corpus: URL { root.appendingPathComponent("Corpus") }

    /// The shipped grammars (every language) and vocabulary, loaded once for the whole test run.
    package static func shippedParser() throws -> IntentParser { try shipped.get() }

    private static let shipped = Result { try IntentParser(grammars: grammars, vocabulary: vocabulary) }

    /// Every corpus file under `Corpus/`, as paths relative to the root, sorted.
    package static func corpusFiles() -> [String] {
        let enumerator = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil)
        var files: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "yaml" { files.append(String(url.path.dropFirst(root.path.count + 1))) }
        }
        return files.sorted()
    }
}

/// A new empty folder in the temporary directory; `remove()` deletes it with what it holds.
package struct TemporaryFolder: Sendable {
    package let url: URL

    package init(_ prefix: String = "intentparse-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A folder made before (`CLI.temporaryFolder()`), to write to or remove.
    package init(existing url: URL) { self.url = url }

    /// Writes `text` to `path` (relative to the folder; its folders are made) and returns its URL.
    @discardableResult
    package func write(_ text: String, to path: String) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    package func remove() { try? FileManager.default.removeItem(at: url) }
}

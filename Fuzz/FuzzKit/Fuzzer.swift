import Dispatch
import Foundation
import FuzzDriver
import IntentParse
import IntentParseBase
import IntentParseEntities
import IntentParseSchema

/// What every harness shares: libFuzzer's driver, the repository's shipped files, a scratch
/// folder for inputs that must be files, and a way to wait for async work.
package enum Fuzzer {
    nonisolated(unsafe) private static var test: (([UInt8]) -> Void)?

    /// Runs libFuzzer with the command line's flags, `body` testing one input. Never returns:
    /// exits with libFuzzer's status (non-zero on a crash, leak or timeout).
    ///
    /// `body` first runs on the harness's saved corpus (`Fuzz/Corpus/<harness>/`) under
    /// `prepare`, so that what the code loads and fills on first use (the shipped schema, ICU
    /// objects, tables) is neither taken for leaks nor timed against the first input (under
    /// AddressSanitizer on a busy machine, loading the schema took over the 1 s limit);
    /// libFuzzer then runs the same inputs again, watched.
    package static func run(_ harness: String, _ body: @escaping ([UInt8]) -> Void) -> Never {
        warmUp(harness, body)
        test = body
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
            Fuzzer.test?(bytes)
            return 0
        }
        exit(status)
    }

    private static func warmUp(_ harness: String, _ body: ([UInt8]) -> Void) {
        prepare {
            let saved = root.appendingPathComponent("Fuzz/Corpus/\(harness)")
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: saved.path)) ?? []).sorted()
            for name in files {
                if let data = FileManager.default.contents(atPath: saved.appendingPathComponent(name).path) { body(Array(data)) }
            }
        }
    }

    /// Runs `body` (loading what every input shares, warming caches) with LeakSanitizer off for
    /// its allocations: they live as long as the process, and some are reached only through
    /// pointers that carry an enum's tag bits, which LeakSanitizer takes for no pointers.
    package static func prepare<T>(_ body: () throws -> T) rethrows -> T {
        __lsan_disable()
        defer { __lsan_enable() }
        return try body()
    }

    /// The shipped SiriKit schema (embedded in the binary; empty only if it failed to load,
    /// which the normal test suite would report).
    package static let shippedSchema: Schema = (try? Schema.siriKit()) ?? Schema()

    /// The repository's root (its `Grammars/` and `Vocabulary/`): `INTENTPARSE_ROOT`, else the
    /// current folder (`Fuzz/run` runs from the root).
    package static let root: URL = {
        let path = ProcessInfo.processInfo.environment["INTENTPARSE_ROOT"] ?? FileManager.default.currentDirectoryPath
        return URL(fileURLWithPath: path, isDirectory: true)
    }()

    /// A fixed reference time, so that dates in inputs resolve the same on every run.
    package static let entityContext = EntityContext(iso: "2026-11-21T09:30:00-05:00") ?? EntityContext()

    /// The parser on the shipped grammars and vocabulary, every locale (`--locale auto`), loaded
    /// once; exits when they do not load (the harness would test nothing).
    package static let shippedParser: IntentParser = {
        do {
            return try IntentParser(
                grammars: root.appendingPathComponent("Grammars"),
                vocabulary: root.appendingPathComponent("Vocabulary"))
        } catch {
            FileHandle.standardError.write(
                Data("fuzz: cannot load Grammars/ and Vocabulary/ under \(root.path) (set INTENTPARSE_ROOT): \(error)\n".utf8))
            exit(2)
        }
    }()

    /// A folder of this process's own for inputs written as files, removed when it exits.
    package static let scratch: URL = {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("intentparse-fuzz-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            FileHandle.standardError.write(Data("fuzz: cannot make a scratch folder \(folder.path): \(error)\n".utf8))
            exit(2)
        }
        scratchToRemove = folder.path
        atexit { if let path = Fuzzer.scratchToRemove { try? FileManager.default.removeItem(atPath: path) } }
        return folder
    }()

    nonisolated(unsafe) private static var scratchToRemove: String?

    /// Writes `bytes` to `url`, exiting if it cannot (a full disk is no finding).
    package static func write(_ bytes: [UInt8], to url: URL) {
        do {
            try Data(bytes).write(to: url)
        } catch {
            FileHandle.standardError.write(Data("fuzz: cannot write \(url.path): \(error)\n".utf8))
            exit(2)
        }
    }

    /// Input lines as the CLI reads them (`InputLines`): split at "\n", a trailing "\r"
    /// dropped, a last line without "\n" kept; a line that is not valid UTF-8 is repaired
    /// (`isValid` false), as the CLI repairs it to report it.
    package static func lines(_ bytes: [UInt8]) -> [(text: String, isValid: Bool)] {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line -> (text: String, isValid: Bool) in
            let trimmed = line.last == 0x0D ? line.dropLast() : line
            if let text = String(validating: trimmed, as: UTF8.self) { return (text, true) }
            return (String(decoding: trimmed, as: UTF8.self), false)
        }
        if bytes.last == 0x0A { lines.removeLast() }
        return lines
    }

    /// Runs async work and waits for it (as the CLI's `dialog` does).
    package static func blocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        Blocking.run(body)
    }
}

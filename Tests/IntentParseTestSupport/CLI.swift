import Foundation

/// Runs the built `intentparse` binary as a user would.
package enum CLI {
    package static var root: URL { Repository.root }

    /// The executable sits next to the test bundle in the build products folder.
    package static var binary: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("intentparse").path), folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("intentparse")
    }

    package struct Output: Sendable {
        package var status: Int32
        package var stdout: String
        package var stderr: String
        package var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty } }
    }

    /// `environment` is added to this process's, from which the locale variables are removed
    /// (a run does not depend on the machine's language unless a test sets one). `program`:
    /// another program to run the same way (default: the built `intentparse`).
    package static func run(
        _ arguments: [String], stdin: Data? = nil, in directory: URL = root, environment: [String: String] = [:], program: URL? = nil
    ) throws -> Output {
        let process = Process()
        process.executableURL = program ?? binary
        process.arguments = arguments
        var inherited = ProcessInfo.processInfo.environment
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] { inherited[name] = nil }
        process.environment = inherited.merging(environment) { $1 }
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        // Written beside the reads: input and output larger than a pipe's buffer would
        // otherwise wait on each other.
        // A command may end without reading its input (a load error): the write then fails
        // with EPIPE, which must not end the test process with SIGPIPE.
        _ = CLI.ignoreBrokenPipes
        let writer = input.fileHandleForWriting
        let written = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            if let stdin { try? writer.write(contentsOf: stdin) }
            try? writer.close()
            written.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        written.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }

    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// A new empty folder; the test removes it when done (`remove`).
    package static func temporaryFolder() throws -> URL { try TemporaryFolder("intentparse-cli").url }

    package static func remove(_ folder: URL) { TemporaryFolder(existing: folder).remove() }
}

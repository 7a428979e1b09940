import Foundation
import IntentParseSchema
import IntentParseTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `dialog --session FILE`: the file is checked before the first turn, turns of processes
/// sharing it are never lost, and whatever ends a run leaves no temporary file behind.
@Suite(.serialized) struct CLISessionTests {
    /// A `dialog --session` process whose standard input the test writes line by line.
    final class Conversation {
        let process = Process()
        private let input = Pipe()
        private let errors = Pipe()

        init(session: URL) throws {
            process.executableURL = CLI.binary
            process.arguments = ["dialog", "--locale", "en", "--session", session.path]
            process.currentDirectoryURL = CLI.root
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
        }

        func say(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }

        /// Closes standard input, waits for the end and returns standard error.
        func finish() throws -> String {
            try input.fileHandleForWriting.close()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text
        }
    }

    /// Outputs of processes run side by side.
    final class Outputs: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var all: [CLI.Output?] = []

        func append(_ output: CLI.Output?) {
            lock.lock()
            defer { lock.unlock() }
            all.append(output)
        }
    }

    private static func turns(in session: URL) -> Int? {
        guard let data = FileManager.default.contents(atPath: session.path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return object["turns"] as? Int
    }

    private static func temporaries(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".tmp") }
    }

    @Test func aSessionPathThatCannotWorkIsReportedBeforeTheFirstTurn() throws {
        let folder = try CLI.temporaryFolder()
        defer { CLI.remove(folder) }
        let notAFolder = folder.appendingPathComponent("file.txt")
        try Data("x".utf8).write(to: notAFolder)
        let cases = [
            ("/nonexistent/d/s.json", "/nonexistent/d/s.json: error: cannot keep a session here: the folder /nonexistent/d does not exist"),
            (
                notAFolder.appendingPathComponent("s.json").path,
                "file.txt/s.json: error: cannot keep a session here: \(notAFolder.path) is not a folder"
            ),
            (folder.path, "\(folder.path): error: is a folder, not a session file")
        ]
        for (path, message) in cases {
            let output = try CLI.run(["dialog", "--locale", "en", "--session", path], stdin: Data("send a MonkeyChat message\n".utf8))
            #expect(output.status == 2, "\(path)")
            #expect(output.stderr.contains(message), "\(output.stderr)")
            #expect(!output.stderr.contains("Error Domain"))
            #expect(output.stdout.isEmpty, "no turn is answered and then lost")
        }
        #expect(CLISessionTests.temporaries(in: folder).isEmpty)
    }

    #if os(Linux)
        /// A folder no file can be created in (as root too): the check writes a probe file there.
        @Test func aFolderThatRefusesFilesIsReportedBeforeTheFirstTurn() throws {
            let output = try CLI.run(["dialog", "--locale", "en", "--session", "/proc/intentparse-session.json"], stdin: Data("hi\n".utf8))
            #expect(output.status == 2)
            #expect(
                output.stderr.hasPrefix("/proc/intentparse-session.json: error: cannot save the session in /proc: cannot create a temporary file: "),
                "\(output.stderr)")
            #expect(output.stderr.split(separator: "\n").count == 1)
            #expect(output.stdout.isEmpty)
        }
    #endif

    @Test func anUnreadableSessionIsReportedBeforeTheFirstTurn() throws {
        let folder = try CLI.temporaryFolder()
        defer { CLI.remove(folder) }
        let session = folder.appendingPathComponent("s.json")
        try Data(#"{"turns":"three"}"#.utf8).write(to: session)
        let output = try CLI.run(["dialog", "--locale", "en", "--session", session.path], stdin: Data("send a MonkeyChat message\n".utf8))
        #expect(output.status == 2)
        #expect(output.stderr.contains("s.json: error: corrupt session file:"), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
        #expect(try Data(contentsOf: session) == Data(#"{"turns":"three"}"#.utf8), "a bad file is left as it was")
    }

    /// The folder disappears between two turns: a one-line message and exit 2, no dump.
    @Test func aSaveThatFailsMidConversationExitsTwoWithAOneLineMessage() throws {
        let folder = try CLI.temporaryFolder()
        defer { CLI.remove(folder) }
        let session = folder.appendingPathComponent("s.json")
        let conversation = try Conversation(session: session)
        conversation.say("send a MonkeyChat message")
        let deadline = Date(timeIntervalSinceNow: 60)
        while CLISessionTests.turns(in: session) != 1, Date() < deadline { usleep(20_000) }
        #expect(CLISessionTests.turns(in: session) == 1)
        CLI.remove(folder)
        conversation.say("Bobo")
        let errors = try conversation.finish()
        #expect(conversation.process.terminationStatus == 2)
        #expect(errors.hasPrefix("\(session.path): error: cannot open the session file: No such file or directory"), "\(errors)")
        #expect(errors.split(separator: "\n").count == 1)
    }

    /// Three processes on one file: every turn of each is counted, none lost to another's save.
    @Test func processesSharingASessionFileLoseNoTurn() throws {
        let folder = try CLI.temporaryFolder()
        defer { CLI.remove(folder) }
        let session = folder.appendingPathComponent("s.json")
        let lines = String(repeating: "hello\n", count: 150)
        let outputs = Outputs()
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            outputs.append(try? CLI.run(["dialog", "--locale", "en", "--session", session.path], stdin: Data(lines.utf8)))
        }
        #expect(outputs.all.count == 3)
        for output in outputs.all {
            #expect(output?.status == 0, "\(output?.stderr ?? "")")
            #expect(output?.lines.count == 150)
        }
        #expect(CLISessionTests.turns(in: session) == 450)
        #expect(CLISessionTests.temporaries(in: folder).isEmpty)
    }

    /// SIGTERM while a save is being written: the process removes the temporary file, ends as
    /// SIGTERM ends a process, and the session file holds a whole turn.
    @Test func aSignalDuringASaveLeavesNoTemporaryFile() throws {
        let folder = try CLI.temporaryFolder()
        defer { CLI.remove(folder) }
        let session = folder.appendingPathComponent("s.json")
        let conversation = try Conversation(session: session)
        // Megabytes of session, so a save takes long enough to be caught in the middle.
        let message =
            "send a message to Coco on MonkeyChat saying " + Array(repeating: String(repeating: "b", count: 4000), count: 100).joined(separator: " ")
        var caught = false
        for _ in 0..<20 where !caught {
            conversation.say(message)
            let deadline = Date(timeIntervalSinceNow: 20)
            while !caught, Date() < deadline, conversation.process.isRunning {
                guard !CLISessionTests.temporaries(in: folder).isEmpty else { continue }
                kill(conversation.process.processIdentifier, SIGSTOP)
                if CLISessionTests.temporaries(in: folder).isEmpty {
                    kill(conversation.process.processIdentifier, SIGCONT)
                } else {
                    caught = true
                }
            }
        }
        #expect(caught, "no save was caught in the middle")
        kill(conversation.process.processIdentifier, SIGTERM)
        kill(conversation.process.processIdentifier, SIGCONT)
        _ = try conversation.finish()
        #expect(conversation.process.terminationReason == .uncaughtSignal)
        #expect(conversation.process.terminationStatus == SIGTERM)
        #expect(CLISessionTests.temporaries(in: folder).isEmpty)
        #expect(CLISessionTests.turns(in: session) != nil, "the session file is whole")
    }
}

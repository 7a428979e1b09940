import Foundation
import IntentParseTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `intentparse serve` as a user starts it: a real socket, then SIGTERM.
@Suite struct CLIServeTests {
    /// Starts `serve --port 0` with `arguments`; returns the process and the URL it listens on.
    static func start(_ arguments: [String] = []) throws -> (process: Process, url: URL, stderr: Pipe) {
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["serve", "--port", "0"] + arguments
        process.currentDirectoryURL = CLI.root
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var seen = ""
        while !seen.contains("\n") {
            let data = err.fileHandleForReading.availableData
            if data.isEmpty { break }
            seen += String(decoding: data, as: UTF8.self)
        }
        let address = try #require(seen.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression), "\(seen)")
        return (process, try #require(URL(string: String(seen[address]))), err)
    }

    static func post(_ url: URL, _ body: String, token: String? = nil) async throws -> (status: Int, body: String) {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test func servesOnASocketAndStopsOnSIGTERM() async throws {
        let token = try CLI.temporaryFolder()
        defer { CLI.remove(token) }
        let tokenFile = token.appendingPathComponent("token")
        try "  s3cret\n".write(to: tokenFile, atomically: true, encoding: .utf8)
        let (process, url, _) = try Self.start(["--token-file", tokenFile.path, "--locale", "en", "--now", "2026-11-21T09:30:00-05:00"])
        defer { if process.isRunning { process.terminate() } }

        let parsed = try await Self.post(url.appendingPathComponent("parse"), #"{"text":"remind me to call mom tomorrow"}"#, token: "s3cret")
        #expect(parsed.status == 200)
        #expect(parsed.body.contains(#""intent":"INAddTasksIntent""#), "\(parsed.body)")
        // --now is the default reference time: tomorrow is 2026-11-22.
        #expect(parsed.body.contains("2026-11-22"), "\(parsed.body)")
        let refused = try await Self.post(url.appendingPathComponent("parse"), #"{"text":"call Bobo"}"#)
        #expect(refused.status == 401)

        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }

    /// A conversation kept in a SQLite file goes on after the service restarts.
    @Test func continuesAConversationAfterARestartWithASessionsFile() async throws {
        let folder = try CLI.temporaryFolder()
        defer { CLI.remove(folder) }
        let file = folder.appendingPathComponent("sessions.sqlite").path
        var (process, url, _) = try Self.start(["--sessions", file])
        let first = try await Self.post(url.appendingPathComponent("dialog"), #"{"text":"send a message with MonkeyChat"}"#)
        #expect(first.status == 200)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.body.utf8)) as? [String: Any])
        let session = try #require(object["session"] as? String)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)

        (process, url, _) = try Self.start(["--sessions", file])
        defer { if process.isRunning { process.terminate() } }
        let second = try await Self.post(url.appendingPathComponent("dialog"), #"{"session":"\#(session)","text":"Coco"}"#)
        #expect(second.status == 200)
        #expect(second.body.contains(#""parameter":"content""#), "\(second.body)")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }

    /// Where the browser test finds what it needs: Debian's `chromium`, `chromium-driver` and
    /// `python3-selenium` (README, "Set up, run, test"; `.ci/run` installs them).
    static let python = URL(fileURLWithPath: "/usr/bin/python3")
    static let hasBrowser =
        ["/usr/bin/chromium", "/usr/bin/chromedriver"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
        && (try? CLI.run(["-c", "import selenium"], program: python))?.status == 0

    /// The playground page (`GET /`) in headless Chromium: `Tests/Browser/playground_test.py`
    /// types sentences and a conversation and checks what the page shows.
    @Test(.enabled(if: hasBrowser, "needs chromium, chromium-driver and python3-selenium (README, Set up, run, test)"))
    func showsAParseAndAConversationInABrowser() throws {
        let (process, url, _) = try Self.start(["--now", "2026-11-21T09:30:00-05:00"])
        defer { if process.isRunning { process.terminate() } }
        let script = CLI.root.appendingPathComponent("Tests/Browser/playground_test.py").path
        let output = try CLI.run([script, url.absoluteString + "/"], program: Self.python)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("all checks passed"))
    }

    @Test(arguments: [
        (["--port", "70000"], "--port 70000 must be from 0 to 65535"),
        (["--session-ttl", "0"], "--session-ttl 0.0 must be a number of seconds above 0"),
        (["--session-ttl", "inf"], "--session-ttl inf must be a number of seconds above 0"),
        (["--token-file", "/nonexistent/token"], "/nonexistent/token: error: cannot read the token file"),
        (["--sessions", "/nonexistent/s.sqlite"], "/nonexistent/s.sqlite: error: cannot keep sessions here: the folder /nonexistent does not exist"),
        (["--sessions", "mysql://localhost/db"], "error: --sessions takes memory, the path of a SQLite file or a postgres:// address"),
        (["--sessions", "postgres://localhost/db"], "postgres://localhost/db: error: cannot keep sessions there: the address names no user"),
        (["--sessions", "postgres://me:s3cret@127.0.0.1:1/db"], "postgres://me:***@127.0.0.1:1/db: error: cannot keep sessions in this database")
    ])
    func refusesBadOptionsBeforeServing(arguments: [String], message: String) throws {
        let output = try CLI.run(["serve"] + arguments)
        #expect(output.status == 2)
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }
}

import Foundation
import IntentParseTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Debian's nginx.
private let nginx = URL(fileURLWithPath: "/usr/sbin/nginx")

/// Two `serve` instances behind nginx, sharing their conversations in PostgreSQL (README,
/// "Several instances"): every turn goes to the other instance than the turn before.
@Suite(
    .enabled(
        if: PostgresServer.isAvailable && FileManager.default.isExecutableFile(atPath: nginx.path),
        "needs PostgreSQL and nginx (apt-get install postgresql nginx; README, Set up, run, test)"))
struct CLIScaleOutTests {
    /// The README's nginx configuration for two instances, with this test's ports and folder.
    static func configuration(folder: URL, port: Int, instances: [URL]) -> String {
        let path = folder.path
        return """
            worker_processes 1;
            error_log \(path)/error.log;
            pid \(path)/nginx.pid;
            events { worker_connections 256; }
            http {
                access_log off;
                client_body_temp_path \(path)/body;
                proxy_temp_path \(path)/proxy;
                fastcgi_temp_path \(path)/fastcgi;
                uwsgi_temp_path \(path)/uwsgi;
                scgi_temp_path \(path)/scgi;
                upstream intentparse {
            \(instances.map { "        server \($0.host ?? "127.0.0.1"):\($0.port ?? 0);" }.joined(separator: "\n"))
                    keepalive 16;
                }
                server {
                    listen 127.0.0.1:\(port);
                    client_max_body_size 1m;
                    location / {
                        proxy_pass http://intentparse;
                        proxy_http_version 1.1;
                        proxy_set_header Connection "";
                        proxy_set_header Host $host;
                        add_header X-Upstream $upstream_addr always;
                    }
                }
            }

            """
    }

    struct Answer {
        var status: Int
        var object: [String: Any]
        /// The instance that answered (nginx's `X-Upstream`).
        var upstream: String
    }

    static func send(_ method: String, _ url: URL, _ body: String? = nil) async throws -> Answer {
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return Answer(status: http.statusCode, object: object, upstream: http.value(forHTTPHeaderField: "X-Upstream") ?? "")
    }

    /// Starts nginx in the foreground on `port` with `configuration`; waits until it answers.
    static func startNginx(folder: URL, configuration: String, port: Int) async throws -> Process {
        let file = folder.appendingPathComponent("nginx.conf")
        try configuration.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = nginx
        process.arguments = ["-p", folder.path, "-c", file.path, "-g", "daemon off;"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let health = try #require(URL(string: "http://127.0.0.1:\(port)/healthz"))
        for _ in 0..<100 {
            if let answer = try? await send("GET", health), answer.status == 200 { return process }
            try await Task.sleep(for: .milliseconds(100))
        }
        process.terminate()
        let log = (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        throw PostgresServer.Problem("nginx did not answer on port \(port): \(log)")
    }

    @Test func runsTwentyConversationsWhoseTurnsAlternateBetweenTwoInstances() async throws {
        try await PostgresServer.with { database in
            let first = try CLIServeTests.start(["--locale", "en", "--sessions", database.url])
            defer { if first.process.isRunning { first.process.terminate() } }
            let second = try CLIServeTests.start(["--locale", "en", "--sessions", database.url])
            defer { if second.process.isRunning { second.process.terminate() } }
            let folder = try CLI.temporaryFolder()
            defer { CLI.remove(folder) }
            let port = try Loopback.freePort()
            let proxy = try await Self.startNginx(
                folder: folder, configuration: Self.configuration(folder: folder, port: port, instances: [first.url, second.url]), port: port)
            defer { proxy.terminate() }
            let dialog = try #require(URL(string: "http://127.0.0.1:\(port)/dialog"))

            var upstreams: Set<String> = []
            for number in 1...20 {
                let content = "see you at noon, message \(number)"
                let turns: [(text: String, state: String)] = [
                    ("send a message with MonkeyChat", "needsValue"), ("Coco", "needsValue"), (content, "confirmIntent"), ("yes", "done")
                ]
                var session: String?
                var previous: String?
                var last: [String: Any] = [:]
                for (text, state) in turns {
                    var request = ["text": text]
                    request["session"] = session
                    let body = try String(decoding: JSONSerialization.data(withJSONObject: request), as: UTF8.self)
                    let answer = try await Self.send("POST", dialog, body)
                    #expect(answer.status == 200, "\(number) \(text): \(answer.object)")
                    #expect(answer.object["state"] as? String == state, "\(number) \(text): \(answer.object)")
                    // Round robin: this turn went to the other instance than the one before.
                    #expect(!answer.upstream.isEmpty && answer.upstream != previous, "\(number) \(text): \(answer.upstream)")
                    previous = answer.upstream
                    upstreams.insert(answer.upstream)
                    session = session ?? answer.object["session"] as? String
                    #expect(answer.object["session"] as? String == session)
                    last = answer.object
                }
                let intent = last["intent"] as? [String: Any]
                let parameters = intent?["parameters"] as? [String: Any]
                #expect(intent?["intent"] as? String == "INSendMessageIntent")
                #expect((parameters?["content"] as? [String: Any])?["spoken"] as? String == content, "\(last)")
                let recipients = parameters?["recipients"] as? [[String: Any]]
                #expect(recipients?.first?["identifier"] as? String == "coco")
            }
            #expect(upstreams.count == 2, "\(upstreams)")

            // A conversation deleted through one instance is gone for the other.
            let started = try await Self.send("POST", dialog, #"{"text":"send a message with MonkeyChat"}"#)
            let session = try #require(started.object["session"] as? String)
            let deleted = try await Self.send("DELETE", dialog.appendingPathComponent(session))
            #expect(deleted.status == 200 || deleted.status == 204)
            #expect(deleted.upstream != started.upstream)
            let after = try await Self.send("POST", dialog, #"{"session":"\#(session)","text":"Coco"}"#)
            #expect(after.status == 404, "\(after.object)")
        }
    }
}

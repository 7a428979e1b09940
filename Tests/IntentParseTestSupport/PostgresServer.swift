import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A PostgreSQL server of a test's own: a new cluster in a temporary folder, listening on a free
/// loopback port, from Debian's `postgresql` package (`.ci/run` installs it). PostgreSQL will not
/// run as root, so as root it runs as the package's `postgres` user.
package struct PostgresServer: Sendable {
    /// The folder of `initdb`, `pg_ctl` and `postgres` (the newest installed version), if any.
    package static let binaries: URL? = {
        let base = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
        return versions.compactMap(Int.init).sorted(by: >).lazy.map { base.appendingPathComponent("\($0)/bin") }.first { folder in
            ["initdb", "pg_ctl", "postgres"].allSatisfy { FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent($0).path) }
        }
    }()

    /// Whether a server can be started here (and, as root, run as `postgres`).
    package static let isAvailable = binaries != nil && (getuid() != 0 || (runuser != nil && getpwnam("postgres") != nil))

    private static let runuser = ["/usr/sbin/runuser", "/sbin/runuser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The database's address, as `serve --sessions` takes it.
    package let url: String
    package let port: Int
    private let folder: URL

    /// Makes and starts a server; `stop()` it when done (`with` does).
    package static func start() throws -> PostgresServer {
        guard let binaries else { throw Problem("PostgreSQL is not installed (apt-get install postgresql)") }
        let folder = URL(fileURLWithPath: "/tmp/intentparse-postgres-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        if getuid() == 0, let user = getpwnam("postgres") {
            guard chown(folder.path, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else { throw Problem("cannot give \(folder.path) to postgres") }
        }
        let port = try Loopback.freePort()
        let server = PostgresServer(url: "postgres://intentparse@127.0.0.1:\(port)/postgres", port: port, folder: folder)
        let data = folder.appendingPathComponent("data").path
        try server.run(
            binaries.appendingPathComponent("initdb"),
            ["-D", data, "-U", "intentparse", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"])
        try server.run(
            binaries.appendingPathComponent("pg_ctl"),
            [
                "-D", data, "-l", folder.appendingPathComponent("server.log").path, "-w", "-t", "60", "-o",
                "-p \(port) -k \(folder.path) -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off",
                "start"
            ])
        return server
    }

    /// Runs `body` with a server started for it, stopped and removed after.
    ///
    /// NB: starting and stopping wait for programs, on a thread of their own: on the
    /// concurrency pool's few threads they starved the tasks running beside them (a client's
    /// connections among them).
    package static func with<T>(_ body: (PostgresServer) async throws -> T) async throws -> T {
        let server = try await blocking { try start() }
        do {
            let result = try await body(server)
            _ = try? await blocking { server.stop() }
            return result
        } catch {
            _ = try? await blocking { server.stop() }
            throw error
        }
    }

    /// `work`, run on a thread outside the concurrency pool.
    private static func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Stops the server at once and removes its folder.
    package func stop() {
        if let binaries = Self.binaries {
            _ = try? run(
                binaries.appendingPathComponent("pg_ctl"), ["-D", folder.appendingPathComponent("data").path, "-m", "immediate", "-w", "stop"])
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `statement` in the server's database with `psql` (on a thread outside the
    /// concurrency pool); returns what it prints (tuples only).
    @discardableResult
    package func sql(_ statement: String) async throws -> String {
        guard let binaries = Self.binaries else { throw Problem("PostgreSQL is not installed") }
        let arguments = [
            "-h", "127.0.0.1", "-p", "\(port)", "-U", "intentparse", "-d", "postgres", "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", "-c",
            statement
        ]
        let output = try await Self.blocking { try CLI.run(arguments, program: binaries.appendingPathComponent("psql")) }
        guard output.status == 0 else { throw Problem("psql: \(output.stderr)") }
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs a PostgreSQL program (as `postgres` when this process is root), its output to a file.
    ///
    /// NB: spawned and waited for here, not with Foundation's `Process`: `pg_ctl start` leaves
    /// the server running in the background, and `Process` never saw `runuser` end (its
    /// `waitUntilExit` waited on a zombie).
    private func run(_ program: URL, _ arguments: [String]) throws {
        let output = folder.appendingPathComponent("\(program.lastPathComponent).out").path
        var command = [program.path] + arguments
        if getuid() == 0, let runuser = Self.runuser { command = [runuser, "-u", "postgres", "--"] + command }
        let status = try Self.spawn(command, output: output)
        guard status == 0 else {
            let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            let log = (try? String(contentsOf: folder.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
            throw Problem("\(program.lastPathComponent) failed (\(status)): \(printed)\(log)")
        }
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 on), which Swift's Glibc module
    /// does not declare.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let closeFrom: CloseFrom? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np").map {
        unsafeBitCast($0, to: CloseFrom.self)
    }

    /// Runs `command` (a program's path, then its arguments) with no input and its output and
    /// errors written to `output`, no other file of this process open in it; returns its exit status.
    private static func spawn(_ command: [String], output: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        guard let closeFrom = closeFrom else { throw Problem("this C library cannot close a spawned program's files (glibc 2.34 can)") }
        _ = closeFrom(&actions, 3)
        let arguments = command.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, arguments, environ)
        guard spawned == 0 else { throw Problem("cannot run \(command[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Problem("cannot wait for \(command[0])") }
        }
        // Exited normally: the status's second byte; killed by a signal: 128 + the signal.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    package struct Problem: Error, CustomStringConvertible {
        package var description: String
        package init(_ description: String) { self.description = description }
    }
}

/// The loopback interface, for servers a test starts.
package enum Loopback {
    /// A loopback port no one listens on now (the system's choice for a socket bound to port 0).
    package static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw PostgresServer.Problem("cannot open a socket") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw PostgresServer.Problem("cannot find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

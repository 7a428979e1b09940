import Dispatch
import Foundation
import IntentParse
import IntentParseBase

/// Reloads the service's grammar when its files change (`serve`, on by default): every
/// `interval` it lists the watched folders' files (path, size, time written); on a change it
/// loads and compiles them again away from the request threads, then swaps the new grammar in
/// whole. An edit that does not load leaves the previous grammar serving; its diagnostics go
/// to the log and to `GET /diagnostics`.
package final class GrammarWatcher: Sendable {
    private let paths: [String]
    private let load: @Sendable () throws -> (IntentParser, [Diagnostic])
    private let service: IntentService
    private let interval: Duration
    private let log: @Sendable (String) -> Void
    /// The files as they were when the watcher was made (the grammar in use was loaded from them).
    private let baseline: [[FileTree.File]]

    /// `paths`: folders (every file below them) and files to watch. `load`: the grammar and its
    /// warnings, as the service was started with them; throws `DiagnosticError` on errors.
    package init(
        paths: [String], interval: Duration, service: IntentService, log: @escaping @Sendable (String) -> Void,
        load: @escaping @Sendable () throws -> (IntentParser, [Diagnostic])
    ) {
        self.paths = paths
        self.interval = interval
        self.service = service
        self.log = log
        self.load = load
        baseline = GrammarWatcher.snapshot(paths)
    }

    /// Watches until the task is cancelled.
    package func watch() async {
        var last = baseline
        while !Task.isCancelled {
            do { try await Task.sleep(for: interval) } catch { return }
            var now = snapshot()
            guard now != last else { continue }
            // An editor or a checkout may write several files: wait until they stay the same.
            while true {
                do { try await Task.sleep(for: .milliseconds(200)) } catch { return }
                let settled = snapshot()
                if settled == now { break }
                now = settled
            }
            last = now
            await reload()
        }
    }

    /// Loads the files now; true when the new grammar serves.
    @discardableResult
    package func reload() async -> Bool {
        let load = self.load
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Result<(IntentParser, [Diagnostic]), any Error>, Never>) in
            // Compiling takes whole seconds of CPU: not on the threads that answer requests.
            DispatchQueue.global(qos: .utility).async { continuation.resume(returning: Result { try load() }) }
        }
        switch outcome {
        case .success(let (parser, warnings)):
            service.install(parser, warnings: warnings)
            log("reloaded the grammars: serving \(parser.locales.joined(separator: ", "))")
            return true
        case .failure(let error):
            let diagnostics =
                (error as? DiagnosticError)?.diagnostics.filter { $0.severity == .error }
                ?? [Diagnostic(.error, SourceLocation(file: paths.first ?? ""), "\(error)")]
            service.keep(after: diagnostics)
            log("the changed grammars do not load; the previous ones still serve:")
            for diagnostic in diagnostics { log(diagnostic.description) }
            return false
        }
    }

    /// Each watched path's files (a file alone for a path that is one).
    private func snapshot() -> [[FileTree.File]] { GrammarWatcher.snapshot(paths) }

    private static func snapshot(_ paths: [String]) -> [[FileTree.File]] {
        paths.map { path in FileTree.file(at: path).map { [$0] } ?? FileTree.regularFiles(under: path) }
    }
}

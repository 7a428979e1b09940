import Foundation
import IntentParse
import IntentParseBase

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ends the process on SIGINT, SIGTERM or SIGHUP as the signal would (so the shell sees 130,
/// 143 or 129), after removing the temporary files being written (`TemporaryFiles.shared`):
/// an interrupted save leaves no `.<name>.<UUID>.tmp` behind.
///
/// The signals are unblocked in the thread that installs the handlers (a parent may start the
/// process with them blocked, as Foundation's `Process` does), so they reach it.
///
/// NB: a signal handler may only do async-signal-safe work, so it just writes the signal's
/// number to a pipe; a thread of its own reads it, cleans up (taking locks, which a handler
/// must not) and raises the signal again with its default action.
enum SignalCleanup {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private static let installation: Void = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        signalPipe = ends[1]
        let reader = ends[0]
        let thread = Thread { waitForSignal(on: reader) }
        thread.name = "signal cleanup"
        thread.start()
        var handled = sigset_t()
        sigemptyset(&handled)
        for number in signals where handle(number) { sigaddset(&handled, number) }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    }()

    /// Sends `number` to the handler, unless the process was started with it ignored (as
    /// `nohup` ignores SIGHUP): an ignored signal stays ignored.
    private static func handle(_ number: Int32) -> Bool {
        let previous = signal(number, forwardSignal)
        guard let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) else { return true }
        _ = signal(number, SIG_IGN)
        return false
    }

    /// Installs the handlers, once per process.
    static func install() { _ = installation }

    /// Called as the command ends: when a signal has come, the cleanup thread ends the process
    /// as the signal would, so the command must not end it first with its own status (a turn
    /// that finished while the signal was on its way would exit 0).
    static func waitIfSignalled() {
        guard signalArrived != 0 else { return }
        while true { pause() }
    }

    private static func waitForSignal(on reader: Int32) {
        var number: UInt8 = 0
        while true {
            let count = read(reader, &number, 1)
            if count == 1 { break }
            if count < 0, errno == EINTR { continue }
            return
        }
        TemporaryFiles.shared.removeAllAndStop()
        endAs(Int32(number))
    }

    /// Ends the process as `number` does by default; `_exit` with the shell's 128 + number
    /// should the signal not end it.
    private static func endAs(_ number: Int32) -> Never {
        _ = signal(number, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, number)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(number)
        _exit(128 + number)
    }
}

/// The write end of the signal pipe, set before any handler is installed.
nonisolated(unsafe) private var signalPipe: Int32 = -1

/// Set by the handler when a signal has come (before the number is passed on).
nonisolated(unsafe) private var signalArrived: Int32 = 0

/// The handler: async-signal-safe, it only notes the signal and passes its number on.
private func forwardSignal(_ signal: Int32) {
    signalArrived = signal
    var number = UInt8(truncatingIfNeeded: signal)
    _ = write(signalPipe, &number, 1)
}

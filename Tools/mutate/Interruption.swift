import Dispatch
import Foundation

/// Ctrl-C (SIGINT), SIGTERM or SIGHUP during a run: the command running is stopped (`timeout` passes
/// the signal on to the build or the test runner and their children, its whole process group), no other
/// command starts, and the error `Interrupted` unwinds the run, so the mutant's file in the scratch copy
/// gets its text back on the way out. The working tree is never written to in any case.
final class Interruption: @unchecked Sendable {
    static let shared = Interruption()

    /// The signals that end a run.
    static let signals = [SIGINT, SIGTERM, SIGHUP]

    private let lock = NSLock()
    private var received: Int32?
    private var running: Process?
    private var sources: [DispatchSourceSignal] = []

    /// From now on the signals are handled here instead of ending the process at once.
    func install() {
        lock.withLock {
            guard sources.isEmpty else { return }
            for number in Self.signals {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { [unowned self] in receive(number) }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// Starts `process` and waits for it; throws `Interrupted` (the process stopped) when a signal came
    /// before or while it ran.
    func run(_ process: Process) throws {
        try lock.withLock {
            if let signal = received { throw Interrupted(signal: signal) }
            try process.run()
            running = process
        }
        process.waitUntilExit()
        let signal = lock.withLock {
            running = nil
            return received
        }
        if let signal { throw Interrupted(signal: signal) }
    }

    private func receive(_ number: Int32) {
        lock.withLock {
            if received == nil { received = number }
            if let running, running.isRunning { kill(running.processIdentifier, SIGTERM) }
        }
    }
}

/// A run ended by a signal.
struct Interrupted: Error, CustomStringConvertible {
    let signal: Int32

    /// The shell's status for a process ended by `signal`.
    var exitStatus: Int32 { 128 + signal }

    var description: String { "interrupted by signal \(signal)" }
}

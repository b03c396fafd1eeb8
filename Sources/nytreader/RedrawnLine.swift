import Glibc
import Synchronization

/// One line of stderr redrawn in place while a long command runs, when stderr is a terminal: at most ten
/// times a second, cleared before the command's result is printed. Silent when stderr is not a terminal.
final class RedrawnLine: Sendable {
    let isShown = isatty(STDERR_FILENO) == 1
    private let lastDrawn = Mutex<ContinuousClock.Instant?>(nil)

    /// Whether a redraw is due (none in the last tenth of a second); when it is, it counts as drawn now.
    func isDue() -> Bool {
        let now = ContinuousClock.now
        return lastDrawn.withLock { last in
            guard last.map({ now - $0 >= .milliseconds(100) }) ?? true else { return false }
            last = now
            return true
        }
    }

    /// Writes `line` over the one shown.
    func draw(_ line: String) {
        guard isShown else { return }
        Terminal.write("\r\u{1B}[K" + line, to: STDERR_FILENO)
    }

    /// Clears the line; the next redraw is due at once.
    func clear() {
        guard isShown else { return }
        lastDrawn.withLock { $0 = nil }
        Terminal.write("\r\u{1B}[K", to: STDERR_FILENO)
    }
}

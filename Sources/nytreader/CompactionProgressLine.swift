import ArticleStore
import Glibc
import Synchronization

/// `archive --compact`'s progress on stderr when it is a terminal: one line redrawn in place, at most ten
/// times a second. Silent when stderr is not a terminal.
final class CompactionProgressLine: Sendable {
    private let isShown = isatty(STDERR_FILENO) == 1
    private let lastDrawn = Mutex<ContinuousClock.Instant?>(nil)

    func show(_ step: CompactionStep) {
        guard isShown else { return }
        let line: String
        switch step {
        case .packing(let fraction):
            let now = ContinuousClock.now
            let due = lastDrawn.withLock { last in
                guard last.map({ now - $0 >= .milliseconds(100) }) ?? true else { return false }
                last = now
                return true
            }
            guard due else { return }
            line = "Packing the text of older articles: \(Int((min(1, max(0, fraction)) * 100).rounded(.down))) %"
        case .rewriting:
            line = "Writing the cache again without its free pages…"
        }
        Terminal.write("\r\u{1B}[K" + line, to: STDERR_FILENO)
    }

    /// Clears the line before the result is printed.
    func end() {
        guard isShown else { return }
        Terminal.write("\r\u{1B}[K", to: STDERR_FILENO)
    }
}

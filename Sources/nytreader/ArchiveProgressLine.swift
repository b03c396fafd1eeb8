import FoundationEssentials
import Glibc
import NewsCore
import ReaderService
import Synchronization

/// The archive import's progress on stderr when it is a terminal: one line redrawn in place, with the
/// month and its place in the range, the bytes received, the articles received, the rate, and the time
/// left for the range (`RedrawnLine`).
final class ArchiveProgressLine: @unchecked Sendable {
    private let months: Int
    private let redrawn = RedrawnLine()
    private let lock = Mutex(())
    private var month: ArchiveMonth?
    private var index = 0
    // Times on the monotonic clock: a clock set back during a range never makes a rate or a time left negative.
    private var started = ContinuousClock.now
    private var rangeStarted = ContinuousClock.now

    init(months: Int) {
        self.months = months
    }

    func begin(_ month: ArchiveMonth, index: Int) {
        lock.withLock { _ in
            self.month = month
            self.index = index
            started = .now
            if index == 0 { rangeStarted = started }
        }
    }

    /// Redraws the line, at most ten times a second.
    func update(_ progress: ArchiveProgress) {
        guard redrawn.isShown else { return }
        lock.withLock { _ in
            guard let month, redrawn.isDue() else { return }
            let now = ContinuousClock.now
            let elapsed = max(0.001, (now - started).seconds)
            let rate = Double(progress.bytesReceived) / elapsed / 1_000_000
            let filled = Int((Double(index) / Double(max(1, months)) * 20).rounded(.down))
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: 20 - filled)
            // By how much each part is needed: the rate goes first when the terminal is narrow, then the bytes.
            var parts: [(text: String, need: Int)] = [
                ("\(month) [\(bar)] \(index + 1)/\(months)", 4), (ArchiveReport.megabytes(progress.bytesReceived), 1),
                ("\(GroupedCount(progress.articlesReceived)) articles", 2), ("\(DecimalText.fixed(rate, digits: 1)) MB/s", 0),
            ]
            if index > 0 {
                let perMonth = (started - rangeStarted).seconds / Double(index)
                let left = Int(min(perMonth * Double(months - index), 1e9).rounded(.up))
                parts.append(("about \(RelativeTime.duration(seconds: left)) left", 3))
            }
            redrawn.draw(Self.fitted(parts, columns: Terminal.columns(of: STDERR_FILENO) ?? 80))
        }
    }

    /// The texts of `parts` joined by ` · ` in fewer columns than the terminal has: a line as wide as the
    /// terminal wraps, and `\r` then goes back to its second row only, leaving the first on screen at every
    /// redraw. The least needed parts are left out first; the last one left is cut. Every character of the
    /// line is one column wide.
    static func fitted(_ parts: [(text: String, need: Int)], columns: Int) -> String {
        let width = max(1, columns - 1)
        var kept = parts
        var line = kept.map(\.text).joined(separator: " · ")
        while line.count > width, kept.count > 1, let least = kept.indices.min(by: { kept[$0].need < kept[$1].need }) {
            kept.remove(at: least)
            line = kept.map(\.text).joined(separator: " · ")
        }
        return String(line.prefix(width))
    }

    /// Clears the line before the month's summary is printed.
    func end() {
        lock.withLock { _ in redrawn.clear() }
    }
}

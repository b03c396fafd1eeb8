import Foundation
import NewsCore
import ReaderViewModel

/// The bottom line: what is shown, how old it is, and the last refresh outcome in words.
struct StatusBar {
    static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    func draw(_ state: ReaderState, in rect: Rect, on screen: any Screen, now: Date) {
        let (message, isError) = Self.message(for: state, now: now)
        let hints = "r refresh  q quit"
        let style = TextStyle(role: isError ? .error : .status, reverse: true)
        screen.fill(row: rect.row, column: rect.column, width: rect.width, style: style)
        let hintsWidth = DisplayWidth.of(hints)
        let roomForHints = rect.width - hintsWidth - 2
        let messageWidth = roomForHints > 30 ? roomForHints - 1 : rect.width - 1
        screen.draw(DisplayWidth.prefix(message, fitting: messageWidth).text, row: rect.row, column: rect.column + 1, style: style)
        if roomForHints > 30 {
            screen.draw(hints, row: rect.row, column: rect.column + rect.width - hintsWidth - 1, style: style)
        }
    }

    /// The status text and whether it reports a problem.
    static func message(for state: ReaderState, now: Date) -> (String, Bool) {
        if let error = state.cacheError {
            return ("Cache error: \(error)", true)
        }
        var parts: [String] = []
        parts.append("\(state.feed.title) · \(state.count) article\(state.count == 1 ? "" : "s")")
        if let source = source(of: state.feedStatus, now: now) {
            parts.append(source)
        }
        var isError = false
        switch state.refresh {
        case .idle(nil):
            break
        case .idle(let blocker?):
            parts.append(blocker.message)
        case .running:
            let frame = spinnerFrames[Int(now.timeIntervalSince1970 * 10) % spinnerFrames.count]
            parts.append("\(frame) Refreshing…")
        case .succeeded(let changes):
            parts.append("Refreshed: \(changes.inserted) new, \(changes.updated) updated")
        case .failed(let failure):
            parts.append(failure.message)
            isError = failure != .noAPIKey
        }
        return (parts.joined(separator: " · "), isError)
    }

    private static func source(of status: FeedStatus?, now: Date) -> String? {
        guard let status else { return nil }
        guard let refreshed = status.lastRefreshedDate else {
            return status.count == 0 ? "nothing cached" : nil
        }
        let age = RelativeTime.phrase(from: refreshed, to: now)
        switch status.origin {
        case .bundled: return "bundled snapshot from \(age)"
        case .network, nil: return "cached \(age)"
        }
    }
}

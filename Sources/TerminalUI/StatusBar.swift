import Foundation
import NewsCore
import ReaderViewModel

/// The bottom line: what is shown, how old it is, and the last refresh outcome in words; the search
/// field while a search is typed; a notice about the last thing done.
struct StatusBar {
    static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    func draw(_ state: ReaderState, in rect: Rect, on screen: any Screen, now: Date) {
        var (message, isError) = Self.message(for: state, now: now)
        let hints: String
        if state.search?.isEditing == true {
            hints = "Enter keep  Esc clear"
        } else if state.focus == .detail {
            hints = "↑↓ scroll  ← back"
        } else {
            hints = "? help  q quit"
        }
        let style = TextStyle(role: isError ? .error : .status, reverse: true)
        screen.fill(row: rect.row, column: rect.column, width: rect.width, style: style)
        let hintsWidth = DisplayWidth.of(hints)
        var roomForHints = rect.width - hintsWidth - 2
        var messageWidth = roomForHints > 30 ? roomForHints - 1 : rect.width - 1
        // Too narrow for everything: the cache's age goes first, then the key hints, then the feed's name
        // and count, so what is happening now (Refreshing…, Refreshed, a failure) is the last part cut.
        let somethingHappened: Bool
        switch state.refresh {
        case .running, .succeeded, .failed: somethingHappened = state.notice == nil && state.search == nil && state.cacheError == nil
        case .idle: somethingHappened = false
        }
        if somethingHappened, DisplayWidth.of(message) > messageWidth {
            message = Self.message(for: state, now: now, withAge: false).0
            if DisplayWidth.of(message) > messageWidth {
                roomForHints = 0
                messageWidth = rect.width - 1
            }
            if DisplayWidth.of(message) > messageWidth {
                message = Self.message(for: state, now: now, withAge: false, withFeed: false).0
            }
        }
        screen.draw(DisplayWidth.prefix(message, fitting: messageWidth).text, row: rect.row, column: rect.column + 1, style: style)
        if roomForHints > 30 {
            screen.draw(hints, row: rect.row, column: rect.column + rect.width - hintsWidth - 1, style: style)
        }
    }

    /// The status text and whether it reports a problem.
    static func message(for state: ReaderState, now: Date, withAge: Bool = true, withFeed: Bool = true) -> (String, Bool) {
        if let search = state.search, search.isEditing {
            return ("/" + search.text.terminalSafe + "▏ " + hitsPhrase(search), false)
        }
        if let notice = state.notice {
            return (notice.text.terminalSafe, notice.isError)
        }
        if let error = state.cacheError {
            return ("Cache error: \(error.terminalSafe)", true)
        }
        var parts: [String] = []
        if let search = state.search {
            parts.append("Search “\(search.query.terminalSafe)” · " + hitsPhrase(search))
        }
        let count = state.feedStatus?.count ?? state.count
        if withFeed {
            parts.append("\(state.feed.title.terminalSafe) · \(count) article\(count == 1 ? "" : "s")")
        }
        guard state.feed.isRemote else {
            return (parts.joined(separator: " · "), false)
        }
        if withAge, let source = source(of: state.feedStatus, now: now) {
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
            isError = !failure.isStandingBlocker
        }
        return (parts.joined(separator: " · "), isError)
    }

    private static func hitsPhrase(_ search: SearchFilter) -> String {
        if search.query.isEmpty { return "type to search the cache" }
        if search.shownText != search.query { return "searching…" }
        switch search.hitCount {
        case 0: return "no matches"
        case 1: return "1 match"
        default: return "\(search.hitCount) matches"
        }
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

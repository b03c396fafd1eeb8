import FoundationEssentials
import NewsCore
import ReaderViewModel

/// The bottom line: what is shown, how old it is, and the last refresh outcome in words; the search
/// field while a search is typed; a notice about the last thing done.
struct StatusBar {
    static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// A piece of the status line. When what is happening does not fit, pieces of lower `rank` give way
    /// to it; without such a piece the line is cut at its end.
    struct Part {
        /// What gives way first: how old the cache is; also a standing state (no key, offline by request),
        /// which is never shown together with something happening.
        static let background = 0
        /// The kept search and its matches.
        static let context = 1
        /// The feed and its count.
        static let subject = 2
        /// What is happening or just happened (refreshing, refreshed, a failure, a notice, the search
        /// field): the others give way to it, and so do the key hints.
        static let activity = 3

        let text: String
        let rank: Int

        /// `text` is made terminal-safe here: parts repeat server text (a status, an address) and typed text.
        init(_ text: String, rank: Int) {
            self.text = text.terminalSafe
            self.rank = rank
        }
    }

    func draw(_ state: ReaderState, in rect: Rect, on screen: any Screen, now: Date) {
        let (parts, isError) = Self.parts(for: state, now: now)
        let hints: String
        if state.prompt != nil {
            hints = "Enter search  Esc cancel"
        } else if state.search?.isEditing == true {
            hints = "Enter keep  Esc clear"
        } else if state.focus == .detail {
            hints = "↑↓ scroll  ← back"
        } else {
            hints = "? help  q quit"
        }
        let style = TextStyle(role: isError ? .error : .status, reverse: true)
        screen.fill(row: rect.row, column: rect.column, width: rect.width, style: style)
        let hintsWidth = DisplayWidth.of(hints)
        let roomForHints = rect.width - hintsWidth - 3
        // The hints share the line unless what is happening would be cut beside them.
        let showsHints = roomForHints >= 30 && !Self.fitted(parts, width: roomForHints).cutsActivity
        let message = Self.fitted(parts, width: showsHints ? roomForHints : rect.width - 1).text
        screen.draw(message, row: rect.row, column: rect.column + 1, style: style)
        if showsHints {
            screen.draw(hints, row: rect.row, column: rect.column + rect.width - hintsWidth - 1, style: style)
        }
    }

    /// The parts joined to fit `width`: when there is an activity, the other parts are left out, lowest
    /// rank first (the later of equals first), until the rest fits; what still does not fit is cut with
    /// an ellipsis, and `cutsActivity` says whether that cut the activity.
    static func fitted(_ parts: [Part], width: Int) -> (text: String, cutsActivity: Bool) {
        var kept = parts
        func joined() -> String { kept.map(\.text).joined(separator: " · ") }
        if kept.contains(where: { $0.rank == Part.activity }) {
            while DisplayWidth.of(joined()) > width,
                let least = kept.indices.reversed().filter({ kept[$0].rank < Part.activity }).min(by: { kept[$0].rank < kept[$1].rank })
            {
                kept.remove(at: least)
            }
        }
        let text = joined()
        let isCut = DisplayWidth.of(text) > width
        return (DisplayWidth.prefix(text, fitting: width).text, isCut && kept.last?.rank == Part.activity)
    }

    /// The pieces of the status text, in the order shown, and whether it reports a problem.
    static func parts(for state: ReaderState, now: Date) -> ([Part], Bool) {
        if let prompt = state.prompt {
            let (before, after) = prompt.editor.split
            var text = SearchPrompt.label + before + "▏" + after
            if let problem = prompt.problem { text += "  " + problem }
            return ([Part(text, rank: Part.activity)], prompt.problem != nil)
        }
        if let search = state.search, search.isEditing {
            return ([Part("/" + search.text + "▏ " + hitsPhrase(search), rank: Part.activity)], false)
        }
        if let notice = state.notice {
            return ([Part(notice.text, rank: Part.activity)], notice.isError)
        }
        if let error = state.cacheError {
            return ([Part(error.message, rank: Part.activity)], true)
        }
        var parts: [Part] = []
        if let search = state.search {
            parts.append(Part("Search “\(search.words)” · " + hitsPhrase(search), rank: Part.context))
        }
        let count = state.feedStatus?.count ?? state.count
        if case .search = state.feed, let hits = state.feedStatus?.totalHits {
            parts.append(Part("\(state.feed.title) · \(GroupedCount(count)) of \(GroupedCount(hits))", rank: Part.subject))
        } else {
            parts.append(Part("\(state.feed.title) · \(count) article\(count == 1 ? "" : "s")", rank: Part.subject))
        }
        guard state.feed.isRemote else {
            return (parts, false)
        }
        if let requests = state.feedStatus?.requestsToday, requests >= FeedStatus.dailyRequestWarning {
            parts.append(Part("\(requests) of \(FeedStatus.dailyRequestLimit) NYT requests today", rank: Part.context))
        }
        if let source = source(of: state.feedStatus, now: now) {
            parts.append(Part(source, rank: Part.background))
        }
        var isError = false
        switch state.refresh {
        case .idle(nil):
            break
        case .idle(let blocker?):
            parts.append(Part(blocker.message, rank: Part.background))
        case .running:
            let frame = spinnerFrames[Int(now.timeIntervalSince1970 * 10) % spinnerFrames.count]
            parts.append(Part("\(frame) Refreshing…", rank: Part.activity))
        case .succeeded(let changes):
            parts.append(Part("Refreshed: \(changes.inserted) new, \(changes.updated) updated", rank: Part.activity))
        case .failed(let failure):
            if let retry = state.retryDate {
                parts.append(Part(retryPhrase(failure, retry: retry, now: now), rank: Part.activity))
            } else {
                parts.append(Part(failure.message, rank: Part.activity))
            }
            isError = !failure.isStandingBlocker
        }
        return (parts, isError)
    }

    /// `Offline — retrying in 2 min`: the failure, and when the reader tries again on its own.
    static func retryPhrase(_ failure: RefreshFailure, retry: Date, now: Date) -> String {
        let seconds = max(1, Int(retry.timeIntervalSince(now).rounded(.up)))
        let reason = failure == .offline ? "Offline" : failure.message
        return "\(reason) — retrying in \(RelativeTime.duration(seconds: seconds))"
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

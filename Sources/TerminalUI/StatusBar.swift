import FoundationEssentials
import NewsCore
import ReaderViewModel

/// The bottom line: what is shown, how old it is, and the last refresh outcome in words; the search
/// field while a search is typed; a notice about the last thing done.
struct StatusBar {
    static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// A piece of the status line. When the line is too narrow for all of them, pieces give way in a fixed
    /// order, lowest `rank` first (the later of equals first), to the one of highest rank; what still does
    /// not fit is cut at its end.
    struct Part {
        /// Shown only where it fits (the unread count, which the header shows too): it gives way first,
        /// before anything else is cut.
        static let spare = -1
        /// What gives way first: how old the cache is.
        static let background = 0
        /// The day's count of requests, when it nears the NYT's limit.
        static let context = 1
        /// The feed and its count.
        static let subject = 2
        /// The kept search and its matches: what the list shows while it is kept.
        static let search = 3
        /// A standing state that explains the screen (no API key, offline by request): the others, and the
        /// key hints, give way to it.
        static let standing = 4
        /// What is happening or just happened (refreshing, refreshed, a failure, a notice, the search
        /// field, a question): everything gives way to it. Never shown beside a standing state.
        static let activity = 5

        let text: String
        let rank: Int

        /// `text` is made terminal-safe here: parts repeat server text (a status, an address) and typed text.
        init(_ text: String, rank: Int) {
            self.text = text.terminalSafe
            self.rank = rank
        }
    }

    /// - Parameter hints: the keys in force, for the hints at the line's end.
    func draw(_ state: ReaderState, hints keys: KeyHints, in rect: Rect, on screen: any Screen, now: Date) {
        let (parts, isError) = Self.parts(for: state, now: now, width: rect.width - 1)
        let hints = Self.hints(for: state, keys: keys)
        let style = TextStyle(role: isError ? .error : .status, reverse: true)
        screen.fill(row: rect.row, column: rect.column, width: rect.width, style: style)
        let hintsWidth = DisplayWidth.of(hints)
        let roomForHints = rect.width - hintsWidth - 3
        // The hints share the line unless what matters most would be cut beside them.
        let showsHints = !hints.isEmpty && roomForHints >= 30 && !Self.fitted(parts, width: roomForHints).cutsFirstToStay
        let message = Self.fitted(parts, width: showsHints ? roomForHints : rect.width - 1).text
        screen.draw(message, row: rect.row, column: rect.column + 1, style: style)
        if showsHints {
            screen.draw(hints, row: rect.row, column: rect.column + rect.width - hintsWidth - 1, style: style)
        }
    }

    /// The keys to press now, from the keys in force: `? help  q quit`, `↑↓ scroll  Esc back` in the detail,
    /// the editing keys in a prompt, none while a question waits for y or n.
    static func hints(for state: ReaderState, keys: KeyHints) -> String {
        if state.confirmation != nil { return "" }
        if state.prompt != nil { return "Enter search  Esc cancel" }
        if state.search?.isEditing == true { return "Enter keep  Esc clear" }
        if state.focus == .detail {
            let scroll = [keys.key(.moveUp), keys.key(.moveDown)].compactMap { $0 }.joined()
            return [scroll.isEmpty ? nil : scroll + " scroll", keys.hint(.focusList, "back")].compactMap { $0 }.joined(separator: "  ")
        }
        return keys.line((state.escapeStopsRefresh ? [(.focusList, "stop")] : []) + [(.help, "help"), (.quit, "quit")])
    }

    /// The parts joined to fit `width`: the spare ones are left out first; when one ranks standing or above,
    /// the others give way to it, lowest rank first (the later of equals first), until the rest fits; what
    /// still does not fit is cut with an ellipsis, and `cutsFirstToStay` says whether that cut the part that
    /// ranks highest.
    static func fitted(_ parts: [Part], width: Int) -> (text: String, cutsFirstToStay: Bool) {
        var kept = parts
        func joined() -> String { kept.map(\.text).joined(separator: " · ") }
        while DisplayWidth.of(joined()) > width, let spare = kept.lastIndex(where: { $0.rank == Part.spare }) {
            kept.remove(at: spare)
        }
        let top = kept.map(\.rank).max() ?? 0
        if top >= Part.standing {
            while DisplayWidth.of(joined()) > width,
                let least = kept.indices.reversed().filter({ kept[$0].rank < top }).min(by: { kept[$0].rank < kept[$1].rank })
            {
                kept.remove(at: least)
            }
        }
        let text = joined()
        let isCut = DisplayWidth.of(text) > width
        return (DisplayWidth.prefix(text, fitting: width).text, isCut && top >= Part.standing && kept.last?.rank == top)
    }

    /// The pieces of the status text, in the order shown, and whether it reports a problem; a prompt being
    /// typed into is made to show its cursor in `width` columns.
    static func parts(for state: ReaderState, now: Date, width: Int) -> ([Part], Bool) {
        if let confirmation = state.confirmation {
            return ([Part(confirmation.question, rank: Part.activity)], true)
        }
        if let prompt = state.prompt {
            let (before, after) = prompt.editor.split
            let problem = prompt.problem.map { "  " + $0 } ?? ""
            let line = editingLine(label: SearchPrompt.label, before, after, then: problem, width: width)
            return ([Part(line, rank: Part.activity)], prompt.problem != nil)
        }
        if let search = state.search, search.isEditing {
            let (before, after) = search.editor.split
            let then = " " + hitsPhrase(search) + " · " + scopePhrase(search, feed: state.feed)
            return ([Part(editingLine(label: "/", before, after, then: then, width: width), rank: Part.activity)], false)
        }
        if let notice = state.notice {
            return ([Part(notice.text, rank: Part.activity)], notice.isError)
        }
        if let error = state.changeError {
            // The sentence goes on after the dash: its first letter small (`Not saved — the cache is busy…`).
            let message = error.message
            return ([Part("Not saved — " + message.prefix(1).lowercased() + message.dropFirst(), rank: Part.activity)], true)
        }
        if let error = state.cacheError {
            return ([Part(error.message, rank: Part.activity)], true)
        }
        var parts: [Part] = []
        if let search = state.search {
            let scope = search.scope.map { " in \($0.title)" } ?? " in all cached"
            parts.append(Part("Search “\(search.words)”\(scope) · " + hitsPhrase(search), rank: Part.search))
        }
        let count = state.feedStatus?.count ?? state.count
        if case .search = state.feed, let hits = state.feedStatus?.totalHits {
            parts.append(Part("\(state.feed.title) · \(GroupedCount(count)) of \(GroupedCount(hits))", rank: Part.subject))
        } else {
            parts.append(Part("\(state.feed.title) · \(Counted(count, "article"))", rank: Part.subject))
        }
        if state.filter.unreadOnly {
            parts.append(Part("unread only", rank: Part.subject))
        }
        if let unread = state.feedStatus?.unreadCount, unread > 0 {
            parts.append(Part("\(GroupedCount(unread)) unread", rank: Part.spare))
        }
        if let progress = state.followedRefresh {
            parts.append(Part(followedPhrase(progress, now: now), rank: Part.activity))
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
            // The feed's last refresh failed (in another process, or by R while another feed was on screen).
            if state.feedStatus?.lastError != nil {
                parts.append(
                    Part("last refresh failed" + (state.keys.hint(.refresh, "tries again").map { " — \($0)" } ?? ""), rank: Part.standing))
            }
        case .idle(let blocker?):
            parts.append(Part(blocker.message, rank: Part.standing))
        case .running(_, let until):
            let frame = spinnerFrames[Int(now.timeIntervalSince1970 * 10) % spinnerFrames.count]
            parts.append(Part("\(frame) Refreshing…" + waitingPhrase(until: until, now: now), rank: Part.activity))
        case .succeeded(let changes):
            parts.append(
                Part("Refreshed: \(GroupedCount(changes.inserted)) new, \(GroupedCount(changes.updated)) updated", rank: Part.activity))
        case .failed(.rateLimited) where state.rateLimitEnds != nil:
            let ends = state.rateLimitEnds ?? now
            parts.append(Part(rateLimitPhrase(ends: ends, keys: state.keys, now: now), rank: Part.activity))
            isError = ends > now
        case .failed(let failure):
            if let retry = state.retryDate {
                parts.append(Part(retryPhrase(failure, retry: retry, now: now), rank: Part.activity))
            } else {
                parts.append(Part(failure.message, rank: Part.activity))
            }
            isError = !failure.isStandingBlocker && failure != .cancelled
        }
        return (parts, isError)
    }

    /// `label`, the text typed with the cursor `▏` between `before` and `after`, and `then` (what the prompt
    /// says of it), in `width` columns with the cursor always in sight: when all of it does not fit, `then`
    /// and the end of the text are cut first; when the text up to the cursor does not fit either, its start
    /// gives way to `…`, as a shell's line scrolls, and a few columns after the cursor stay.
    static func editingLine(label: String, _ before: String, _ after: String, then: String, width: Int) -> String {
        let whole = label + before + "▏" + after + then
        guard DisplayWidth.of(whole) > width else { return whole }
        if DisplayWidth.of(label + before) + 2 <= width {
            return DisplayWidth.prefix(whole, fitting: width).text
        }
        let room = width - DisplayWidth.of(label) - 2  // the ellipsis before and the cursor
        guard room > 0 else { return DisplayWidth.prefix(label + "▏", fitting: width).text }
        let shownAfter = DisplayWidth.prefix(after, fitting: min(DisplayWidth.of(after), room / 4)).text
        return label + "…" + DisplayWidth.suffix(before, fitting: room - DisplayWidth.of(shownAfter)) + "▏" + shownAfter
    }

    /// `Refreshing 2 of 5 · World…`, and `(waiting 9 s)` while its request waits for the rate limit.
    static func followedPhrase(_ progress: FollowedRefresh, now: Date) -> String {
        "Refreshing \(progress.index + 1) of \(progress.feeds.count) · \(progress.feed.title)…"
            + waitingPhrase(until: progress.waitUntil, now: now)
    }

    /// ` (waiting 9 s)` while a request waits for the rate limit until `until`; nothing otherwise.
    static func waitingPhrase(until: Date?, now: Date) -> String {
        guard let until, until > now else { return "" }
        return " (waiting \(RelativeTime.duration(seconds: max(1, Int(until.timeIntervalSince(now).rounded(.up))))))"
    }

    /// `Rate limited — try again in 14 s`, counted down to the limit's end; then `Rate limit over — r
    /// refreshes`.
    static func rateLimitPhrase(ends: Date, keys: KeyHints, now: Date) -> String {
        guard ends > now else { return "Rate limit over" + (keys.hint(.refresh, "refreshes").map { " — " + $0 } ?? "") }
        return "Rate limited — try again in \(RelativeTime.duration(seconds: max(1, Int(ends.timeIntervalSince(now).rounded(.up)))))"
    }

    /// `Offline — retrying in 2 min`: the failure, and when the reader tries again on its own.
    static func retryPhrase(_ failure: RefreshFailure, retry: Date, now: Date) -> String {
        let seconds = max(1, Int(retry.timeIntervalSince(now).rounded(.up)))
        let reason = failure == .offline ? "Offline" : failure.message
        return "\(reason) — retrying in \(RelativeTime.duration(seconds: seconds))"
    }

    /// `in World · Tab: everything cached`: what the live search searches, and what Tab would search.
    private static func scopePhrase(_ search: SearchFilter, feed: Feed) -> String {
        let everything = "all cached"
        guard let scope = search.scope else { return "in \(everything) · Tab: \(feed.title) only" }
        return "in \(scope.title) · Tab: \(everything)"
    }

    private static func hitsPhrase(_ search: SearchFilter) -> String {
        if search.query.isEmpty { return "type to search" }
        if !search.isCurrent { return "searching…" }
        switch search.hitCount {
        case 0: return "no matches"
        case 1: return "1 match"
        default: return "\(search.hitCount)\(search.hitCount >= ReaderViewModel.searchLimit ? "+" : "") matches"
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

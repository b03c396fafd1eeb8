import NewsCore
import ReaderService

// The trend overlay (`t`): the words of the search on screen charted over the archive, a period at a time.
extension ReaderViewModel {
    /// A trend of this many years or fewer is counted by month instead: a few points say little.
    static let fewestYearsCharted = 3

    /// The words `t` charts: the kept `/` search's, else those of the NYT search (`f`) on screen, else
    /// those of the archive matches on screen; nil when there is no search.
    var trendTerm: String? {
        if let search = state.search, !search.words.isEmpty { return search.words }
        switch state.feed {
        case .search(let query): return query.text
        case .archiveMatches(let matches): return matches.term
        default: return nil
        }
    }

    /// `t`: opens the chart of the search's words over the archive and asks for its counts, by year.
    mutating func openTrend() -> [Effect] {
        guard let term = trendTerm else {
            state.notice = Notice("t charts a search over the archive: search with / or f first")
            return []
        }
        guard ReaderService.charts(term) else {
            state.notice = Notice("“\(term)” has no word to chart")
            return []
        }
        state.overlay = .trend(TrendOverlay(term: term))
        return [.loadTrend(TrendQuery(terms: [term], interval: .year))]
    }

    /// The counts arrived: charted, unless the overlay was closed or charts other words. A trend of a
    /// few years is asked for again by month; one of no period says that nothing is imported.
    mutating func applyTrend(_ query: TrendQuery, _ trend: Trend) -> [Effect] {
        guard case .trend(var overlay) = state.overlay, overlay.trend == nil, query.terms == [overlay.term] else { return [] }
        guard !trend.coverage.isEmpty else {
            state.overlay = nil
            state.notice = Notice("No archive month is imported: nytreader archive 2024 imports a year")
            return []
        }
        if query.interval == .year, trend.coverage.count <= Self.fewestYearsCharted {
            return [.loadTrend(TrendQuery(terms: query.terms, interval: .month))]
        }
        overlay.trend = trend
        // The period of the matches on screen, else the newest period imported.
        var opened: TrendPeriod?
        if case .archiveMatches(let matches) = state.feed, matches.term == overlay.term { opened = matches.period }
        overlay.selection =
            trend.coverage.firstIndex { $0.period == opened }
            ?? trend.coverage.lastIndex { $0.isImported } ?? trend.coverage.count - 1
        state.overlay = .trend(overlay)
        return []
    }

    /// The counts could not be read: the chart closes and the status line says why.
    mutating func applyTrendFailure(_ query: TrendQuery, _ error: ServiceError) -> [Effect] {
        guard case .trend(let overlay) = state.overlay, overlay.trend == nil, query.terms == [overlay.term] else { return [] }
        state.overlay = nil
        if case .cache(let failure) = error { state.cacheError = failure }
        return []
    }

    /// A key in the trend overlay: moves along the periods, opens the highlighted one's matches, closes.
    public mutating func handle(_ key: TrendOverlayKey) -> [Effect] {
        state.notice = nil
        guard case .trend(var overlay) = state.overlay else { return [] }
        let periods = overlay.trend?.coverage.count ?? 0
        switch key {
        case .close:
            state.overlay = nil
            return []
        case .open:
            return openPeriod(of: overlay)
        case .previous: overlay.selection -= 1
        case .next: overlay.selection += 1
        case .first: overlay.selection = 0
        case .last: overlay.selection = periods - 1
        }
        overlay.selection = min(max(0, overlay.selection), max(0, periods - 1))
        state.overlay = .trend(overlay)
        return []
    }

    /// Keys bound to actions in the trend overlay: up and down move like ← and →, Home and End go to the
    /// ends, Enter opens, back (Esc) and `t` close.
    mutating func handle(_ action: Action, overTrend overlay: TrendOverlay) -> [Effect] {
        switch action {
        case .moveUp, .pageUp: return handle(TrendOverlayKey.previous)
        case .moveDown, .pageDown: return handle(TrendOverlayKey.next)
        case .moveToFirst: return handle(TrendOverlayKey.first)
        case .moveToLast: return handle(TrendOverlayKey.last)
        case .focusDetail: return handle(TrendOverlayKey.open)
        case .focusList, .trend: return handle(TrendOverlayKey.close)
        case .quit:
            state.isFinished = true
            return []
        case .help:
            openHelp()
            return []
        default:
            return []
        }
    }

    /// Enter: the highlighted period's matching articles as a feed, when it was imported and has any.
    private mutating func openPeriod(of overlay: TrendOverlay) -> [Effect] {
        guard let (coverage, matches) = overlay.selected else { return [] }
        guard let matches else {
            state.notice = Notice("\(coverage.period) is not imported: nytreader archive \(coverage.period) imports it")
            return []
        }
        guard matches > 0 else {
            state.notice = Notice("No article of \(coverage.period) matches “\(overlay.term)”")
            return []
        }
        state.overlay = nil
        return switchFeed(to: .archiveMatches(ArchiveMatches(term: overlay.term, period: coverage.period)))
    }
}

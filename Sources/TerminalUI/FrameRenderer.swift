import FoundationEssentials
import NewsCore
import ReaderViewModel

/// Draws a whole frame of the reader's state onto a screen.
public struct FrameRenderer {
    let list: ArticleListPane
    let detail: DetailPane
    private let status = StatusBar()
    private let help: HelpOverlay
    private let picker = SectionPickerOverlay()
    private let trendChart = TrendChartOverlay()
    /// The articles' photos in the detail pane; nil shows none.
    public var pictures: DetailPictures?
    /// The keys in force, for the hints.
    private let hints: KeyHints

    /// - Parameters:
    ///   - timeZone: the time zone of the detail pane's dates; nil (the default) for the system's local time,
    ///     read without loading Foundation's time-zone data.
    ///   - keyMap: the bindings the help overlay lists.
    public init(timeZone: TimeZone? = nil, keyMap: KeyMap = KeyMap()) {
        self.detail = DetailPane(timeZone: timeZone)
        self.list = ArticleListPane(dates: ArticleDateFormat(timeZone: timeZone))
        self.help = HelpOverlay(keyMap: keyMap)
        self.hints = keyMap.hints
    }

    /// What the mouse pointer at `row`, `column` of a screen of `size` is over: an entry of the open
    /// section picker, the picker's frame or somewhere else while it is open; else a list row, the detail,
    /// or something else.
    public func pointerTarget(row: Int, column: Int, state: ReaderState, size: ScreenSize, now: Date) -> PointerTarget {
        let layout = Layout(size: size, state: state)
        guard case .sectionPicker(let selection) = state.overlay, layout.panes != nil else {
            return MouseEvent(kind: .press, row: row, column: column).target(in: layout)
        }
        return SectionPickerOverlay.target(
            row: row, column: column, selection: selection, state: state, in: Self.overlayArea(for: size), now: now)
    }

    /// What the frame needs the view-model to know: list rows, the detail's and the help's scroll ranges.
    public struct Metrics: Hashable {
        public var listHeight: Int
        public var detailScrollLimit: Int
        /// How far the help can scroll, and how many of its lines show (0 while it is closed).
        public var helpScrollLimit = 0
        public var helpHeight = 0
    }

    /// List rows the layout for `size` (and `state`'s list width and zoom) has.
    public func listHeight(for size: ScreenSize, state: ReaderState = ReaderState(feed: .saved)) -> Int {
        Layout(size: size, state: state).listRect?.height ?? 1
    }

    /// Detail lines the layout for `size` has: a page of the focused detail.
    public func detailHeight(for size: ScreenSize, state: ReaderState = ReaderState(feed: .saved)) -> Int {
        max(1, Layout(size: size, state: state).panes?.detail.height ?? 1)
    }

    /// The pixels the detail pane's photo needs at `size`; nil when it shows none.
    public func photoTarget(for size: ScreenSize) -> PhotoTarget? {
        pictures?.options.photoTarget(onScreen: size)
    }

    /// Feeds the section picker shows at once for `size`: a page of the picker.
    public func pickerHeight(for size: ScreenSize) -> Int {
        guard Layout(size: size).panes != nil else { return 1 }
        return max(1, SectionPickerOverlay.visibleRows(in: Self.overlayArea(for: size)))
    }

    /// Where overlays are centered: everything between the header and the status line.
    private static func overlayArea(for size: ScreenSize) -> Rect {
        Rect(row: 1, column: 0, height: size.rows - 2, width: size.columns)
    }

    /// Draws `state` and returns the metrics of the frame.
    @discardableResult
    public func render(_ state: ReaderState, on screen: any Screen, now: Date) -> Metrics {
        let size = screen.size
        screen.erase()
        defer { screen.present() }
        let layout = Layout(size: size, state: state)
        guard let panes = layout.panes else {
            let message = DisplayWidth.prefix("Terminal too small", fitting: size.columns).text
            screen.draw(message, row: 0, column: 0, style: TextStyle(role: .error))
            return Metrics(listHeight: 1, detailScrollLimit: 0)
        }
        drawHeader(state, in: panes.header, on: screen)
        if panes.showsList {
            list.draw(state, hints: hints, in: panes.list, on: screen, now: now)
        }
        let separatorStyle = TextStyle(role: .muted)
        if case .wide = layout {
            for row in panes.separator.row..<(panes.separator.row + panes.separator.height) {
                screen.draw("│", row: row, column: panes.separator.column, style: separatorStyle)
            }
        } else if case .narrow = layout {
            screen.draw(
                String(repeating: "─", count: panes.separator.width), row: panes.separator.row, column: panes.separator.column,
                style: separatorStyle)
        }
        var limit = 0
        var graphics: GraphicsPlacement? = nil
        if panes.detail.width > 0, panes.detail.height > 0 {
            (limit, graphics) = detail.draw(state, in: panes.detail, on: screen, pictures: pictures)
        }
        // A graphics picture would cover an overlay: it is shown only without one.
        if state.overlay == nil, let graphics { (screen as? any PictureScreen)?.placeGraphics(graphics) }
        status.draw(state, hints: hints, in: panes.status, on: screen, now: now)
        let body = Self.overlayArea(for: size)
        var metrics = Metrics(listHeight: panes.list.height, detailScrollLimit: limit)
        switch state.overlay {
        case .help:
            let shown = help.draw(state, in: body, on: screen)
            metrics.helpScrollLimit = shown.scrollLimit
            metrics.helpHeight = shown.height
        case .sectionPicker(let selection):
            picker.draw(selection: selection, state: state, in: body, on: screen, now: now)
        case .trend(let overlay):
            trendChart.draw(overlay, in: body, on: screen)
        case nil:
            break
        }
        return metrics
    }

    /// Makes ahead the detail texts of the articles a Down, an Up, a PgDn or a PgUp selects next, and the
    /// list rows of the pages above and below, as a screen of `size` would show them: the key then finds
    /// its lines wrapped and its rows made. For the moment after a frame is shown, before the next key:
    /// it stops, between one article or page and the next, once `idle` says a key is waiting.
    public func prepareNeighbors(of state: ReaderState, size: ScreenSize, now: Date, idle: () -> Bool = { true }) {
        guard state.overlay == nil, let panes = Layout(size: size, state: state).panes else { return }
        let rect = panes.detail
        // The articles a Down or Up selects next, then those a PgDn or PgUp does (a list's height away),
        // then the rows of the pages those show.
        let page = max(1, state.listHeight)
        if rect.width > 0, rect.height > 0 {
            for position in [state.selection + 1, state.selection - 1, state.selection + page, state.selection - page]
            where position >= 0 && position < state.count {
                guard idle() else { return }
                if let entry = state.window.entry(at: position) { detail.prepare(entry, in: rect) }
            }
        }
        for pageOffset in [1, -1] {
            guard idle() else { return }
            list.prepareRows(of: state, in: panes.list, pageOffset: pageOffset, now: now)
        }
    }

    /// The header: the feed's title, then at the right its unread count and the selection's place.
    private func drawHeader(_ state: ReaderState, in rect: Rect, on screen: any Screen) {
        let style = TextStyle(role: .header, bold: true, reverse: true)
        screen.fill(row: rect.row, column: rect.column, width: rect.width, style: style)
        let position = state.count == 0 ? "" : "\(GroupedCount(state.selection + 1))/\(GroupedCount(state.count))"
        let unread = state.feedStatus.map { "\(GroupedCount($0.unreadCount)) unread" } ?? ""
        let right = [unread, position].filter { !$0.isEmpty }.joined(separator: "  ")
        let fits = DisplayWidth.of(right) + 12 <= rect.width
        let shown = fits ? right : position
        let title = DisplayWidth.prefix(" The New York Times · \(state.feed.title.terminalSafe)", fitting: rect.width - shown.count - 2)
            .text
        screen.draw(title, row: rect.row, column: rect.column, style: style)
        screen.draw(shown, row: rect.row, column: rect.column + rect.width - shown.count - 1, style: style)
    }
}

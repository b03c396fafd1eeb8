import FoundationEssentials
import NewsCore
import ReaderViewModel

/// Draws a whole frame of the reader's state onto a screen.
public struct FrameRenderer {
    private let list = ArticleListPane()
    private let detail: DetailPane
    private let status = StatusBar()
    private let help: HelpOverlay
    private let picker = SectionPickerOverlay()

    /// - Parameters:
    ///   - timeZone: the time zone of the detail pane's dates; nil (the default) for the system's local time,
    ///     read without loading Foundation's time-zone data.
    ///   - keyMap: the bindings the help overlay lists.
    public init(timeZone: TimeZone? = nil, keyMap: KeyMap = KeyMap()) {
        self.detail = DetailPane(timeZone: timeZone)
        self.help = HelpOverlay(keyMap: keyMap)
    }

    /// What the frame needs the view-model to know: list rows and detail scroll range.
    public struct Metrics: Hashable {
        public var listHeight: Int
        public var detailScrollLimit: Int
    }

    /// List rows the layout for `size` has.
    public func listHeight(for size: ScreenSize) -> Int {
        Layout(size: size).listRect?.height ?? 1
    }

    /// Detail lines the layout for `size` has: a page of the focused detail.
    public func detailHeight(for size: ScreenSize) -> Int {
        Layout(size: size).panes?.detail.height ?? 1
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
        let layout = Layout(size: size)
        guard let panes = layout.panes else {
            let message = DisplayWidth.prefix("Terminal too small", fitting: size.columns).text
            screen.draw(message, row: 0, column: 0, style: TextStyle(role: .error))
            return Metrics(listHeight: 1, detailScrollLimit: 0)
        }
        drawHeader(state, in: panes.header, on: screen)
        list.draw(state, in: panes.list, on: screen, now: now)
        let separatorStyle = TextStyle(role: .muted)
        if case .wide = layout {
            for row in panes.separator.row..<(panes.separator.row + panes.separator.height) {
                screen.draw("│", row: row, column: panes.separator.column, style: separatorStyle)
            }
        } else {
            screen.draw(
                String(repeating: "─", count: panes.separator.width), row: panes.separator.row, column: panes.separator.column,
                style: separatorStyle)
        }
        let limit = detail.draw(state, in: panes.detail, on: screen)
        status.draw(state, in: panes.status, on: screen, now: now)
        let body = Self.overlayArea(for: size)
        switch state.overlay {
        case .help:
            help.draw(in: body, on: screen)
        case .sectionPicker(let selection):
            picker.draw(selection: selection, state: state, in: body, on: screen, now: now)
        case nil:
            break
        }
        return Metrics(listHeight: panes.list.height, detailScrollLimit: limit)
    }

    private func drawHeader(_ state: ReaderState, in rect: Rect, on screen: any Screen) {
        let style = TextStyle(role: .header, bold: true, reverse: true)
        screen.fill(row: rect.row, column: rect.column, width: rect.width, style: style)
        let position = state.count == 0 ? "" : "\(state.selection + 1)/\(state.count)"
        let title = DisplayWidth.prefix(" The New York Times · \(state.feed.title.terminalSafe)", fitting: rect.width - position.count - 2)
            .text
        screen.draw(title, row: rect.row, column: rect.column, style: style)
        screen.draw(position, row: rect.row, column: rect.column + rect.width - position.count - 1, style: style)
    }
}

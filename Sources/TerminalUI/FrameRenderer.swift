import Foundation
import NewsCore
import ReaderViewModel

/// Draws a whole frame of the reader's state onto a screen.
public struct FrameRenderer {
    private let list = ArticleListPane()
    private let detail: DetailPane
    private let status = StatusBar()

    /// - Parameter timeZone: the time zone of the detail pane's dates; nil (the default) for the system's
    ///   local time, read without loading Foundation's time-zone data.
    public init(timeZone: TimeZone? = nil) {
        self.detail = DetailPane(timeZone: timeZone)
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

    /// Draws `state` and returns the metrics of the frame.
    @discardableResult
    public func render(_ state: ReaderState, on screen: any Screen, now: Date) -> Metrics {
        let size = screen.size
        screen.erase()
        switch Layout(size: size) {
        case .tooSmall:
            let message = DisplayWidth.prefix("Terminal too small", fitting: size.columns).text
            screen.draw(message, row: 0, column: 0, style: TextStyle(role: .error))
            screen.present()
            return Metrics(listHeight: 1, detailScrollLimit: 0)
        case .wide(let header, let listRect, let separator, let detailRect, let statusRect):
            drawHeader(state, in: header, on: screen)
            list.draw(state, in: listRect, on: screen, now: now)
            for row in separator.row..<(separator.row + separator.height) {
                screen.draw("│", row: row, column: separator.column, style: TextStyle(role: .muted))
            }
            let limit = detail.draw(state, in: detailRect, on: screen)
            status.draw(state, in: statusRect, on: screen, now: now)
            screen.present()
            return Metrics(listHeight: listRect.height, detailScrollLimit: limit)
        case .narrow(let header, let listRect, let separator, let detailRect, let statusRect):
            drawHeader(state, in: header, on: screen)
            list.draw(state, in: listRect, on: screen, now: now)
            screen.draw(String(repeating: "─", count: separator.width), row: separator.row, column: separator.column, style: TextStyle(role: .muted))
            let limit = detail.draw(state, in: detailRect, on: screen)
            status.draw(state, in: statusRect, on: screen, now: now)
            screen.present()
            return Metrics(listHeight: listRect.height, detailScrollLimit: limit)
        }
    }

    private func drawHeader(_ state: ReaderState, in rect: Rect, on screen: any Screen) {
        let style = TextStyle(role: .header, bold: true, reverse: true)
        screen.fill(row: rect.row, column: rect.column, width: rect.width, style: style)
        let position = state.count == 0 ? "" : "\(state.selection + 1)/\(state.count)"
        let title = DisplayWidth.prefix(" The New York Times · \(state.feed.title)", fitting: rect.width - position.count - 2).text
        screen.draw(title, row: rect.row, column: rect.column, style: style)
        screen.draw(position, row: rect.row, column: rect.column + rect.width - position.count - 1, style: style)
    }
}

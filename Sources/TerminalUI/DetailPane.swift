import FoundationEssentials
import NewsCore
import ReaderViewModel
import Synchronization
import TerminalPictures

/// The selected article: kicker, headline, byline, date and section, URL, then the lead paragraph
/// (`DetailText`), from the scroll position on.
struct DetailPane {
    let dateFormat: ArticleDateFormat
    /// The texts of the articles shown last: moving the selection back, scrolling or redrawing an article
    /// continues from the lines already made.
    let texts = DetailTexts()

    /// - Parameter timeZone: nil for the system's local time.
    init(timeZone: TimeZone?) {
        self.dateFormat = ArticleDateFormat(timeZone: timeZone)
    }

    /// Draws the lines from `scroll` on: the photo's block (`PhotoBlock`) when `pictures` show one, then
    /// the text. Returns how far the pane can scroll, and the graphics picture to place when the photo is
    /// one and shows whole.
    @discardableResult
    func draw(
        _ state: ReaderState, in rect: Rect, on screen: any Screen, pictures: DetailPictures? = nil
    ) -> (scrollLimit: Int, graphics: GraphicsPlacement?) {
        guard let entry = state.selectedEntry else {
            if state.count > 0 {
                screen.draw("Loading…", row: rect.row, column: rect.column, style: TextStyle(role: .muted))
            }
            return (0, nil)
        }
        let block = pictures?.block(for: state.photo, article: entry.id, in: rect)
        let prefix = block?.lineCount ?? 0
        let wholeLink = state.wholeLinkShown == entry.id
        let (textLines, textLimit) = texts.lines(
            for: entry, width: rect.width, wholeLink: wholeLink, from: max(0, state.detailScroll - prefix), height: rect.height
        ) {
            DetailText(entry: entry, width: rect.width, dateFormat: dateFormat, wholeLink: wholeLink)
        }
        var lines = textLines
        let limit: Int
        switch textLimit {
        case DetailText.unknownScrollLimit: limit = textLimit
        case 0: limit = max(0, prefix + textLines.count - rect.height)
        default: limit = prefix + textLimit
        }
        let scroll = min(max(0, state.detailScroll), limit)
        if textLimit == 0 { lines = Array(lines.dropFirst(max(0, scroll - prefix))) }
        var graphics: GraphicsPlacement? = nil
        if let block, scroll < prefix {
            graphics = drawBlock(block, from: scroll, in: rect, on: screen)
        }
        let firstTextRow = max(0, prefix - scroll)
        for (offset, line) in lines.prefix(max(0, rect.height - firstTextRow)).enumerated() {
            screen.draw(line.text, row: rect.row + firstTextRow + offset, column: rect.column, style: line.style)
        }
        return (limit, graphics)
    }

    /// Makes the first pages of `entry`'s text for `rect` (kept with the texts drawn last), so that
    /// selecting it next draws lines already wrapped.
    func prepare(_ entry: ArticleEntry, in rect: Rect) {
        _ = texts.lines(for: entry, width: rect.width, from: 0, height: rect.height, keepingFirst: true) {
            DetailText(entry: entry, width: rect.width, dateFormat: dateFormat)
        }
    }

    /// Draws the lines of `block` from `first` on at the top of `rect`; returns the graphics picture to
    /// place, when the block holds one and shows from its first line.
    private func drawBlock(_ block: PhotoBlock, from first: Int, in rect: Rect, on screen: any Screen) -> GraphicsPlacement? {
        let muted = TextStyle(role: .muted, dim: true)
        var graphics: GraphicsPlacement? = nil
        switch block.content {
        case .reserved:
            break
        case .placeholder(let text):
            if first == 0 {
                screen.draw(DisplayWidth.prefix(text, fitting: rect.width).text, row: rect.row, column: rect.column, style: muted)
            }
        case .picture(.symbols(let picture)):
            for (index, cells) in picture.rows.enumerated() where index >= first && index - first < rect.height {
                (screen as? any PictureScreen)?.drawPicture(cells, row: rect.row + index - first, column: rect.column)
            }
        case .picture(.graphics(let picture)):
            if first == 0 { graphics = GraphicsPlacement(picture: picture, row: rect.row, column: rect.column) }
        }
        let captionRow = block.rows - first
        if !block.caption.isEmpty, captionRow >= 0, captionRow < rect.height {
            let caption = DisplayWidth.prefix(block.caption.terminalSafe, fitting: rect.width).text
            screen.draw(caption, row: rect.row + captionRow, column: rect.column, style: muted)
        }
        return graphics
    }
}

/// The detail texts of the last few articles drawn, by article (its text and state) and width.
final class DetailTexts: Sendable {
    /// Articles kept: the selected one, those a Down, an Up, a PgDn and a PgUp away, and one more.
    private static let capacity = 6
    /// The most recently drawn first.
    private let recent = Mutex<[DetailText]>([])

    /// Whether the text of `entry` at `width` is kept.
    func holds(_ entry: ArticleEntry, width: Int) -> Bool {
        recent.withLock { $0.contains { $0.width == width && $0.entry == entry && !$0.wholeLink } }
    }

    /// The lines of `entry` at `width` a pane of `height` rows shows from `scroll` (or from the last page,
    /// when the text ends before), and how far it can scroll. The text is made by `make` when it is not
    /// kept, and only as far as those lines and the next page.
    /// - Parameter keepingFirst: whether the text drawn last stays first (a text made ahead goes after it).
    func lines(
        for entry: ArticleEntry, width: Int, wholeLink: Bool = false, from scroll: Int, height: Int, keepingFirst: Bool = false,
        make: () -> DetailText
    ) -> (lines: [DetailLine], scrollLimit: Int) {
        recent.withLock { recent in
            var text: DetailText
            if let index = recent.firstIndex(where: { $0.width == width && $0.entry == entry && $0.wholeLink == wholeLink }) {
                text = recent.remove(at: index)
                text.entry = entry
            } else {
                text = make()
            }
            // The page shown and the next: a short text is then made whole, its limit exact, and the
            // next page is ready.
            let (end, overflow) = max(0, scroll).addingReportingOverflow(2 * max(0, height))
            text.prepare(lineCount: overflow ? Int.max : end)
            let limit = text.scrollLimit(height: height)
            let start = min(max(0, scroll), limit)
            let lines = Array(text.lines[min(start, text.lines.count)..<min(start + height, text.lines.count)])
            recent.insert(text, at: keepingFirst ? min(1, recent.count) : 0)
            if recent.count > Self.capacity { recent.removeLast() }
            return (lines, limit)
        }
    }
}

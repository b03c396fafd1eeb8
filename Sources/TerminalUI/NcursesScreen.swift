import CNcursesw
import Glibc
import NewsCore
import TerminalPictures

/// The real terminal, through ncursesw. Only one exists at a time.
final class NcursesScreen: Screen {
    private let usesColor: Bool
    private var buffer: [wchar_t] = []
    /// The colors pictures in symbols are drawn in; nil when the terminal has fewer than 8.
    let symbolColors: SymbolColors?
    private var picturePairs: PicturePairs
    private var pairBuffer: [Int32] = []
    private var graphics = GraphicsLayer()
    /// The panel this frame draws over the panes (`cover`), and the one the frame before drew.
    private var covered: Rect?
    private var coveredBefore: Rect?

    /// Starts curses.
    /// - Parameters:
    ///   - theme: color numbers by role from `[colors]`, applied over the standard colors.
    ///   - pictureColors: whether pictures in symbols are drawn (colors are started for them even when
    ///     text has none).
    init(colors: Bool, theme: [ColorRole: Int] = [:], pictureColors: Bool = false) throws(TerminalError) {
        switch nyt_start() {
        case 0: break
        case -2: throw .cannotMoveCursor
        case -3: throw .cannotReadKeys
        default: throw .cannotStart
        }
        let started = (colors || pictureColors) && nyt_start_colors() == 1
        usesColor = colors && started
        if usesColor {
            Self.definePairs(theme)
        }
        let colorCount = Int(nyt_color_count())
        symbolColors = pictureColors && started ? SymbolColors(colorCount: colorCount) : nil
        picturePairs = PicturePairs(first: ColorRole.allCases.count, end: Int(nyt_color_pair_count()))
    }

    deinit {
        stop()
    }

    func stop() {
        write(graphics.clear())
        nyt_stop()
    }

    /// Hands the signals the reader acts on to the loop through `descriptor` (the wake pipe's write end):
    /// SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP and SIGCONT; fatal signals restore the terminal first.
    /// - Throws: when a handler cannot be installed (none is then): without them an interrupt or a crash
    ///   would leave the terminal in raw mode, so the reader must not run.
    func handleSignals(writingTo descriptor: Int32) throws(TerminalError) {
        var signal: Int32 = 0
        let number = nyt_install_signal_handlers(descriptor, &signal)
        guard number == 0 else {
            throw .signalHandlers(SystemCallError("sigaction (\(String(cString: strsignal(signal))))", errno: number))
        }
    }

    /// Ctrl-Z: gives the terminal back and stops until `fg`, then takes the terminal again.
    func suspend() {
        // Fails only when SIGTSTP's handler cannot be switched, which these arguments rule out; the reader
        // would then stay on screen, which says all there is to say.
        _ = nyt_suspend()
    }

    var size: ScreenSize {
        ScreenSize(rows: Int(nyt_lines()), columns: Int(nyt_columns()))
    }

    func erase() {
        nyt_erase()
        graphics.next = nil
        covered = nil
    }

    func cover(_ rect: Rect) {
        covered = rect
    }

    func draw(_ text: String, row: Int, column: Int, style: TextStyle) {
        buffer.removeAll(keepingCapacity: true)
        for scalar in text.unicodeScalars where DisplayWidth.isDrawn(scalar) {
            guard scalar.value >= 0x300 else {
                buffer.append(wchar_t(bitPattern: scalar.value))
                continue
            }
            // curses moves on by what wcwidth says; where that is not the width the layout counted (a scalar
            // newer than the C library's Unicode data), a stand-in of the counted width keeps the row in place.
            let counted = DisplayWidth.of(scalar)
            if Int(nyt_wcwidth(wchar_t(bitPattern: scalar.value))) == counted {
                buffer.append(wchar_t(bitPattern: scalar.value))
            } else if counted > 0 {
                buffer.append(wchar_t(bitPattern: 0xFFFD))
                buffer.append(contentsOf: repeatElement(wchar_t(0x20), count: counted - 1))
            }
        }
        buffer.append(0)
        let (attributes, pair) = curses(style)
        buffer.withUnsafeBufferPointer { pointer in
            nyt_draw(Int32(row), Int32(column), pointer.baseAddress, Int32(pointer.count - 1), attributes, pair)
        }
    }

    func fill(row: Int, column: Int, width: Int, style: TextStyle) {
        let (attributes, pair) = curses(style)
        nyt_fill(Int32(row), Int32(column), Int32(width), attributes, pair)
    }

    func present() {
        let update = graphics.update()
        write(update.before)
        for lines in update.repaint { nyt_repaint_lines(Int32(lines.lowerBound), Int32(lines.count)) }
        if let before = coveredBefore, before != covered { nyt_repaint_lines(Int32(before.row), Int32(before.height)) }
        coveredBefore = covered
        nyt_refresh()
        write(update.after)
    }

    /// Makes the next `present` repaint every cell (after a suspend or a garbled screen).
    func invalidate() {
        nyt_clear_screen()
        graphics.isStale = true
    }

    /// Writes `bytes` to the terminal past curses. A failure leaves the picture out; the text is curses'.
    private func write(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        _ = bytes.withUnsafeBufferPointer { nyt_write_terminal($0.baseAddress, $0.count) }
    }

    // MARK: - Styles

    private func curses(_ style: TextStyle) -> (Int32, Int16) {
        var attributes: Int32 = 0
        if style.bold { attributes |= Int32(NYT_ATTR_BOLD) }
        if style.reverse { attributes |= Int32(NYT_ATTR_REVERSE) }
        if style.underline { attributes |= Int32(NYT_ATTR_UNDERLINE) }
        if style.dim || (!usesColor && style.role == .muted) { attributes |= Int32(NYT_ATTR_DIM) }
        if !usesColor && style.role == .header { attributes |= Int32(NYT_ATTR_BOLD) }
        return (attributes, usesColor ? Int16(style.role.rawValue) : 0)
    }

    /// One color pair per role, numbered by the role's raw value, on the terminal's default background.
    private static func definePairs(_ overrides: [ColorRole: Int]) {
        let theme = ColorTheme.configured(overrides, colorCount: Int(nyt_color_count()))
        for (role, foreground) in theme.foregrounds {
            // A pair the terminal refuses (more roles than it has pairs) leaves that role in its default
            // color: the text stays readable.
            // The extended call: a direct-color terminal's RGB values do not fit a short.
            _ = nyt_init_extended_pair(Int32(role.rawValue), foreground, -1)
        }
    }
}

extension NcursesScreen: PictureScreen {
    func drawPicture(_ cells: ArraySlice<PictureCell>, row: Int, column: Int) {
        guard symbolColors != nil else { return }
        buffer.removeAll(keepingCapacity: true)
        pairBuffer.removeAll(keepingCapacity: true)
        for cell in cells {
            let pair = picturePairs.pair(foreground: Self.number(cell.foreground), background: Self.number(cell.background))
            buffer.append(wchar_t(bitPattern: cell.character.value))
            pairBuffer.append(Int32(pair))
        }
        buffer.withUnsafeBufferPointer { characters in
            pairBuffer.withUnsafeBufferPointer { pairs in
                nyt_draw_cells(Int32(row), Int32(column), characters.baseAddress, pairs.baseAddress, Int32(characters.count))
            }
        }
    }

    func placeGraphics(_ placement: GraphicsPlacement?) {
        graphics.next = placement
    }

    /// A picture color as curses numbers it: 0xRRGGBB for direct colors, the palette's index, -1 for the
    /// terminal's own.
    private static func number(_ color: PictureColor) -> Int {
        switch color {
        case .rgb(let red, let green, let blue): return Int(red) << 16 | Int(green) << 8 | Int(blue)
        case .palette(let index): return Int(index)
        case .terminalDefault: return -1
        }
    }
}

/// The color pairs of pictures in symbols: one per foreground and background met, numbered from `first`
/// (past the text's pairs) up to the terminal's last pair; once all are used, numbering starts again
/// (the frame being drawn defines the pairs it uses anew).
struct PicturePairs {
    let first: Int
    let end: Int
    private var numbers: [Int: Int] = [:]
    private var next: Int

    init(first: Int, end: Int) {
        self.first = first
        self.end = max(first + 1, end)
        next = first
    }

    /// The pair of `foreground` on `background` (curses color numbers), defined when new.
    mutating func pair(foreground: Int, background: Int) -> Int {
        // Colors are at most 24 bits, or -1: the two fit one key apart.
        let key = (foreground + 1) << 25 | (background + 1)
        if let known = numbers[key] { return known }
        if next >= end {
            numbers.removeAll(keepingCapacity: true)
            next = first
        }
        let pair = next
        next += 1
        numbers[key] = pair
        _ = nyt_init_extended_pair(Int32(pair), Int32(foreground), Int32(background))
        return pair
    }
}

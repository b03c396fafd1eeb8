import CNcursesw
import Glibc
import NewsCore

/// The real terminal, through ncursesw. Only one exists at a time.
final class NcursesScreen: Screen {
    private let usesColor: Bool
    private var buffer: [wchar_t] = []

    /// Starts curses.
    /// - Parameter theme: color numbers by role from `[colors]`, applied over the standard colors.
    init(colors: Bool, theme: [ColorRole: Int] = [:]) throws(TerminalError) {
        switch nyt_start() {
        case 0: break
        case -2: throw .cannotMoveCursor
        case -3: throw .cannotReadKeys
        default: throw .cannotStart
        }
        usesColor = colors && nyt_start_colors() == 1
        if usesColor {
            Self.definePairs(theme)
        }
    }

    deinit {
        stop()
    }

    func stop() {
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
    }

    func draw(_ text: String, row: Int, column: Int, style: TextStyle) {
        buffer.removeAll(keepingCapacity: true)
        for scalar in text.unicodeScalars where DisplayWidth.isDrawn(scalar) {
            buffer.append(wchar_t(bitPattern: scalar.value))
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
        nyt_refresh()
    }

    /// Makes the next `present` repaint every cell (after a suspend or a garbled screen).
    func invalidate() {
        nyt_clear_screen()
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
            _ = nyt_init_pair(Int16(role.rawValue), foreground, -1)
        }
    }
}

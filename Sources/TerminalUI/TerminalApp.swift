import CNcursesw
import FoundationEssentials
import Glibc
import NewsCore
import ReaderViewModel
import TerminalPictures

/// The reader on a real terminal: sets curses up, turns keys into actions, redraws when anything
/// changes, and restores the terminal on every way out.
public final class TerminalApp {
    private let controller: ReaderController
    private let wakePipe: WakePipe
    private let keyMap: KeyMap
    private let colors: Bool
    private let mouse: Bool
    private let theme: [ColorRole: Int]
    private var renderer: FrameRenderer
    /// How articles' photos are shown; nil shows none.
    private let pictures: PictureOptions?
    private let now: () -> Date
    /// Key-to-screen latency log, only when `NYTREADER_KEY_TRACE` names a file (see `KeyTrace`).
    private let trace = KeyTrace()

    public init(
        controller: ReaderController,
        wakePipe: WakePipe,
        keyMap: KeyMap = KeyMap(),
        colors: Bool,
        mouse: Bool = true,
        theme: [ColorRole: Int] = [:],
        renderer: FrameRenderer? = nil,
        pictures: PictureOptions? = nil,
        now: @escaping () -> Date = Date.init
    ) {
        self.controller = controller
        self.wakePipe = wakePipe
        self.keyMap = keyMap
        self.colors = colors
        self.mouse = mouse
        self.theme = theme
        self.renderer = renderer ?? FrameRenderer(keyMap: keyMap)
        self.pictures = pictures
        self.now = now
    }

    /// Why `images = "symbols"` shows no photo on a terminal of fewer than 8 colors (the help lists it).
    static let noColorsForPhotos = "images = \"symbols\": this terminal has fewer than 8 colors, so photos are off"

    /// Whether the program may draw a screen: both standard input and output are terminals.
    public static var hasTerminal: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// Whether the reader has the terminal's foreground: started in the background (`nytreader &`), it
    /// stops until `fg` instead of drawing over the shell and reading its keys. False when it cannot have it.
    public static func waitForForeground() -> Bool {
        nyt_wait_for_foreground(STDIN_FILENO) == 1
    }

    /// Runs until the person quits or a terminating signal arrives, and restores the terminal.
    /// - Returns: the signal that ended the reader (SIGINT, SIGTERM or SIGHUP), or nil when the person quit.
    public func run() throws(TerminalError) -> Int32? {
        // Without a UTF-8 locale (not even C.UTF-8) the screen still works; only text outside ASCII is lost.
        _ = nyt_setup_locale()
        let screen = try NcursesScreen(colors: colors, theme: theme, pictureColors: pictures?.graphicsProtocol == .symbols)
        defer { screen.stop() }
        var warnings: [String] = []
        if let pictures, pictures.graphicsProtocol != .symbols || screen.symbolColors != nil {
            renderer.pictures = DetailPictures(
                options: pictures, symbolColors: screen.symbolColors ?? .truecolor, wake: { [wakePipe] in wakePipe.wake() })
        } else if let pictures, pictures.namedBySetting {
            warnings.append(Self.noColorsForPhotos)
        }
        if mouse { nyt_enable_mouse() }
        try screen.handleSignals(writingTo: wakePipe.writeDescriptor)

        controller.start(addingWarnings: warnings)
        // The count of outside changes the idle checks compare with.
        controller.checkForOutsideChanges()
        // On a monotonic clock: a wall clock set back would stop the checks until it caught up.
        var lastOutsideCheck = ContinuousClock.now
        var needsFrame = true
        var escapeSequences = EscapeSequences()
        var typedText = UTF8Input()
        var pollDescriptors = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakePipe.readDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        while !controller.state.isFinished {
            if needsFrame {
                draw(on: screen)
                trace?.screenUpdated()
                needsFrame = false
                // Only while no key waits: a key read now is drawn sooner than the texts it may not need.
                renderer.prepareNeighbors(of: controller.state, size: screen.size, now: now()) { !Self.inputWaiting() }
            }
            // The spinner turns every 100 ms during a refresh; otherwise, once a second, a look at whether
            // another process (a refresh from cron) changed the cache; sooner when the view-model asks to
            // be woken (a selection to mark read).
            let refreshing = controller.state.refresh.isRunning || controller.state.followedRefresh != nil
            var timeout: Int32 = refreshing ? 100 : 1_000
            if let wait = controller.viewModel.timeToNextDeadline {
                timeout = min(timeout, Int32(min(1_000, (wait.seconds * 1000).rounded(.up))))
            }
            let ready = poll(&pollDescriptors, 2, timeout)
            // A signal ends the wait early (EINTR) with its number in the wake pipe, read below; any other
            // failure would only repeat at once.
            if ready < 0, errno != EINTR { throw .system(SystemCallError("poll", errno: errno)) }
            if ready == 0 {
                let before = controller.state
                if !refreshing {
                    controller.checkForOutsideChanges()
                    lastOutsideCheck = .now
                }
                controller.tick()
                needsFrame =
                    refreshing || controller.viewModel.showsCountdown || controller.state.refresh.isRunning || controller.state != before
                continue
            }
            let (signals, _) = wakePipe.drain()
            for signal in signals {
                switch signal {
                case SIGWINCH, SIGCONT:
                    screen.invalidate()
                case SIGTSTP:
                    suspend(screen)
                default:
                    return signal
                }
                needsFrame = true
            }
            // The keys waiting are read together, so that a terminal's late answer among them is told apart.
            var keys: [Key] = []
            while let read = KeyDecoder.next(text: &typedText) {
                keys += read
            }
            for key in escapeSequences.keys(from: keys) {
                trace?.keyRead()
                needsFrame = true
                handle(key, on: screen)
                if controller.state.isFinished { return nil }
            }
            // Keys pressed without a pause (holding j) still see another process's changes once a second: the
            // rows and counts on screen, and what A marks read, are the cache's.
            if !refreshing, ContinuousClock.now - lastOutsideCheck >= .seconds(1) {
                controller.checkForOutsideChanges()
                lastOutsideCheck = .now
            }
            // What the service answered gets a frame when it changes the screen; entries read ahead of
            // the scrolling do not (a frame drawn for them would make a key that arrives meanwhile wait).
            let beforeInbox = controller.state
            if controller.drainInbox(), !controller.state.showsSameScreen(as: beforeInbox) { needsFrame = true }
            if renderer.pictures?.takeFinished() == true { needsFrame = true }
        }
        return nil
    }

    private func handle(_ key: Key, on screen: NcursesScreen) {
        switch key {
        case .resize:
            screen.invalidate()
            measurePictureCells()
            return
        case .control("z"):
            suspend(screen)
            return
        case .alt(let character):
            // In a prompt's line, readline's word keys (Alt-b, Alt-f, Alt-d, Alt-Backspace) edit it.
            if case .edit(let edit) = KeyRoute.of(key, in: controller.state, keyMap: keyMap) {
                controller.send(edit)
                return
            }
            // Any other: Esc, then the key; in a prompt Esc alone: what a prompt's Esc ends is not followed
            // by the key acting on the list (Alt-q quit), whether Alt was meant or Esc and a key were typed
            // faster than the reader read them.
            let inPrompt = if case .edit = KeyRoute.of(.escape, in: controller.state, keyMap: keyMap) { true } else { false }
            handle(.escape, on: screen)
            if !inPrompt { handle(character == Key.backspaceCharacter ? .backspace : .character(character), on: screen) }
            return
        case .control("l") where keyMap.action(for: key) == nil:
            // Redraws every cell: what another program wrote over the screen goes.
            screen.invalidate()
            return
        default:
            break
        }
        let route = KeyRoute.of(key, in: controller.state, keyMap: keyMap)
        if Layout(size: screen.size, state: controller.state).panes == nil {
            // Only "Terminal too small" shows: no key acts on what cannot be seen, but quitting.
            switch route {
            case .interrupt, .action(.quit): break
            default: return
            }
        }
        switch key {
        case .mouse(let event):
            let target = renderer.pointerTarget(
                row: event.row, column: event.column, state: controller.state, size: screen.size, now: now())
            switch event.kind {
            case .press: controller.click(target)
            case .wheelUp: controller.wheel(target, steps: -1)
            case .wheelDown: controller.wheel(target, steps: 1)
            }
            return
        default:
            break
        }
        switch route {
        case .interrupt: controller.interrupt()
        case .edit(let edit): controller.send(edit)
        case .trend(let trendKey): controller.send(trendKey)
        case .action(let action): controller.send(action)
        case .ignored: break
        }
    }

    /// The keys of the picker's filter: letters type, Backspace deletes, Enter chooses and Esc clears.
    static func filterEdit(for key: Key) -> TextEdit? {
        switch key {
        case .character(let character): return .insert(character)
        case .backspace: return .deleteBackward
        case .enter: return .submit
        case .escape: return .cancel
        default: return nil
        }
    }

    /// The keys of the trend overlay that act otherwise than their actions: ← and → move along the periods
    /// (they are back and open elsewhere), and a letter bound to quit closes the chart (a control key bound
    /// to quit still quits). The other keys act through their actions (see `ReaderViewModel`).
    static func trendKey(for key: Key, keyMap: KeyMap) -> TrendOverlayKey? {
        switch key {
        case .left: return .previous
        case .right: return .next
        case .character where keyMap.action(for: key) == .quit: return .close
        default: return nil
        }
    }

    /// The keys of every prompt's line editor (the live search, the NYT search, a question): those of
    /// `PromptKeys` (moving, deleting by words, earlier entries, Tab), then letters type, Backspace
    /// deletes, Enter and Esc end it.
    static func lineEdit(for key: Key) -> TextEdit? {
        PromptKeys.edit(for: key) ?? filterEdit(for: key)
    }

    /// After a resize the cells may have another size in pixels (the font changed): photos are drawn for
    /// the new size, so a graphics picture keeps to the cells it was given.
    private func measurePictureCells() {
        guard let pictures = renderer.pictures, let window = try? TerminalWindowSize.read(descriptor: STDOUT_FILENO) else { return }
        var options = pictures.options
        options.cellSize = CellSize(window: window)
        guard options != pictures.options else { return }
        renderer.pictures = DetailPictures(options: options, symbolColors: pictures.symbolColors, wake: { [wakePipe] in wakePipe.wake() })
    }

    /// Whether standard input has bytes to read now (a poll that does not wait; a failed one says no).
    private static func inputWaiting() -> Bool {
        var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&input, 1, 0) > 0
    }

    /// Ctrl-Z: gives the terminal back, stops until `fg`, then repaints everything.
    private func suspend(_ screen: NcursesScreen) {
        screen.suspend()
        screen.invalidate()
    }

    private func draw(on screen: NcursesScreen) {
        controller.setListHeight(renderer.listHeight(for: screen.size, state: controller.state))
        controller.setDetailHeight(renderer.detailHeight(for: screen.size, state: controller.state))
        controller.setPickerHeight(renderer.pickerHeight(for: screen.size))
        controller.setPhotoTarget(renderer.photoTarget(for: screen.size))
        let metrics = renderer.render(controller.state, on: screen, now: now())
        controller.setDetailScrollLimit(metrics.detailScrollLimit)
        controller.setHelpScrollLimit(metrics.helpScrollLimit, height: metrics.helpHeight)
    }
}

/// Why the screen could not be used.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// TERM names a terminal curses does not know.
    case cannotStart
    /// The terminal cannot move the cursor (e.g. TERM=dumb).
    case cannotMoveCursor
    /// The terminal cannot be switched to reading single keys without echo (raw mode).
    case cannotReadKeys
    /// The handlers that restore the terminal on a signal could not be installed.
    case signalHandlers(SystemCallError)
    /// A system call of the screen's loop failed.
    case system(SystemCallError)
    /// No thread could be started for the screen's loop.
    case noThread

    public var description: String {
        switch self {
        case .cannotStart:
            let term = (ProcessInfo.processInfo.environment["TERM"] ?? "").terminalSafe
            return term.isEmpty
                ? "TERM is not set: the terminal cannot be set up (try TERM=xterm-256color)."
                : "No terminfo entry for TERM=\(term): install ncurses-term, or try TERM=xterm-256color."
        case .cannotMoveCursor:
            return
                "This terminal cannot move the cursor (TERM=\(ProcessInfo.processInfo.environment["TERM"] ?? "")); for plain output use 'nytreader list'."
        case .cannotReadKeys:
            return "The terminal could not be switched to reading single keys (raw mode)."
        case .signalHandlers(let failure):
            return
                "The reader could not install its signal handlers (\(failure)), without which an interrupt would leave the terminal unusable."
        case .system(let failure):
            return "The screen's loop failed (\(failure))."
        case .noThread:
            return "The system refused to start a thread for the screen (too many processes or threads?)."
        }
    }
}

import CNcursesw
import FoundationEssentials
import Glibc
import NewsCore
import ReaderViewModel

/// The reader on a real terminal: sets curses up, turns keys into actions, redraws when anything
/// changes, and restores the terminal on every way out.
public final class TerminalApp {
    private let controller: ReaderController
    private let wakePipe: WakePipe
    private let keyMap: KeyMap
    private let colors: Bool
    private let mouse: Bool
    private let theme: [ColorRole: Int]
    private let renderer: FrameRenderer
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
        now: @escaping () -> Date = Date.init
    ) {
        self.controller = controller
        self.wakePipe = wakePipe
        self.keyMap = keyMap
        self.colors = colors
        self.mouse = mouse
        self.theme = theme
        self.renderer = renderer ?? FrameRenderer(keyMap: keyMap)
        self.now = now
    }

    /// Whether the program may draw a screen: both standard input and output are terminals.
    public static var hasTerminal: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// Runs until the person quits or a terminating signal arrives, and restores the terminal.
    /// - Returns: the signal that ended the reader (SIGINT, SIGTERM or SIGHUP), or nil when the person quit.
    public func run() throws(TerminalError) -> Int32? {
        // Without a UTF-8 locale (not even C.UTF-8) the screen still works; only text outside ASCII is lost.
        _ = nyt_setup_locale()
        let screen = try NcursesScreen(colors: colors, theme: theme)
        defer { screen.stop() }
        if mouse { nyt_enable_mouse() }
        try screen.handleSignals(writingTo: wakePipe.writeDescriptor)

        controller.start()
        // The count of outside changes the idle checks compare with.
        controller.checkForOutsideChanges()
        var needsFrame = true
        var pollDescriptors = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakePipe.readDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        while !controller.state.isFinished {
            if needsFrame {
                draw(on: screen)
                trace?.screenUpdated()
                needsFrame = false
            }
            // The spinner turns every 100 ms during a refresh; otherwise, once a second, a look at whether
            // another process (a refresh from cron) changed the cache.
            let refreshing = controller.state.refresh.isRunning
            let ready = poll(&pollDescriptors, 2, refreshing ? 100 : 1_000)
            // A signal ends the wait early (EINTR) with its number in the wake pipe, read below; any other
            // failure would only repeat at once.
            if ready < 0, errno != EINTR { throw .system(SystemCallError("poll", errno: errno)) }
            if ready == 0 {
                if refreshing {
                    needsFrame = true
                } else {
                    controller.checkForOutsideChanges()
                    controller.tick()
                    needsFrame = controller.viewModel.showsCountdown || controller.state.refresh.isRunning
                }
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
            while let key = KeyDecoder.next() {
                guard let key else { continue }
                trace?.keyRead()
                needsFrame = true
                handle(key, on: screen)
                if controller.state.isFinished { return nil }
            }
            if controller.drainInbox() { needsFrame = true }
        }
        return nil
    }

    private func handle(_ key: Key, on screen: NcursesScreen) {
        switch key {
        case .resize:
            screen.invalidate()
            return
        case .control("z"):
            suspend(screen)
            return
        case .mouse(let event):
            let target = event.target(in: Layout(size: screen.size))
            switch event.kind {
            case .press: controller.click(target)
            case .wheelUp: controller.wheel(target, steps: -1)
            case .wheelDown: controller.wheel(target, steps: 1)
            }
            return
        default:
            break
        }
        if controller.state.prompt != nil {
            if let edit = Self.lineEdit(for: key) {
                controller.send(edit)
            } else if keyMap.action(for: key) == .quit, case .control = key {
                controller.send(.quit)
            }
        } else if controller.state.search?.isEditing == true, let edit = Self.textEdit(for: key) {
            controller.send(edit)
        } else if let action = keyMap.action(for: key) {
            controller.send(action)
        } else {
            controller.sendUnboundKey()
        }
    }

    /// While the search field is open, letters type into it; arrows, paging and Ctrl-C still act.
    static func textEdit(for key: Key) -> TextEdit? {
        switch key {
        case .character(let character): return .insert(character)
        case .backspace: return .deleteBackward
        case .enter: return .submit
        case .escape: return .cancel
        default: return nil
        }
    }

    /// While the NYT search prompt is open every key edits the line; a control key bound to quit still quits.
    static func lineEdit(for key: Key) -> TextEdit? {
        switch key {
        case .left: return .moveLeft
        case .right: return .moveRight
        case .home, .control("a"): return .moveToStart
        case .end, .control("e"): return .moveToEnd
        case .control("u"): return .deleteToStart
        case .control("w"): return .deleteWordBackward
        default: return textEdit(for: key)
        }
    }

    /// Ctrl-Z: gives the terminal back, stops until `fg`, then repaints everything.
    private func suspend(_ screen: NcursesScreen) {
        screen.suspend()
        screen.invalidate()
    }

    private func draw(on screen: NcursesScreen) {
        controller.setListHeight(renderer.listHeight(for: screen.size))
        controller.setDetailHeight(renderer.detailHeight(for: screen.size))
        controller.setPickerHeight(renderer.pickerHeight(for: screen.size))
        let metrics = renderer.render(controller.state, on: screen, now: now())
        controller.setDetailScrollLimit(metrics.detailScrollLimit)
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
            return "The terminal could not be set up (check TERM)."
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

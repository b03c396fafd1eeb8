import CNcursesw
import Foundation
import ReaderViewModel

/// The reader on a real terminal: sets curses up, turns keys into actions, redraws when anything
/// changes, and restores the terminal on every way out.
public final class TerminalApp {
    private let controller: ReaderController
    private let wakePipe: WakePipe
    private let keyMap: KeyMap
    private let colors: Bool
    private let renderer: FrameRenderer
    private let now: () -> Date

    public init(
        controller: ReaderController,
        wakePipe: WakePipe,
        keyMap: KeyMap = KeyMap(),
        colors: Bool,
        renderer: FrameRenderer = FrameRenderer(),
        now: @escaping () -> Date = Date.init
    ) {
        self.controller = controller
        self.wakePipe = wakePipe
        self.keyMap = keyMap
        self.colors = colors
        self.renderer = renderer
        self.now = now
    }

    /// Whether the program may draw a screen: both standard input and output are terminals.
    public static var hasTerminal: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// Runs until the person quits or a terminating signal arrives.
    public func run() throws(TerminalError) {
        nyt_setup_locale()
        guard let screen = NcursesScreen(colors: colors) else { throw .cannotStart }
        defer { screen.stop() }
        nyt_install_signal_handlers(wakePipe.writeDescriptor)

        controller.start()
        var needsFrame = true
        var pollDescriptors = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakePipe.readDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        while !controller.state.isFinished {
            if needsFrame {
                draw(on: screen)
                needsFrame = false
            }
            let timeout: Int32 = controller.state.refresh.isRunning ? 100 : -1
            let ready = poll(&pollDescriptors, 2, timeout)
            if ready == 0 {
                needsFrame = true  // the spinner turns
                continue
            }
            let (signals, _) = wakePipe.drain()
            for signal in signals where signal != SIGWINCH {
                _ = signal
                return
            }
            if !signals.isEmpty { needsFrame = true }
            while let key = KeyDecoder.next() {
                guard let key else { continue }
                needsFrame = true
                handle(key, on: screen)
                if controller.state.isFinished { return }
            }
            if controller.drainInbox() { needsFrame = true }
        }
    }

    private func handle(_ key: Key, on screen: NcursesScreen) {
        switch key {
        case .resize:
            screen.invalidate()
        case .control("z"):
            nyt_suspend()
        default:
            if let action = keyMap.action(for: key) {
                controller.send(action)
            }
        }
    }

    private func draw(on screen: NcursesScreen) {
        controller.setListHeight(renderer.listHeight(for: screen.size))
        let metrics = renderer.render(controller.state, on: screen, now: now())
        controller.setDetailScrollLimit(metrics.detailScrollLimit)
    }
}

/// Why the screen could not be used.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    case cannotStart

    public var description: String {
        switch self {
        case .cannotStart: return "The terminal could not be set up (check TERM)."
        }
    }
}

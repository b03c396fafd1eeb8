import CNcursesw

/// Reads keys from curses without waiting.
enum KeyDecoder {
    /// An event curses reads behind `KEY_MOUSE`: the cell, and the kind (1 a press of the first button, 2 the
    /// wheel up, 3 the wheel down, 0 anything else).
    struct MouseReport: Hashable {
        var row: Int32 = 0
        var column: Int32 = 0
        var kind: Int32 = 0
    }

    /// The keys of what was read next, or nil when nothing is waiting: none for what is no key (yet), a
    /// key the reader does not know, a byte of a character not read whole or a byte that is not UTF-8;
    /// more than one for mouse reports read together.
    static func next(text: inout UTF8Input) -> [Key]? {
        let input = nyt_read_input()
        guard input != ERR else { return nil }
        return keys(input: input, text: &text, mouse: readMouse)
    }

    /// The keys for what `wgetch` read: a function key's code (`KEY_MIN` or more; `mouse` gives the events
    /// behind `KEY_MOUSE`, oldest first), or a byte of what was typed, which `text` puts together into
    /// characters; none while no key is whole, or for a key the reader does not know.
    static func keys(input: Int32, text: inout UTF8Input, mouse: () -> [MouseReport]) -> [Key] {
        guard input < KEY_MIN else {
            // A key the terminal sent ends a character being read; a resize comes from a signal, not from
            // the terminal's bytes, and may fall between a character's.
            if input != KEY_RESIZE { text.interrupt() }
            if input == KEY_MOUSE { return mouse().compactMap(mouseEvent) }
            return functionKey(input).map { [$0] } ?? []
        }
        return text.take(UInt8(truncatingIfNeeded: input)).flatMap { characterKey($0.value) }.map { [$0] } ?? []
    }

    private static func readMouse() -> [MouseReport] {
        let capacity = Int(NYT_MOUSE_EVENTS_MAX)
        var rows = [Int32](repeating: 0, count: capacity)
        var columns = rows
        var kinds = rows
        let count = Int(nyt_read_mouse(&rows, &columns, &kinds, Int32(capacity)))
        return (0..<min(max(count, 0), capacity)).map { MouseReport(row: rows[$0], column: columns[$0], kind: kinds[$0]) }
    }

    private static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        // Find and Select are what xterm's terminfo calls the `ESC [ 1 ~` and `ESC [ 4 ~` that tmux and
        // PuTTY send for Home and End.
        case KEY_HOME, KEY_FIND: return .home
        case KEY_END, KEY_SELECT: return .end
        // Shift and an arrow, Home, End or a page key, by their own codes.
        case KEY_SR: return .up
        case KEY_SF: return .down
        case KEY_SLEFT: return .left
        case KEY_SRIGHT: return .right
        case KEY_SHOME: return .home
        case KEY_SEND: return .end
        case KEY_SPREVIOUS: return .pageUp
        case KEY_SNEXT: return .pageDown
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_BTAB: return .backTab
        case KEY_RESIZE: return .resize
        default:
            // The keypad in its application mode, by the bytes the terminal's entry binds (xterm's kpZRO,
            // vt100's ka1 and kf5 are the keypad's 0, 1 and 4), then the modified keys by their names.
            let final = nyt_key_single_shift(code)
            if final > 0, let scalar = Unicode.Scalar(UInt32(final)), let key = EscapeSequences.singleShiftKey(final: Character(scalar)) {
                return key
            }
            return nyt_key_name(code).flatMap { modifiedKey(named: String(cString: $0)) }
        }
    }

    /// The key of a terminal's extended key named `name` by its terminfo entry: an arrow, Home, End or a
    /// page key with Shift, Ctrl or Alt (`kUP5`, `kEND3`, `kNXT5`) is the key without them.
    static func modifiedKey(named name: String) -> Key? {
        let keys: [(prefix: String, key: Key)] = [
            ("kUP", .up), ("kDN", .down), ("kLFT", .left), ("kRIT", .right), ("kHOM", .home), ("kEND", .end), ("kPRV", .pageUp),
            ("kNXT", .pageDown),
        ]
        for (prefix, key) in keys where name.hasPrefix(prefix) {
            let modifier = name.dropFirst(prefix.count)
            if !modifier.isEmpty, modifier.allSatisfy(\.isNumber) { return key }
        }
        return nil
    }

    private static func mouseEvent(_ report: MouseReport) -> Key? {
        let event: MouseEvent.Kind
        switch report.kind {
        case 1: event = .press
        case 2: event = .wheelUp
        case 3: event = .wheelDown
        default: return nil
        }
        return .mouse(MouseEvent(kind: event, row: Int(report.row), column: Int(report.column)))
    }

    private static func characterKey(_ value: UInt32) -> Key? {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(value + 0x60)!))
        // NUL (Ctrl-Space), Ctrl-\ ] ^ _ and the C1 controls are no text: typed into a prompt they were
        // sent to the NYT unseen.
        case 0, 28...31, 0x80...0x9F: return nil
        default:
            return Unicode.Scalar(value).map { .character(Character($0)) }
        }
    }
}

import CNcursesw

/// Reads keys from curses without waiting.
enum KeyDecoder {
    /// The next key, or nil when none is waiting. Unknown keys are skipped.
    static func next() -> Key?? {
        var code: wint_t = 0
        switch nyt_read_key(&code) {
        case KEY_CODE_YES:
            return .some(functionKey(Int32(code)))
        case OK:
            return .some(characterKey(UInt32(code)))
        default:
            return nil
        }
    }

    private static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_BTAB: return .backTab
        case KEY_RESIZE: return .resize
        case KEY_MOUSE: return mouseEvent()
        default: return nil
        }
    }

    private static func mouseEvent() -> Key? {
        var row: Int32 = 0
        var column: Int32 = 0
        var kind: Int32 = 0
        guard nyt_read_mouse(&row, &column, &kind) == 0 else { return nil }
        let event: MouseEvent.Kind
        switch kind {
        case 1: event = .press
        case 2: event = .wheelUp
        case 3: event = .wheelDown
        default: return nil
        }
        return .mouse(MouseEvent(kind: event, row: Int(row), column: Int(column)))
    }

    private static func characterKey(_ value: UInt32) -> Key? {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(value + 0x60)!))
        default:
            return Unicode.Scalar(value).map { .character(Character($0)) }
        }
    }
}

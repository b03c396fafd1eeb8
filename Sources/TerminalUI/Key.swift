/// A key press, decoded from the terminal.
public enum Key: Hashable, Sendable {
    case character(Character)
    /// Ctrl plus a letter, e.g. `.control("c")`.
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace
    /// The terminal changed size.
    case resize
    /// A press of the first mouse button or a turn of the wheel, at a cell of the screen.
    case mouse(MouseEvent)
    /// Alt (Meta) and a character: Escape and the character read together (`EscapeSequences`); Alt-Backspace
    /// is `.alt(Key.backspaceCharacter)`. In a prompt's line, readline's word keys; anything else is Esc,
    /// then the character, and in a prompt Esc alone (`TerminalApp`).
    case alt(Character)

    /// The character of Alt-Backspace (DEL).
    public static let backspaceCharacter: Character = "\u{7F}"

    /// The key a config file names: one character (`R`, `/`), `ctrl-x` (or `C-x`, `^x`), or a name
    /// such as `up`, `pgdn`, `home`, `enter`, `esc`, `tab`, `space`. Nil for anything else.
    public init?(name: String) {
        if name.count == 1, let character = name.first {
            self = .character(character)
            return
        }
        let lowered = name.lowercased()
        for prefix in ["ctrl-", "ctrl+", "c-", "^"] where lowered.hasPrefix(prefix) {
            let rest = lowered.dropFirst(prefix.count)
            guard rest.count == 1, let letter = rest.first, ("a"..."z").contains(letter) else { return nil }
            self = .control(letter)
            return
        }
        guard let key = Key.named[lowered] else { return nil }
        self = key
    }

    private static let named: [String: Key] = [
        "up": .up, "down": .down, "left": .left, "right": .right,
        "pgup": .pageUp, "pageup": .pageUp, "page_up": .pageUp, "prior": .pageUp,
        "pgdn": .pageDown, "pagedown": .pageDown, "page_down": .pageDown, "next": .pageDown,
        "home": .home, "end": .end, "enter": .enter, "return": .enter,
        "esc": .escape, "escape": .escape, "tab": .tab, "backtab": .backTab, "shift-tab": .backTab,
        "backspace": .backspace, "space": .character(" "),
    ]

    /// How the help overlay shows the key: `↑`, `PgDn`, `Ctrl-C`, `q`.
    public var label: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let character): return String(character)
        case .control(let letter): return "Ctrl-" + letter.uppercased()
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .resize: return "resize"
        case .mouse: return "mouse"
        case .alt(Key.backspaceCharacter): return "Alt-Backspace"
        case .alt(let character): return "Alt-" + String(character)
        }
    }

    /// The label in plain ASCII (`Up` for `↑`), for text that may not show arrows: `--help`, the manual.
    @_spi(Testing) public var plainLabel: String {
        switch self {
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        default: return label
        }
    }

    /// Named keys before letters, letters before control keys.
    var sortOrder: String {
        switch self {
        case .character(let character): return "1" + String(character)
        case .control(let letter): return "2" + String(letter)
        default: return "0" + label
        }
    }
}

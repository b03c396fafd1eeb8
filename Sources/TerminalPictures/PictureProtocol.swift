/// How a picture reaches the terminal.
public enum PictureProtocol: String, Hashable, Sendable, CaseIterable {
    /// Kitty's graphics protocol (kitty, Ghostty, Warp).
    case kitty
    /// iTerm2's inline images.
    case iterm
    /// DEC sixels (foot, mlterm, WezTerm, Konsole, xterm built with them, …).
    case sixel
    /// Character cells with colors: block and border symbols, drawn like text. Works everywhere, tmux and
    /// screen included.
    case symbols

    /// The protocol for the setting `images` in the config, the environment and the terminal's answer to
    /// the primary device attributes query (nil when none came); nil means no pictures.
    ///
    /// An explicit setting is taken as it is. `auto` follows libchafa's terminal rules, in order:
    /// `NO_COLOR` (not empty) or `TERM=dumb` → none; inside tmux (`TMUX`, `TERM=tmux…`,
    /// `TERM_PROGRAM=tmux`) or screen (`STY`, `TERM=screen…`) → symbols, since graphics do not pass
    /// through them; kitty (`TERM=xterm-kitty`, `KITTY_WINDOW_ID`, `KITTY_PID`), Ghostty
    /// (`TERM=xterm-ghostty`, `TERM_PROGRAM=ghostty`) and Warp (`TERM_PROGRAM=WarpTerminal`) → kitty;
    /// iTerm2 (`TERM_PROGRAM=iTerm.app`, `LC_TERMINAL=iTerm2`) → iterm; terminals known for sixels
    /// (`TERM=foot…`, `mlterm`, `yaft…`, `MLTERM`, `TERMINAL_NAME=contour`, `TERM_PROGRAM=WezTerm`,
    /// `mintty`, `rio`, `KONSOLE_VERSION` ≥ 220370) or a device attributes answer listing 4 (sixel) →
    /// sixel; anything else → symbols.
    public static func choose(
        setting: PictureSetting,
        environment: [String: String],
        deviceAttributes: DeviceAttributes?
    ) -> PictureProtocol? {
        switch setting {
        case .off: return nil
        case .kitty: return .kitty
        case .iterm: return .iterm
        case .sixel: return .sixel
        case .symbols: return .symbols
        case .auto: return detect(TerminalEnvironment(environment), deviceAttributes)
        }
    }

    private static func detect(_ terminal: TerminalEnvironment, _ attributes: DeviceAttributes?) -> PictureProtocol? {
        if terminal.isSet("NO_COLOR") || terminal["TERM"] == "dumb" { return nil }
        if terminal.isMultiplexer { return .symbols }
        if terminal.isKitty { return .kitty }
        if terminal.isITerm { return .iterm }
        if terminal.isKnownForSixels || attributes?.hasSixels == true { return .sixel }
        return .symbols
    }
}

/// The environment variables that tell a terminal apart.
private struct TerminalEnvironment {
    let variables: [String: String]

    init(_ variables: [String: String]) { self.variables = variables }

    subscript(name: String) -> String? { variables[name] }

    /// Whether `name` is set to something other than the empty string.
    func isSet(_ name: String) -> Bool { !(variables[name] ?? "").isEmpty }

    func term(startsWith prefix: String) -> Bool { self["TERM"]?.hasPrefix(prefix) == true }

    func program(is name: String) -> Bool { self["TERM_PROGRAM"]?.lowercased() == name.lowercased() }

    var isMultiplexer: Bool {
        isSet("TMUX") || term(startsWith: "tmux") || program(is: "tmux") || isSet("STY") || term(startsWith: "screen")
    }

    var isKitty: Bool {
        self["TERM"] == "xterm-kitty" || isSet("KITTY_WINDOW_ID") || isSet("KITTY_PID")
            || self["TERM"] == "xterm-ghostty" || program(is: "ghostty") || program(is: "WarpTerminal")
    }

    var isITerm: Bool { program(is: "iTerm.app") || self["LC_TERMINAL"]?.lowercased() == "iterm2" }

    var isKnownForSixels: Bool {
        let term = self["TERM"] ?? ""
        return term == "foot" || term.hasPrefix("foot-") || term == "mlterm" || isSet("MLTERM")
            || term == "yaft" || term == "yaft-256color" || self["TERMINAL_NAME"] == "contour"
            || program(is: "WezTerm") || term == "mintty" || program(is: "mintty") || term == "rio"
            || program(is: "rio") || konsoleHasSixels
    }

    /// Konsole draws sixels from version 22.03.70 (KONSOLE_VERSION=220370).
    private var konsoleHasSixels: Bool {
        guard let version = self["KONSOLE_VERSION"].flatMap({ Int($0.prefix { $0.isASCII && $0.isNumber }) })
        else { return false }
        return version >= 220370
    }
}

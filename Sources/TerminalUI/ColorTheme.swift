import NewsCore

/// The foreground color of each role, on the terminal's own background: the defaults, with the config
/// file's `[colors]` table applied (role name → color number, -1 for the terminal's default color).
struct ColorTheme: Hashable, Sendable {
    /// Color numbers by role, as curses takes them (-1: the terminal's default; 0xRRGGBB on a
    /// direct-color terminal).
    private(set) var foregrounds: [ColorRole: Int32]

    /// The fewest colors of a direct-color terminal (terminfo's `colors#0x1000000`, e.g. xterm-direct),
    /// which takes color numbers from 8 up as RGB values.
    static let directColorCount = 1 << 24

    /// The built-in colors; `colorCount` decides the dim gray (bright black needs 16 colors).
    static func standard(colorCount: Int = 8) -> ColorTheme {
        ColorTheme(foregrounds: [
            .header: 4, .selection: 6, .muted: colorCount >= 16 ? 8 : 7, .accent: 6, .status: -1, .error: 1, .unread: 2,
        ])
    }

    /// The standard theme with `overrides` (the config file's `[colors]` table) applied; a number the
    /// terminal cannot show (past `colorCount`) keeps the default. On a direct-color terminal the palette
    /// numbers 8–255 become their RGB colors (`XtermPalette`); 0–7 stay the terminal's own, which such
    /// terminals still take by number.
    static func configured(_ overrides: [ColorRole: Int], colorCount: Int) -> ColorTheme {
        var theme = standard(colorCount: colorCount)
        for (role, color) in overrides where role.configName != nil && color < colorCount {
            theme.foregrounds[role] = Int32(clamping: color)
        }
        if colorCount >= directColorCount {
            for (role, color) in theme.foregrounds where (8..<256).contains(color) {
                theme.foregrounds[role] = Int32(XtermPalette.rgb(Int(color)) ?? Int(color))
            }
        }
        return theme
    }
}

extension ColorRole {
    /// The color number the reader gives this role unless the `[colors]` table says otherwise (on a terminal
    /// of 16 colors or more; -1: the terminal's default color), as `nytreader config` lists it.
    public var standardColor: Int { Int(ColorTheme.standard(colorCount: 16).foregrounds[self] ?? -1) }
}

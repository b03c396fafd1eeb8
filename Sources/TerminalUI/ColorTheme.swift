import NewsCore

/// The foreground color of each role, on the terminal's own background: the defaults, with the config
/// file's `[colors]` table applied (role name → color number, -1 for the terminal's default color).
struct ColorTheme: Hashable, Sendable {
    /// Color numbers by role (-1: the terminal's default).
    private(set) var foregrounds: [ColorRole: Int16]

    /// The built-in colors; `colorCount` decides the dim gray (bright black needs 16 colors).
    static func standard(colorCount: Int = 8) -> ColorTheme {
        ColorTheme(foregrounds: [
            .header: 4, .selection: 6, .muted: colorCount >= 16 ? 8 : 7, .accent: 6, .status: -1, .error: 1, .unread: 2,
        ])
    }

    /// The standard theme with `overrides` (the config file's `[colors]` table) applied; a number the
    /// terminal cannot show (past `colorCount`) keeps the default.
    static func configured(_ overrides: [ColorRole: Int], colorCount: Int) -> ColorTheme {
        var theme = standard(colorCount: colorCount)
        for (role, color) in overrides where role.configName != nil && color < colorCount {
            theme.foregrounds[role] = Int16(color)
        }
        return theme
    }
}

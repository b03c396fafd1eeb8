/// The foreground color of each role, on the terminal's own background: the defaults, with the config
/// file's `[colors]` table applied (role name → color number, -1 for the terminal's default color).
public struct ColorTheme: Hashable, Sendable {
    /// Color numbers by role (-1: the terminal's default).
    public private(set) var foregrounds: [ColorRole: Int16]

    /// The built-in colors; `colorCount` decides the dim gray (bright black needs 16 colors).
    public static func standard(colorCount: Int = 8) -> ColorTheme {
        ColorTheme(foregrounds: [
            .header: 4, .selection: 6, .muted: colorCount >= 16 ? 8 : 7, .accent: 6, .status: -1, .error: 1, .unread: 2,
        ])
    }

    /// The standard theme with `overrides` (config role names, as `Settings.colorRoles` lists them) applied;
    /// a number the terminal cannot show (past `colorCount`) keeps the default.
    public static func configured(_ overrides: [String: Int], colorCount: Int) -> ColorTheme {
        var theme = standard(colorCount: colorCount)
        for (name, color) in overrides {
            guard let role = ColorRole(configName: name), color < colorCount else { continue }
            theme.foregrounds[role] = Int16(color)
        }
        return theme
    }
}

extension ColorRole {
    /// The role's name in the config file's `[colors]` table.
    public var configName: String? {
        switch self {
        case .normal: return nil
        case .header: return "title"
        case .selection: return "selected"
        case .muted: return "dim"
        case .accent: return "accent"
        case .status: return "status"
        case .error: return "error"
        case .unread: return "unread"
        }
    }

    init?(configName: String) {
        guard let role = ColorRole.allCases.first(where: { $0.configName == configName }) else { return nil }
        self = role
    }
}

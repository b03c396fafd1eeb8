/// What a piece of text means on screen; each screen decides how to show it (colors, attributes or
/// neither). The raw value numbers the role's color pair.
public enum ColorRole: Int, Hashable, Sendable, CaseIterable {
    case normal = 0
    case header
    case selection
    case muted
    case accent
    case status
    case error
    case unread

    /// The roles the config file's `[colors]` table may color, in the order messages list them.
    public static let configurable = allCases.filter { $0.configName != nil }

    /// The role's name in the config file's `[colors]` table; nil for the one it cannot color.
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

    /// The role a `[colors]` table entry names, nil for an unknown name.
    public init?(configName: String) {
        guard let role = ColorRole.configurable.first(where: { $0.configName == configName }) else { return nil }
        self = role
    }
}

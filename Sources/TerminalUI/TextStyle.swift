import NewsCore

/// How to draw a run of text.
public struct TextStyle: Hashable, Sendable {
    public var role: ColorRole
    public var bold: Bool
    public var reverse: Bool
    public var dim: Bool
    public var underline: Bool

    public init(role: ColorRole = .normal, bold: Bool = false, reverse: Bool = false, dim: Bool = false, underline: Bool = false) {
        self.role = role
        self.bold = bold
        self.reverse = reverse
        self.dim = dim
        self.underline = underline
    }

    public static let plain = TextStyle()
}

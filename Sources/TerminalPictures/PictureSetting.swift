/// The config's `images` value: a protocol, `off`, or `auto` to ask the terminal.
public enum PictureSetting: String, Hashable, Sendable, CaseIterable {
    case auto
    case kitty
    case iterm
    case sixel
    case symbols
    case off

    /// The setting named `value` (`auto|kitty|iterm|sixel|symbols|off`), or nil.
    public init?(configValue value: String) { self.init(rawValue: value) }

    /// Every value, as the config's messages list them: `auto, kitty, iterm, sixel, symbols, off`.
    public static var configValues: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

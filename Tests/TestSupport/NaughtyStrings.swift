import Foundation

/// The Big List of Naughty Strings (Max Woolf, MIT licence: `Fixtures/naughty/LICENSE`, origin in
/// `Fixtures/naughty/README`), plus the terminal attacks an article title could carry, and the scalars
/// no text may hold once it is made safe for an output.
public enum NaughtyStrings {
    /// Every string of the list, exactly as listed (comments and blank lines left out). The file is split
    /// at line feeds only: its strings hold carriage returns, NEL and line separators of their own.
    public static let list: [String] = {
        let file = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/naughty/blns.txt")
        let bytes = (try? Data(contentsOf: file)) ?? Data()
        return bytes.split(separator: 0x0A, omittingEmptySubsequences: true).compactMap { line in
            line.first == UInt8(ascii: "#") ? nil : String(decoding: line, as: UTF8.self)
        }
    }()

    /// Escape sequences, C0 and C1 controls, string sequences left open, charset switches and bidi controls.
    public static let terminalAttacks: [String] = [
        "\u{1B}]2;PWNED\u{07}title", "\u{1B}]52;c;ZXZpbA==\u{1B}\\copy", "\u{1B}]8;;https://evil/\u{1B}\\link\u{1B}]8;;\u{1B}\\",
        "\u{1B}[2J\u{1B}[H clear", "\u{9B}31mred\u{9B}0m", "\u{9D}0;title\u{9C}c1 osc", "\u{1B}P+q\u{1B}\\dcs", "\u{90}dcs\u{9C}",
        "\u{1B}(0lqk\u{1B}(B charset", "\u{1B}#8 align", "\u{1B}c reset", "\u{1B}7save\u{1B}8", "\u{0E}shift out\u{0F}",
        "\u{1B}]0;unterminated osc and the rest", "\u{1B}[", "\u{1B}", "bell\u{07}", "back\u{08}space", "del\u{7F}ete",
        "nul\u{00}byte", "\u{202E}evil\u{202C}", "\u{2066}isolate\u{2069}", "\u{200F}rlm\u{200E}lrm", "\u{061C}alm",
        "line\u{2028}separator\u{2029}", "next\u{85}line", "tab\there", "cr\rlf\n", "\u{9B}?1049h alt screen", "\u{98}sos\u{9C}",
        "\u{9E}pm\u{9C}", "\u{9F}apc\u{9C}", "\u{1B}^pm\u{1B}\\", "\u{1B}_apc\u{1B}\\", "\u{1B}X sos\u{1B}\\",
    ]

    /// Whether `scalar` may not appear in text made safe for an output: a C0 control (tabs and line breaks
    /// become spaces), DEL, a C1 control, a line or paragraph separator, or a bidirectional control or mark
    /// (embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069, LRM, RLM, ALM).
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: return true
        default: return false
        }
    }
}

import Foundation

/// The Big List of Naughty Strings (Max Woolf, MIT licence: `Fixtures/naughty/LICENSE`), read from its
/// base64 form so every control character and invalid sequence arrives exactly as listed, plus the
/// terminal attacks an article title could carry.
public enum NaughtyStrings {
    /// Every string of the list (comments and blank lines left out).
    public static let list: [String] = {
        let file = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/naughty/blns.base64.txt")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let data = Data(base64Encoded: String(line)) else { return nil }
            return String(decoding: data, as: UTF8.self)
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
    ]
}

import NewsCore
import TestSupport

/// Text from the network before it reaches an output (`TerminalSafeScalars`) or a browser (`ArticleLink`).
enum TextTargets {
    /// Any bytes, read as UTF-8 (invalid sequences as U+FFFD), through the terminal sanitizer.
    static let terminalSafe = FuzzTarget(name: "terminal-safe") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        let safe = text.terminalSafe
        for scalar in safe.unicodeScalars {
            FuzzCheck.require(!NaughtyStrings.isUnsafe(scalar), "U+\(String(scalar.value, radix: 16)) is left in \(safe.debugDescription)")
        }
        FuzzCheck.require(
            safe.terminalSafe.unicodeScalars.elementsEqual(safe.unicodeScalars), "a second pass changes \(safe.debugDescription)")
        FuzzCheck.require(safe.unicodeScalars.count <= text.unicodeScalars.count, "the safe text is longer")
        // Without anything that starts a sequence, each scalar is judged alone. (Scalars are compared, not
        // strings: two strings of different scalars may compare equal.)
        let introducers: Set<UInt32> = [0x1B, 0x9B, 0x90, 0x98, 0x9D, 0x9E, 0x9F]
        if !text.unicodeScalars.contains(where: { introducers.contains($0.value) }) {
            var expected = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                if lineBreaks.contains(scalar.value) {
                    expected.append(" ")
                } else if !NaughtyStrings.isUnsafe(scalar) {
                    expected.append(scalar)
                }
            }
            FuzzCheck.require(safe.unicodeScalars.elementsEqual(expected), "\(text.debugDescription) gives \(safe.debugDescription)")
        }
    }

    /// Tab, line feed, vertical tab, form feed, carriage return, NEL, line and paragraph separators.
    private static let lineBreaks: Set<UInt32> = [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]

    /// Any bytes as an article's address: one that may be opened must name a host on nytimes.com the way
    /// a browser reads the host (WHATWG URL parsing: backslashes as slashes, a user name before `@`).
    static let articleLink = FuzzTarget(name: "article-link") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        let link = ArticleLink(text)
        switch link {
        case .nytimes(let url):
            FuzzCheck.require(url == text, "the link changed the address")
            FuzzCheck.require(url.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "\(url.debugDescription) may be opened")
            let host = browserHost(url)
            FuzzCheck.require(
                host == "nytimes.com" || host?.hasSuffix(".nytimes.com") == true,
                "\(url.debugDescription) may be opened, but a browser goes to \(host ?? "nowhere")")
            FuzzCheck.require(link.openable == url, "an NYT address that cannot be opened")
        case .elsewhere(let url):
            FuzzCheck.require(url == text && link.openable == nil, "another site's address may be opened")
            FuzzCheck.require(
                url.terminalSafe.unicodeScalars.elementsEqual(url.unicodeScalars), "\(url.debugDescription) would be shown as it is")
        case .refused:
            FuzzCheck.require(link.openable == nil, "a refused address may be opened")
        }
    }

    /// The host a browser takes from an `http(s)` address: after the scheme and every slash or backslash,
    /// up to the next `/`, `\`, `?` or `#`, after the last `@`, before a `:`, lowercased.
    private static func browserHost(_ url: String) -> String? {
        let bytes = Array(url.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        var rest = bytes[(colon + 1)...].drop { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }
        rest = rest.prefix { !"/\\?#".utf8.contains($0) }
        if let at = rest.lastIndex(of: UInt8(ascii: "@")) { rest = rest[(at + 1)...] }
        let host = rest.prefix { $0 != UInt8(ascii: ":") }
        return String(decoding: host, as: UTF8.self).lowercased()
    }
}

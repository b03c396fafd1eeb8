/// What an article's `url` (text from the network) may be used for. Only a web address on the NYT's own
/// site may be handed to a browser (or copied as a link); another web address is shown, never launched;
/// anything else (`file:`, `javascript:`, a leading `-` that a browser would take as an option, control
/// characters, user names before the host, non-ASCII tricks) is refused.
public enum ArticleLink: Hashable, Sendable {
    /// `https://` or `http://` on nytimes.com or one of its subdomains: safe to open.
    case nytimes(String)
    /// A plain web address elsewhere: show it, do not launch anything.
    case elsewhere(String)
    /// Not a web address that may leave the program.
    case refused

    /// The longest address accepted.
    public static let maximumLength = 2_048

    public init(_ text: String) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= Self.maximumLength,
            bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
            let scheme = ["https://", "http://"].first(where: { Self.hasPrefix(bytes, $0) })
        else {
            self = .refused
            return
        }
        let rest = bytes.dropFirst(scheme.utf8.count)
        let authority = rest.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        let parts = authority.split(separator: UInt8(ascii: ":"), maxSplits: 1, omittingEmptySubsequences: false)
        let host = parts[0].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        let port = parts.count > 1 ? parts[1] : []
        guard !host.isEmpty, host.count <= 253,
            host.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x2E }),
            host.first != UInt8(ascii: "."), host.first != UInt8(ascii: "-"),
            parts.count == 1 || (!port.isEmpty && port.count <= 5 && port.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }))
        else {
            self = .refused
            return
        }
        let hostName = String(decoding: host, as: UTF8.self)
        let isNYTimes = hostName == "nytimes.com" || hostName.hasSuffix(".nytimes.com")
        self = isNYTimes ? .nytimes(text) : .elsewhere(text)
    }

    /// The address that may be opened, when there is one.
    public var openable: String? {
        if case .nytimes(let url) = self { return url }
        return nil
    }

    private static func hasPrefix(_ bytes: [UInt8], _ prefix: String) -> Bool {
        let lowered = bytes.prefix(prefix.utf8.count).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        return lowered.elementsEqual(prefix.utf8)
    }
}

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
        var text = text
        // Read in place: every article of a refresh is checked as it is mapped.
        self = text.withUTF8 { Self.classify($0) }.map { $0 ? .nytimes(text) : .elsewhere(text) } ?? .refused
    }

    /// Whether `bytes` are a web address on nytimes.com (true) or elsewhere (false); nil for what is none:
    /// `http(s)://` in any case, printable ASCII, a host of letters, digits, `-` and `.` not starting with
    /// either, and a port of up to five digits when a `:` follows the host.
    private static func classify(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard !bytes.isEmpty, bytes.count <= maximumLength, bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
            let scheme = schemes.first(where: { hasPrefix(bytes[...], $0) })
        else { return nil }
        let start = scheme.count
        let end =
            bytes[start...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        let colon = bytes[start..<end].firstIndex(of: UInt8(ascii: ":"))
        let host = bytes[start..<(colon ?? end)]
        let port = bytes[min(end, (colon ?? end) + 1)..<end]
        guard !host.isEmpty, host.count <= 253,
            host.allSatisfy({ isHostByte(lowered($0)) }),
            host.first != UInt8(ascii: "."), host.first != UInt8(ascii: "-"),
            colon == nil || (!port.isEmpty && port.count <= 5 && port.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }))
        else { return nil }
        return host.count >= domain.count && hasSuffix(host, domain)
            && (host.count == domain.count || host[host.endIndex - domain.count - 1] == UInt8(ascii: "."))
    }

    /// The schemes of a web address, and the NYT's domain, as bytes.
    private static let schemes = [Array("https://".utf8), Array("http://".utf8)]
    private static let domain = Array("nytimes.com".utf8)

    /// The address that may be opened, when there is one.
    public var openable: String? {
        if case .nytimes(let url) = self { return url }
        return nil
    }

    /// Whether `bytes` begin with `prefix` (small letters), in any case.
    private static func hasPrefix(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ prefix: [UInt8]) -> Bool {
        bytes.count >= prefix.count && prefix.indices.allSatisfy { lowered(bytes[bytes.startIndex + $0]) == prefix[$0] }
    }

    /// Whether `bytes` end with `suffix` (small letters), in any case.
    private static func hasSuffix(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ suffix: [UInt8]) -> Bool {
        bytes.count >= suffix.count && suffix.indices.allSatisfy { lowered(bytes[bytes.endIndex - suffix.count + $0]) == suffix[$0] }
    }

    /// An ASCII capital as its small letter; any other byte as it is.
    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    /// A small letter, a digit, `-` or `.`.
    private static func isHostByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E
    }
}

import FoundationEssentials
import NewsCore

/// Query strings with every name and value percent-encoded except RFC 3986's unreserved characters
/// (`A–Z a–z 0–9 - . _ ~`): `c++ tips` is sent as `c%2B%2B%20tips`, never as `c++ tips`, which a server
/// reads as `c   tips`. The same for the key.
enum QueryEncoding {
    static func query(_ items: [URLQueryItem]) -> String {
        items.map { encode($0.name) + "=" + encode($0.value ?? "") }.joined(separator: "&")
    }

    /// The characters besides the unreserved ones that a URL's query may hold unencoded (RFC 3986's
    /// sub-delims, `:`, `@`, `/` and `?`), as looser encoders leave them.
    static let queryAllowed = Set("!$&'()*+,;=:@/?".utf8)

    /// `text` with every byte percent-encoded but the unreserved characters and those in `keeping`.
    static func encode(_ text: String, keeping: Set<UInt8> = []) -> String {
        PercentEncoding.encode(text, keeping: keeping)
    }
}

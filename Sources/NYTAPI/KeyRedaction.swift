import FoundationEssentials

/// Hides the API key wherever a request URL is turned into text.
public enum KeyRedaction {
    /// The query parameter that carries the key.
    public static let parameter = "api-key"
    /// What stands in for the key's value.
    public static let placeholder = "<redacted>"

    /// `url` as text with the value of `api-key` replaced by `<redacted>`.
    public static func redacted(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let query = components.percentEncodedQuery
        else { return url.absoluteString }
        let pairs = query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            pair == parameter || pair.hasPrefix(parameter + "=") ? "\(parameter)=\(placeholder)" : String(pair)
        }
        components.percentEncodedQuery = nil
        components.fragment = nil
        return (components.string ?? "(unreadable URL)") + "?" + pairs.joined(separator: "&")
    }

    /// `text` with every occurrence of `key` (and of its percent-encoded form) replaced by `<redacted>`.
    public static func redacted(_ text: String, key: String) -> String {
        guard !key.isEmpty else { return text }
        var result = text.replacing(key, with: placeholder)
        // The form requests send (QueryEncoding), and the looser one other software writes.
        for encoded in [QueryEncoding.encode(key), QueryEncoding.encode(key, keeping: QueryEncoding.queryAllowed)] where encoded != key {
            result = result.replacing(encoded, with: placeholder)
        }
        return result
    }
}

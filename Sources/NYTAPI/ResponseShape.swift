/// How an NYT answer holds its items: where its list is, whether its envelope must say `"status": "OK"`,
/// and how large it may be. The hand-written JSON reading (`JSONArraySplitter`, `StreamingArrayDecoder`)
/// is driven by `listPath`.
public enum ResponseShape: Hashable, Sendable, CaseIterable {
    /// `{"status", "last_updated", "results": [item]}`: Top Stories, and the Times Newswire.
    case stories
    /// `{"status", "results": [item]}`: Most Popular.
    case popular
    /// `{"status", "response": {"docs": [doc], "meta" or "metadata": {"hits"}}}`: Article Search.
    case search
    /// `{"response": {"docs": [doc], "meta": {"hits"}}}` with no status: the Archive API.
    case archive

    /// The keys from the root object to the list of items. An answer without an array there is
    /// malformed (a missing list is not an empty one).
    public var listPath: [String] {
        switch self {
        case .stories, .popular: return ["results"]
        case .search, .archive: return ["response", "docs"]
        }
    }

    /// Whether the envelope must say `"status": "OK"`; without this (the Archive's, which has none), a
    /// status that is there must still say OK.
    public var requiresStatus: Bool { self != .archive }

    /// The largest body accepted, in bytes; nil for the transport's own cap (20 MB). An archive month of
    /// today is 20–30 MB.
    public var maximumBodySize: Int? { self == .archive ? 100 << 20 : nil }

    /// The most articles taken from one answer; items past it are counted as skipped.
    public var maximumArticles: Int { self == .archive ? 200_000 : 20_000 }
}

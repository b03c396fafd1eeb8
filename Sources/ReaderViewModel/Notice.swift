/// A short message for the status line about the last thing done (e.g. no browser found);
/// the next key clears it.
public struct Notice: Hashable, Sendable {
    public var text: String
    public var isError: Bool
    /// Whether it tells how feeds' refresh went (`R`): a later refresh of the feed on screen says more
    /// recent news and takes its place.
    public var isRefreshOutcome: Bool

    public init(_ text: String, isError: Bool = false, isRefreshOutcome: Bool = false) {
        self.text = text
        self.isError = isError
        self.isRefreshOutcome = isRefreshOutcome
    }
}

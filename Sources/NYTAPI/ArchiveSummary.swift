import FoundationEssentials

/// What one archive month's response held, once its articles were all handed on.
public struct ArchiveSummary: Hashable, Sendable {
    /// The month's count of articles as the NYT reports it; nil when it reports none (or a negative one).
    public var hits: Int?
    /// Documents in the response, readable or not.
    public var documentCount: Int
    /// Articles handed on (readable, dated within the month, each uri once).
    public var articleCount: Int
    /// Documents left out as unreadable, repeated or past the cap.
    public var skippedCount: Int
    /// Documents dated outside the month (in every time zone), left out.
    public var outsideCount: Int
    /// Bytes of the body.
    public var byteCount: Int
    /// The time the server gave with its answer (`Date`), when it did.
    public var serverDate: Date?

    public init(
        hits: Int?, documentCount: Int, articleCount: Int, skippedCount: Int, outsideCount: Int = 0, byteCount: Int,
        serverDate: Date? = nil
    ) {
        self.serverDate = serverDate
        self.hits = hits
        self.documentCount = documentCount
        self.articleCount = articleCount
        self.skippedCount = skippedCount
        self.outsideCount = outsideCount
        self.byteCount = byteCount
    }

    /// Documents the NYT counts for the month (`hits`) that the response did not hold: a month short of
    /// any was not received whole.
    public var missingCount: Int {
        max(0, (hits ?? 0) - documentCount)
    }
}

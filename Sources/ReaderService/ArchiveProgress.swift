/// How far the import of an archive month has come: told after each batch written.
public struct ArchiveProgress: Hashable, Sendable {
    /// Bytes of the month's response received.
    public var bytesReceived: Int
    /// Articles written so far.
    public var articlesStored: Int
    /// Of those, the ones the cache did not have.
    public var newArticles: Int
}

/// How far the import of one archive month has gone.
public struct ArchiveProgress: Hashable, Sendable {
    /// Bytes of the month's response received.
    public var bytesReceived: Int
    /// Articles read from it so far (set aside until the month is written whole: `ArticleStore.stageBatch`).
    public var articlesReceived: Int
}

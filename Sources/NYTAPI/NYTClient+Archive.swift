import FoundationEssentials
import NewsCore

// The Archive API: every article of a month, streamed.
extension NYTClient {
    /// The largest body of one archive month accepted (a month of today is 20–30 MB).
    public static let maximumArchiveBodySize = 100 << 20
    /// The most articles taken from one archive month.
    public static let maximumArchiveArticles = 200_000

    /// Every article of `month` from the Archive API, handed to `batch` a few hundred at a time as the body
    /// streams in (with the bytes read so far), so a month is never held whole; what `batch` throws stops
    /// the transfer. The docs have the Article Search shape (either generation).
    public func archive(
        _ month: ArchiveMonth, batchSize: Int = 500, batch: @escaping ([Article], Int) throws -> Void
    ) async throws(APIError) -> ArchiveSummary {
        let fetchedDate = now()
        let stream = Self.archiveStream(fetchedDate: fetchedDate, batchSize: batchSize, batch: batch)
        try await get(
            api: "archive", path: "/svc/archive/v1/\(month.year)/\(month.month).json", query: [], streamingTo: stream,
            maximumBodySize: Self.maximumArchiveBodySize
        )
        return try Self.archiveSummary(stream)
    }

    /// Decodes an archive month's body (tests), its articles handed to `batch` as a streamed one's are.
    public static func decodeArchive(
        _ body: Data, fetchedDate: Date, batchSize: Int = 500, batch: @escaping ([Article], Int) throws -> Void
    ) throws(APIError) -> ArchiveSummary {
        let stream = archiveStream(fetchedDate: fetchedDate, batchSize: batchSize, batch: batch)
        _ = try stream.decode(body, as: ArticleSearchResponse.self)
        return try archiveSummary(stream)
    }

    private static func archiveStream(
        fetchedDate: Date, batchSize: Int, batch: @escaping ([Article], Int) throws -> Void
    ) -> ArticleStream<SearchDocument> {
        ArticleStream(
            path: ["response", "docs"], maximumArticles: maximumArchiveArticles, batchSize: batchSize, sink: batch
        ) { $0.article(fetchedDate: fetchedDate) }
    }

    private static func archiveSummary(_ stream: ArticleStream<SearchDocument>) throws(APIError) -> ArchiveSummary {
        let response = try stream.finish(ArticleSearchResponse.self)
        // The Archive API's envelope has no status; one that is there must say OK.
        guard response.status.isEmpty || response.status == "OK" else { throw .apiStatus(response.status) }
        guard response.docs != nil else { throw .malformed(reason: "missing field response") }
        return ArchiveSummary(
            hits: response.hits, documentCount: stream.itemCount, articleCount: stream.takenCount,
            skippedCount: stream.skippedCount, byteCount: stream.bytesReceived
        )
    }
}

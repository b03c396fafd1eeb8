import FoundationEssentials
import NewsCore

// The Archive API: every article of a month, streamed.
extension NYTClient {
    /// Every article of `month` from the Archive API, handed to `batch` a few hundred at a time as the body
    /// streams in (with the bytes read so far), so a month is never held whole; what `batch` throws stops
    /// the transfer. The docs have the Article Search shape (either generation); a doc without a date is
    /// dated the month's first day, and docs dated outside the month are left out and counted
    /// (`ArchiveSummary.outsideCount`).
    public func archive(
        _ month: ArchiveMonth, batchSize: Int = 500, batch: @escaping ([Article], Int) throws -> Void
    ) async throws(APIError) -> ArchiveSummary {
        try await fetch(
            .archive(month), as: ArticleSearchResponse.self, undatedAs: Endpoint.firstDay(of: month), batchSize: batchSize, sink: batch
        ).archiveSummary
    }

    /// Decodes `month`'s body (tests, benchmarks), its articles handed to `batch` as a streamed one's are.
    public static func decodeArchive(
        _ body: Data, month: ArchiveMonth, batchSize: Int = 500, batch: @escaping ([Article], Int) throws -> Void
    ) throws(APIError) -> ArchiveSummary {
        try read(
            body, .archive, as: ArticleSearchResponse.self, undatedAs: Endpoint.firstDay(of: month), span: Endpoint.archive(month).span,
            batchSize: batchSize, sink: batch
        ).archiveSummary
    }
}

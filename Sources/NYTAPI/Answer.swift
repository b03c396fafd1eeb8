import FoundationEssentials
import NewsCore

/// One NYT answer read whole: its envelope, checked, and the stream its items went through (the articles
/// not handed to a sink, and the counts).
struct Answer<Envelope: ResponseEnvelope> {
    let envelope: Envelope
    let stream: ArticleStream<Envelope.Item>

    /// The answer's articles as a snapshot of `feed`.
    func snapshot(of feed: Feed, fetchedDate: Date) -> FeedSnapshot {
        FeedSnapshot(
            feed: feed, articles: stream.articles, fetchedDate: fetchedDate, skippedCount: stream.skippedCount,
            serverDate: stream.serverDate)
    }
}

extension Answer where Envelope == ArticleSearchResponse {
    /// The answer as one page of Article Search results.
    var searchPage: SearchPage {
        SearchPage(
            articles: stream.articles, documentCount: stream.itemCount, hits: envelope.hits, skippedCount: stream.skippedCount,
            serverDate: stream.serverDate)
    }

    /// The answer as an archive month whose articles were all handed on.
    var archiveSummary: ArchiveSummary {
        ArchiveSummary(
            hits: envelope.hits, documentCount: stream.itemCount, articleCount: stream.takenCount,
            skippedCount: stream.skippedCount, outsideCount: stream.outsideCount, byteCount: stream.bytesReceived,
            serverDate: stream.serverDate
        )
    }
}

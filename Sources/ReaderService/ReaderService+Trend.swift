import ArticleStore
import NewsCore

extension ReaderService {
    /// The share of archived articles matching each term of `query`, period by period (`ArticleStore.trend`).
    public nonisolated func trend(_ query: TrendQuery) throws(ServiceError) -> Trend {
        try cache { () throws(StoreError) in try store.trend(query) }
    }
}

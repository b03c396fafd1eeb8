import ArticleStore
import NewsCore

extension ReaderService {
    /// The share of archived articles matching each term of `query`, period by period (`ArticleStore.trend`).
    public nonisolated func trend(_ query: TrendQuery) async throws(ServiceError) -> Trend {
        try await reading { store throws(StoreError) in try store.trend(query) }
    }
}

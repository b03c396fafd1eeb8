import ArticleStore
import NewsCore

extension ReaderService {
    /// Whether `term` looks for anything in a trend (a term of punctuation alone does not).
    public static func charts(_ term: String) -> Bool {
        ArticleStore.isSearchable(term)
    }

    /// The share of archived articles matching each term of `query`, period by period (`ArticleStore.trend`).
    /// Its cost grows with the matches, so the periods are counted in two parts of about as many articles,
    /// side by side on the store's two reading threads (each part in a read of its own).
    public nonisolated func trend(_ query: TrendQuery) async throws(ServiceError) -> Trend {
        let months = try await archiveMonths()
        let imported = Dictionary(months.map { ($0.month, $0.articleCount) }, uniquingKeysWith: +)
        guard let (older, newer) = query.halves(imported: imported) else {
            return try await reading { store throws(StoreError) in try store.trend(query) }
        }
        async let olderTrend = trendResult(older)
        async let newerTrend = trendResult(newer)
        let (first, second) = await (olderTrend, newerTrend)
        return try first.get().appending(try second.get())
    }

    /// `ArticleStore.trend` on a reading thread, its failure kept.
    private nonisolated func trendResult(_ query: TrendQuery) async -> Result<Trend, ServiceError> {
        do {
            return .success(try await reading { store throws(StoreError) in try store.trend(query) })
        } catch {
            return .failure(error)
        }
    }
}

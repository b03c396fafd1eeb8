import Foundation
import NewsCore

/// The refreshes the store's crash test writes and checks: generation `g` of the feed lists `count`
/// articles, half of them shared with generation `g - 1` (with new titles, in another order), half new,
/// so each refresh upserts, inserts, reorders and removes.
public enum CrashRefreshPlan {
    /// The feed every generation replaces.
    public static let feed = Feed.topStories(.world)

    /// Generation `generation` of the feed, with `count` articles.
    public static func snapshot(generation: Int, count: Int) -> FeedSnapshot {
        let first = generation * count / 2
        var indices = Array(first..<(first + count))
        if generation % 2 == 1 { indices.reverse() }
        let fetched = Date(timeIntervalSince1970: 1_763_600_000 + TimeInterval(generation))
        let articles = indices.map { ArticleFactory.article($0, title: title(article: $0, generation: generation)) }
        return FeedSnapshot(feed: feed, articles: articles, fetchedDate: fetched)
    }

    /// The title article `index` has in `generation`.
    public static func title(article index: Int, generation: Int) -> String {
        "Crash article \(index), generation \(generation)"
    }

    /// The generation a title was written in.
    public static func generation(ofTitle title: String) -> Int? {
        title.split(separator: " ").last.flatMap { Int($0) }
    }
}

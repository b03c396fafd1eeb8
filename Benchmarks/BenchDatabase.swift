import ArticleStore
import Foundation
import NewsCore
import TestSupport

/// A cache database file filled with generated articles through the store's public API.
struct BenchDatabase {
    /// The feed that holds every generated article, in rank order (the reader opens it by default).
    static let feed = Feed.topStories(.home)
    /// A policy that keeps every generated article (the standard one caps unsaved articles).
    static let keepEverything = RetentionPolicy(retention: 3_650 * 86_400, maximumUnsavedArticles: 10_000_000)

    let path: String
    let articleCount: Int

    /// Creates `path` anew holding `count` generated articles in `feed`, written as one refresh.
    /// Returns the database and how long generating and writing took, in milliseconds.
    static func fill(path: String, count: Int, now: Date) throws -> (database: BenchDatabase, generate: Double, write: Double) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        var generator = ArticleGenerator(now: now)
        let (generate, articles) = Stopwatch.time { generator.articles(0..<count) }
        let snapshot = FeedSnapshot(feed: feed, articles: articles, fetchedDate: now)
        let write = try Stopwatch.time {
            let store = try ArticleStore(path: path, policy: keepEverything)
            try store.apply(snapshot, origin: .network)
        }.milliseconds
        return (BenchDatabase(path: path, articleCount: count), generate, write)
    }

    /// Bytes of the database and its WAL once no connection is open (SQLite checkpoints the WAL on the last close).
    func fileBytes() -> Int {
        ["", "-wal"].reduce(0) { total, suffix in
            let attributes = try? FileManager.default.attributesOfItem(atPath: path + suffix)
            return total + ((attributes?[.size] as? NSNumber)?.intValue ?? 0)
        }
    }
}

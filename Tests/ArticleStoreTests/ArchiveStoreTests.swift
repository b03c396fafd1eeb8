import Foundation
import NewsCore
import SQLite
import TestSupport
import Testing

@testable import ArticleStore

@Suite("Archive months in the store")
struct ArchiveStoreTests {
    static let latest = ArchiveMonth(containingDay: 21_000)
    static let march = ArchiveMonth("2024-03", latest: latest)!
    static let april = ArchiveMonth("2024-04", latest: latest)!
    static let imported = Date(timeIntervalSince1970: 1_763_600_000)

    /// Articles `indices`, published in the reverse order of their index (so arrival order is not date order).
    static func articles(_ indices: Range<Int>, prefix: String = "a") -> [Article] {
        indices.map { index in
            var article = ArticleFactory.article(index, title: "\(prefix) story \(index)")
            article.id = ArticleID("nyt://article/\(prefix)-\(index)")
            article.publishedDate = Date(timeIntervalSince1970: 1_710_000_000 - Double(index) * 60)
            return article
        }
    }

    static func importMonth(_ store: ArticleStore, _ month: ArchiveMonth, _ articles: [Article], batch: Int = 40) throws {
        try store.beginImport(of: month)
        for start in stride(from: 0, to: articles.count, by: batch) {
            try store.stageBatch(Array(articles[start..<min(articles.count, start + batch)]), of: month)
        }
        try store.completeImport(of: month, hits: articles.count, byteCount: 1_000, fetchedDate: imported, at: imported)
    }

    @Test("A month written in batches lists its articles in publication order once complete")
    func publicationOrder() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let articles = Self.articles(0..<150)
        try Self.importMonth(store, Self.march, articles)
        #expect(try store.isComplete(Self.march))
        let status = try store.status(of: .archive(Self.march))
        #expect(status.count == 150)
        let listed = try store.entries(in: .archive(Self.march), range: 0..<150).map(\.id)
        #expect(listed == articles.reversed().map(\.id))
        #expect(try store.archiveMonths().map(\.month) == [Self.march])
        #expect(try store.unreadCount(in: .archive(Self.march)) == 150)
    }

    @Test("A month imported before it ended (and a day after, in New York) is not complete: importing it again fetches the rest")
    func monthUnderWay() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let articles = Self.articles(0..<30)
        let duringMarch = Date(timeIntervalSince1970: 1_710_900_000)  // 2024-03-20
        let lastEvening = Date(timeIntervalSince1970: 1_711_951_200)  // 2024-04-01 06:00 UTC, 02:00 in New York
        let april2 = Date(timeIntervalSince1970: 1_712_016_000)  // 2024-04-02 00:00 UTC
        for (imported, whole) in [(duringMarch, false), (lastEvening, false), (april2, true)] {
            try store.beginImport(of: Self.march)
            try store.stageBatch(articles, of: Self.march)
            try store.completeImport(of: Self.march, hits: articles.count, byteCount: 1_000, fetchedDate: imported, at: imported)
            #expect(try store.isComplete(Self.march) == whole, "imported \(imported)")
            #expect(try store.archiveMonths().map { $0.isWhole(at: Date()) } == [whole])
            // Imported under a clock ahead, dated after the month: before it has ended, it is not whole.
            #expect(try store.isComplete(Self.march, at: lastEvening) == false)
            #expect(try store.archiveMonths().map { $0.isWhole(at: lastEvening) } == [false])
            #expect(try store.status(of: .archive(Self.march)).count == 30)
        }
    }

    @Test("A month cut short is not complete; imported again, no article is doubled and read and saved marks stay")
    func interrupted() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let articles = Self.articles(0..<100)
        try store.beginImport(of: Self.march)
        try store.stageBatch(Array(articles[0..<60]), of: Self.march)
        try store.keepInPart(of: Self.march, fetchedDate: Self.imported)
        #expect(try !store.isComplete(Self.march))
        #expect(try store.status(of: .archive(Self.march)).count == 60)
        try store.setRead(articles[5].id, at: Self.imported)
        try store.setSaved(articles[6].id, at: Self.imported)
        try Self.importMonth(store, Self.march, articles)
        #expect(try store.status(of: .archive(Self.march)).count == 100)
        let count = try store.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM article") }
        #expect(count == 100)
        #expect(try store.entry(for: articles[5].id)?.isRead == true)
        #expect(try store.entry(for: articles[6].id)?.isSaved == true)
    }

    @Test("Archived articles are never pruned and do not count against maximum_articles; the others still are")
    func notPruned() throws {
        let store = try ArticleStore(inMemoryWith: RetentionPolicy(retention: 86_400, maximumUnsavedArticles: 100))
        try Self.importMonth(store, Self.march, Self.articles(0..<300))
        // A refresh long after the import, of a feed that then drops its articles.
        let later = Self.imported.addingTimeInterval(10 * 86_400)
        try store.apply(
            FeedSnapshot(feed: .topStories(.world), articles: Self.articles(0..<150, prefix: "w"), fetchedDate: later), origin: .network)
        try store.apply(
            FeedSnapshot(feed: .topStories(.world), articles: Self.articles(150..<160, prefix: "w"), fetchedDate: later), origin: .network)
        #expect(try store.status(of: .archive(Self.march)).count == 300)
        let (archived, live) = try store.writer.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM article WHERE inArchive = 1") ?? 0,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM article WHERE inArchive = 0") ?? 0
            )
        }
        #expect(archived == 300)
        #expect(live == 100, "the 150 + 10 live articles were pruned to maximum_articles, the archive untouched")
    }

    @Test("Pruning reads the index of the live articles only")
    func pruneIndex() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let plan = try store.writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    EXPLAIN QUERY PLAN SELECT id FROM article INDEXED BY article_fetchedAt_live
                    WHERE fetchedAt < 5 AND inArchive = 0 AND savedAt IS NULL
                    """
            ).map { try $0["detail"] as String }
        }
        #expect(plan.contains { $0.contains("article_fetchedAt_live") }, "\(plan)")
    }

    @Test("Forgetting months keeps saved articles and those another feed lists")
    func forget() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let articles = Self.articles(0..<50)
        try Self.importMonth(store, Self.march, articles)
        try Self.importMonth(store, Self.april, Self.articles(100..<120))
        try store.setSaved(articles[0].id, at: Self.imported)
        try store.apply(FeedSnapshot(feed: .topStories(.world), articles: [articles[1]], fetchedDate: Self.imported), origin: .network)
        let removed = try store.forget([Self.march])
        #expect(removed == 48)
        #expect(try store.archiveMonths().map(\.month) == [Self.april])
        #expect(try !store.isComplete(Self.march))
        #expect(try store.entry(for: articles[0].id)?.isSaved == true)
        #expect(try store.entry(for: articles[1].id) != nil)
        let stillArchived = try store.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT inArchive FROM article WHERE nyttext(uri) = ?", arguments: [articles[1].id.rawValue])
        }
        #expect(stillArchived == 0, "no archive month lists it any more: it is pruned like the others")
    }

    @Test("An archived article keeps one paragraph, no thumbnail and no item kind; one cached before keeps its text")
    func keptText() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        var articles = Self.articles(0..<3)
        articles[0].leadParagraph = "The lead."
        articles[0].abstract = "The abstract."
        articles[0].thumbnailURL = "https://static01.nyt.com/images/a.jpg"
        articles[0].itemType = "News"
        articles[1].leadParagraph = ""
        articles[1].abstract = "Only an abstract."
        var live = articles[2]
        live.abstract = "The live abstract."
        live.leadParagraph = "The live lead."
        try store.apply(FeedSnapshot(feed: .topStories(.world), articles: [live], fetchedDate: Self.imported), origin: .network)
        articles[2].title = "An older title"
        try Self.importMonth(store, Self.march, articles)

        let first = try #require(try store.entry(for: articles[0].id)).article
        #expect(first.leadParagraph == "The lead.")
        #expect(first.abstract.isEmpty)
        #expect(first.thumbnailURL == nil)
        #expect(first.itemType.isEmpty)
        #expect(try store.entry(for: articles[1].id)?.article.leadParagraph == "Only an abstract.")
        let kept = try #require(try store.entry(for: live.id)).article
        #expect(kept.title == live.title)
        #expect(kept.abstract == "The live abstract.")
        #expect(try store.status(of: .archive(Self.march)).count == 3)
    }

    @Test(
        "Search reads the live index and each archive year's; forgetting a month leaves no stale match, even where a row id is used again")
    func yearlyIndexes() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let year2019 = try #require(ArchiveMonth("2019-05", latest: Self.latest))
        var old = Self.articles(0..<3, prefix: "old")
        for index in old.indices { old[index].title = "Zeppelin landing \(index)" }
        var recent = Self.articles(0..<2, prefix: "recent")
        for index in recent.indices { recent[index].title = "Zeppelin parade \(index)" }
        var live = Self.articles(0..<1, prefix: "live")
        live[0].title = "Zeppelin today"
        try store.apply(FeedSnapshot(feed: .topStories(.world), articles: live, fetchedDate: Self.imported), origin: .network)
        try Self.importMonth(store, year2019, old)
        // Imported last: the highest row ids, given again to the next new articles once forgotten.
        try Self.importMonth(store, Self.march, recent)
        let everyZeppelin: [Article] = old + recent + live
        let found: [ArticleID] = try store.search("zeppelin", limit: 50).map(\.entry.id)
        #expect(Set(found) == Set(everyZeppelin.map(\.id)))
        let parades: [String] = try store.search("parade", limit: 50).map(\.entry.id.rawValue).sorted()
        #expect(parades == recent.map(\.id.rawValue))
        let tables = try store.writer.read { db in try ArchiveIndex.tables(in: db) }
        #expect(tables == ["articleFTS", "archiveFTS_2024", "archiveFTS_2019"])

        try store.forget([Self.march])
        #expect(try store.search("parade", limit: 50).isEmpty)
        // The freed row ids are given to new articles: the old words must not find them.
        var newer = Self.articles(10..<12, prefix: "newer")
        for index in newer.indices { newer[index].title = "Quiet harbour \(index)" }
        try store.apply(FeedSnapshot(feed: .topStories(.home), articles: newer, fetchedDate: Self.imported), origin: .network)
        #expect(try store.search("parade", limit: 50).isEmpty)
        #expect(try store.search("harbour", limit: 50).count == 2)
    }

    @Test("Before 2000 a decade shares an index; searches, trends and a period's matches read it as they read a year's")
    func decadeIndexes() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let months = ["1983-02", "1989-11", "1851-01", "2001-06"].map { ArchiveMonth($0, latest: Self.latest)! }
        for (position, month) in months.enumerated() {
            var articles = Self.articles(0..<(10 + position), prefix: month.description)
            for index in articles.indices where index % 2 == 0 { articles[index].title = "Zeppelin sighted \(index)" }
            try Self.importMonth(store, month, articles)
        }
        let tables = try store.writer.read { db in try ArchiveIndex.tables(in: db) }
        #expect(tables == ["articleFTS", "archiveFTS_2001", "archiveFTS_1980", "archiveFTS_1850"])
        #expect(try store.search("zeppelin", limit: 100).count == 5 + 6 + 6 + 7)
        let trend = try store.trend(TrendQuery(terms: ["zeppelin"], interval: .month, first: months[0], last: months[1]))
        let counted = zip(trend.periods, trend.series[0].matches).filter { $0.1 != nil }.map { "\($0.0) \($0.1!)" }
        #expect(counted == ["1983-02 5", "1989-11 6"], "each month of a decade's index counts its own")
        let eighties = Feed.archiveMatches(ArchiveMatches(term: "zeppelin", period: TrendPeriod(year: 1989)))
        #expect(try store.entries(in: eighties, range: 0..<50).allSatisfy { $0.id.rawValue.hasPrefix("nyt://article/1989-11-") })
        try store.forget([months[0]])
        #expect(try store.search("zeppelin", limit: 100).count == 6 + 6 + 7, "forgetting a month takes its articles out of the decade")
    }

    @Test("A new cache gives the pages of forgotten months back to the disk; an older cache keeps them free for later writes")
    func forgettingShrinksTheFile() throws {
        let directory = try TemporaryDirectory()
        let store = try ArticleStore(path: directory.path("cache.sqlite"))
        #expect(try store.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") } == 2, "incremental")
        try Self.importMonth(store, Self.april, Self.articles(0..<50, prefix: "april"))
        let withoutMarch = try store.fileSize()
        try Self.importMonth(store, Self.march, Self.articles(0..<3_000, prefix: "march"), batch: 500)
        let full = try store.fileSize()
        #expect(try store.forget([Self.march]) == 3_000)
        let after = try store.fileSize()
        // Most of the pages March took are given back.
        #expect(after < withoutMarch + (full - withoutMarch) / 4, "\(after) of \(full) bytes, \(withoutMarch) before March")
        #expect(try store.freeSize() == 0)
        #expect(try store.archiveMonths().map(\.month) == [Self.april])

        // A cache made before (auto_vacuum = NONE) cannot give pages back without a VACUUM: they stay free inside.
        let kept = try ArticleStore(path: directory.path("older.sqlite"))
        try kept.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA auto_vacuum = NONE; VACUUM") }
        #expect(try kept.writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") } == 0)
        try Self.importMonth(kept, Self.march, Self.articles(0..<3_000, prefix: "march"), batch: 500)
        let before = try kept.fileSize()
        try kept.forget([Self.march])
        #expect(try kept.fileSize() == before)
        #expect(try kept.freeSize() > before / 2)
    }

    @Test("A search over many years' indexes finds in a file cache (two reading connections) what it finds in memory (one)")
    func searchOnTwoConnections() throws {
        let directory = try TemporaryDirectory()
        let file = try ArticleStore(path: directory.path("cache.sqlite"))
        let memory = try ArticleStore(inMemoryWith: .standard)
        for year in 2003...2012 {
            let month = ArchiveMonth("\(year)-05", latest: Self.latest)!
            var articles = Self.articles(0..<30, prefix: month.description)
            for index in articles.indices where (index + year) % 3 == 0 { articles[index].title = "Zeppelin over the harbour \(index)" }
            for index in articles.indices where (index + year) % 7 == 0 { articles[index].leadParagraph = "A zeppelin, seen again" }
            try Self.importMonth(file, month, articles)
            try Self.importMonth(memory, month, articles)
        }
        for query in ["zeppelin", "zeppelin harbour", "zepp", "seen zeppelin"] {
            for limit in [1, 20, 500] {
                let onFile = try file.search(query, limit: limit).map(\.entry.id)
                #expect(onFile == (try memory.search(query, limit: limit).map(\.entry.id)), "\(query), \(limit)")
                #expect(!onFile.isEmpty, "\(query)")
            }
        }
    }

    @Test("Forgetting the last month of a year's index empties the index; one that still holds a month keeps it")
    func forgetEmptiesIndex() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let alone = ArchiveMonth("2019-05", latest: Self.latest)!
        let shared = ["2018-03", "2018-04"].map { ArchiveMonth($0, latest: Self.latest)! }
        var articles = Self.articles(0..<300, prefix: alone.description)
        for index in articles.indices { articles[index].title = "Zeppelin harbour \(index)" }
        try Self.importMonth(store, alone, articles)
        for month in shared {
            var articles = Self.articles(0..<200, prefix: month.description)
            for index in articles.indices { articles[index].title = "Lighthouse keeper \(index)" }
            try Self.importMonth(store, month, articles)
        }
        func records(_ table: String) throws -> Int {
            try store.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)_data") ?? 0 }
        }
        let full2018 = try records("archiveFTS_2018")
        try store.forget([alone, shared[0]])
        // An empty FTS5 index holds its structure and averages records only.
        #expect(try records("archiveFTS_2019") <= 2)
        #expect(try records("archiveFTS_2018") >= full2018, "the year still holding a month keeps its index")
        #expect(try store.search("zeppelin", limit: 10).isEmpty)
        #expect(try store.search("lighthouse", limit: 500).count == 200)
        var again = Self.articles(0..<5, prefix: "again")
        for index in again.indices { again[index].title = "Zeppelin again \(index)" }
        try Self.importMonth(store, alone, again)
        #expect(try store.search("zeppelin", limit: 10).count == 5, "an emptied index takes a month again")
    }

    @Test("A live refresh that changes an archived article's text keeps its year's index right")
    func archivedArticleChanged() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        var articles = Self.articles(0..<2)
        articles[0].title = "Original headline"
        try Self.importMonth(store, Self.march, articles)
        var changed = articles[0]
        changed.title = "Corrected headline"
        changed.updatedDate = Self.imported.addingTimeInterval(60)
        try store.apply(FeedSnapshot(feed: .topStories(.world), articles: [changed], fetchedDate: Self.imported), origin: .network)
        #expect(try store.search("corrected", limit: 10).map(\.entry.id) == [changed.id])
        #expect(try store.search("original", limit: 10).isEmpty)
        try store.forget([Self.march])
        #expect(try store.search("corrected", limit: 10).map(\.entry.id) == [changed.id], "still listed by World")
    }

    @Test("Importing a complete month again keeps it complete until the new import completes")
    func forcedImportCutShort() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let articles = Self.articles(0..<60)
        try Self.importMonth(store, Self.march, articles)
        try store.beginImport(of: Self.march)
        try store.stageBatch(Array(articles[0..<10]) + Self.articles(100..<105), of: Self.march)
        // The forced import fails here (rate limited, offline): the month stays as it was.
        try store.keepInPart(of: Self.march, fetchedDate: Self.imported)
        #expect(try store.isComplete(Self.march))
        #expect(try store.status(of: .archive(Self.march)).count == 60)
        #expect(try store.entries(in: .archive(Self.march), range: 0..<100).map(\.id) == articles.reversed().map(\.id))
        try store.beginImport(of: Self.march)
        try store.stageBatch(Array(articles[0..<10]) + Self.articles(100..<105), of: Self.march)
        try store.completeImport(of: Self.march, hits: 15, byteCount: 1, fetchedDate: Self.imported, at: Self.imported)
        let listed = try store.entries(in: .archive(Self.march), range: 0..<100)
        #expect(listed.count == 15, "once complete, the month lists what the new import listed")
        #expect(Set(listed.map(\.id)) == Set((Array(articles[0..<10]) + Self.articles(100..<105)).map(\.id)))
    }

    @Test(
        "A month whose import has not completed is listed in part with what it kept; stopped, an import changes nothing; complete, it is not in part"
    )
    func monthsInPart() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try Self.importMonth(store, Self.march, Self.articles(0..<5))
        try store.beginImport(of: Self.april)
        try store.stageBatch(Self.articles(10..<17), of: Self.april)
        #expect(try store.archiveMonthsInPart().isEmpty, "set aside, not written")
        try store.keepInPart(of: Self.april, fetchedDate: Self.imported)
        let inPart = try store.archiveMonthsInPart()
        #expect(inPart.map(\.feed) == [.archive(Self.april)])
        #expect(inPart.map(\.count) == [7])
        #expect(inPart.allSatisfy { $0.lastRefreshedDate == nil })
        // Stopped: what it set aside is forgotten, and the month holds what it held.
        try store.beginImport(of: Self.april)
        try store.stageBatch(Self.articles(20..<23), of: Self.april)
        store.discardStaged(of: Self.april)
        #expect(try store.archiveMonthsInPart().map(\.count) == [7])
        // Failed again: what it kept is added to what the month held.
        try store.beginImport(of: Self.april)
        try store.stageBatch(Self.articles(15..<19), of: Self.april)
        try store.keepInPart(of: Self.april, fetchedDate: Self.imported)
        #expect(try store.archiveMonthsInPart().map(\.count) == [9])
        try store.beginImport(of: Self.april)
        try store.stageBatch(Self.articles(10..<17), of: Self.april)
        try store.completeImport(of: Self.april, hits: 7, byteCount: 1, fetchedDate: Self.imported, at: Self.imported)
        #expect(try store.archiveMonthsInPart().isEmpty)
        #expect(try store.status(of: .archive(Self.april)).count == 7, "complete, it lists what the NYT lists")
        let articles = try store.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM article") }
        #expect(articles == 12, "the two it no longer lists are gone from the cache")
    }

    @Test("A month's new articles take consecutive ids in publication order, whatever order they arrived in")
    func idsInPublicationOrder() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try store.apply(
            FeedSnapshot(feed: .topStories(.home), articles: Self.articles(200..<203), fetchedDate: Self.imported), origin: .network)
        // Arrival order: every third article, then the others; published in the reverse of their index.
        let articles = Self.articles(0..<90)
        let arrival = stride(from: 0, to: 90, by: 3).map { articles[$0] } + articles.indices.filter { $0 % 3 != 0 }.map { articles[$0] }
        try Self.importMonth(store, Self.march, arrival, batch: 25)
        let ids = try store.writer.read { db in
            try Int64.fetchAll(
                db,
                sql: """
                    SELECT a.id FROM feedItem fi JOIN feed f ON f.id = fi.feedId JOIN article a ON a.id = fi.articleId
                    WHERE f.key = ? ORDER BY fi.rank
                    """, arguments: [Feed.archive(Self.march).key])
        }
        #expect(ids.count == 90)
        #expect(ids == Array(ids[0]..<ids[0] + 90), "listed in the order of their ids, one after another")
        #expect(try store.entries(in: .archive(Self.march), range: 0..<90).map(\.id) == articles.reversed().map(\.id))
    }

    @Test("A month imported again takes the NYT's new text of what an import wrote; an article a live feed cached keeps its fuller text")
    func importedAgainTakesNewText() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        var articles = Self.articles(0..<3)
        var live = articles[2]
        live.abstract = "The live abstract."
        try store.apply(FeedSnapshot(feed: .topStories(.world), articles: [live], fetchedDate: Self.imported), origin: .network)
        try Self.importMonth(store, Self.march, articles)
        try store.setRead(articles[0].id, at: Self.imported)
        for index in articles.indices {
            articles[index].title = "Corrected zzzword \(index)"
            articles[index].leadParagraph = "A corrected lead."
        }
        try Self.importMonth(store, Self.march, articles)

        let corrected = try #require(try store.entry(for: articles[0].id))
        #expect(corrected.article.title == "Corrected zzzword 0")
        #expect(corrected.article.leadParagraph == "A corrected lead.")
        #expect(corrected.isRead, "the read mark stays")
        #expect(try store.entry(for: live.id)?.article.abstract == "The live abstract.")
        #expect(Set(try store.search("zzzword", limit: 10).map(\.entry.article.id)) == [articles[0].id, articles[1].id])
        let trend = try store.trend(TrendQuery(terms: ["zzzword"], interval: .year, latest: Self.latest))
        #expect(trend.series[0].matches == [2], "the article a live feed cached keeps its own text")
    }

    @Test("A month's trend counts the same whatever the cache held before: a live article's abstract beside its lead is not counted")
    func trendIgnoresCachedAbstract() throws {
        var articles = Self.articles(0..<4)
        for index in articles.indices {
            articles[index].leadParagraph = "A plain lead."
            articles[index].abstract = index == 0 ? "The zebraword summary." : ""
        }
        let fresh = try ArticleStore(inMemoryWith: .standard)
        try Self.importMonth(fresh, Self.march, articles)
        let cachedBefore = try ArticleStore(inMemoryWith: .standard)
        try cachedBefore.apply(
            FeedSnapshot(feed: .topStories(.world), articles: [articles[0]], fetchedDate: Self.imported), origin: .network)
        try Self.importMonth(cachedBefore, Self.march, articles)
        #expect(try cachedBefore.entry(for: articles[0].id)?.article.abstract == "The zebraword summary.", "the live text is kept")
        for store in [fresh, cachedBefore] {
            let trend = try store.trend(TrendQuery(terms: ["zebraword", "plain lead"], interval: .year, latest: Self.latest))
            #expect(trend.series.map(\.matches) == [[0], [4]])
        }
    }

    @Test("A month's trend counts the same whatever the cache held before: a live article whose lead is its abstract is counted by it")
    func trendCountsLiveAbstractAsLead() throws {
        var articles = Self.articles(0..<4)
        for index in articles.indices {
            articles[index].abstract = index == 0 ? "The zebraword summary." : "A plain lead."
            articles[index].leadParagraph = articles[index].abstract
        }
        var topStory = articles[0]
        topStory.thumbnailURL = "https://static01.nyt.com/images/2024/03/01/a/a-thumbStandard.jpg"
        let fresh = try ArticleStore(inMemoryWith: .standard)
        try Self.importMonth(fresh, Self.march, articles)
        let cachedBefore = try ArticleStore(inMemoryWith: .standard)
        try cachedBefore.apply(
            FeedSnapshot(feed: .topStories(.world), articles: [topStory], fetchedDate: Self.imported), origin: .network)
        try Self.importMonth(cachedBefore, Self.march, articles)
        #expect(try cachedBefore.entry(for: articles[0].id)?.article.thumbnailURL != nil, "the live text is kept")
        for store in [fresh, cachedBefore] {
            let trend = try store.trend(
                TrendQuery(
                    terms: ["zebraword", "plain lead", "summary zebraword", "story zebraword"], interval: .year, latest: Self.latest))
            #expect(trend.series.map(\.matches) == [[1], [3], [1], [1]], "a term's words in the headline and the paragraph")
            let feed = Feed.archiveMatches(ArchiveMatches(term: "zebraword", period: TrendPeriod(Self.march)))
            #expect(try store.entries(in: feed, range: 0..<10).map(\.article.id) == [articles[0].id])
        }
    }

    @Test("An archived article a search answer gives a new abstract keeps the paragraph the archive's trend counts; / finds the abstract")
    func archivedArticleUpdatedBySearch() throws {
        let articles = Self.articles(0..<3)
        let store = try ArticleStore(inMemoryWith: .standard)
        try Self.importMonth(store, Self.march, articles)
        var found = articles[1]
        found.abstract = "The quokkaword story."
        found.leadParagraph = found.abstract
        let changes = try store.apply(
            FeedSnapshot(feed: .search(SearchQuery(text: "quokkaword")), articles: [found], fetchedDate: Self.imported), origin: .network)
        #expect(changes.updated == 1)
        let entry = try #require(try store.entry(for: found.id))
        #expect(entry.article.abstract == "The quokkaword story.")
        #expect(entry.article.leadParagraph == articles[1].leadParagraph)
        let trend = try store.trend(TrendQuery(terms: ["quokkaword", "lead paragraph"], interval: .year, latest: Self.latest))
        #expect(trend.series.map(\.matches) == [[0], [3]])
        #expect(try store.search("quokkaword", limit: 5).map(\.entry.id) == [found.id])
    }

    @Test("An archived article's paragraph stays when a live feed without leads (Top Stories) sends it again: its month counts the same")
    func archivedParagraphKept() throws {
        var articles = Self.articles(0..<3)
        for index in articles.indices { articles[index].abstract = "" }
        articles[1].leadParagraph = "The quagga paragraph."
        let store = try ArticleStore(inMemoryWith: .standard)
        try Self.importMonth(store, Self.march, articles)
        var topStory = articles[1]
        topStory.abstract = "A summary without the word."
        topStory.leadParagraph = topStory.abstract
        topStory.updatedDate = Self.imported
        try store.apply(FeedSnapshot(feed: .topStories(.world), articles: [topStory], fetchedDate: Self.imported), origin: .network)
        let entry = try #require(try store.entry(for: topStory.id))
        #expect(entry.article.abstract == "A summary without the word.")
        #expect(entry.article.leadParagraph == "The quagga paragraph.")
        let trend = try store.trend(TrendQuery(terms: ["quagga"], interval: .year, latest: Self.latest))
        #expect(trend.series[0].matches == [1])
    }

    @Test(
        "An article a live feed cached first is counted by its month's paragraph, as where the archive alone holds it; --force takes a corrected one"
    )
    func liveFirstCountedByMonthsParagraph() throws {
        var articles = Self.articles(0..<3)
        articles[0].abstract = "Negotiators met."
        articles[0].leadParagraph = "Diplomats spoke of zebras."
        var topStory = articles[0]
        topStory.leadParagraph = topStory.abstract
        topStory.thumbnailURL = "https://static01.nyt.com/images/2024/03/01/a/a-thumbStandard.jpg"
        topStory.updatedDate = Self.imported
        let archiveOnly = try ArticleStore(inMemoryWith: .standard)
        let liveFirst = try ArticleStore(inMemoryWith: .standard)
        try liveFirst.apply(FeedSnapshot(feed: .topStories(.world), articles: [topStory], fetchedDate: Self.imported), origin: .network)
        for store in [archiveOnly, liveFirst] { try Self.importMonth(store, Self.march, articles) }
        let terms = ["zebras", "negotiators", "giraffes"]
        for store in [archiveOnly, liveFirst] {
            #expect(
                try store.trend(TrendQuery(terms: terms, interval: .year, latest: Self.latest)).series.map(\.matches) == [[1], [0], [0]])
        }
        #expect(try liveFirst.entry(for: topStory.id)?.article.thumbnailURL == topStory.thumbnailURL, "the live text is kept")
        articles[0].leadParagraph = "Diplomats spoke of giraffes."
        for store in [archiveOnly, liveFirst] {
            try Self.importMonth(store, Self.march, articles)
            #expect(
                try store.trend(TrendQuery(terms: terms, interval: .year, latest: Self.latest)).series.map(\.matches) == [[0], [0], [1]])
            #expect(try store.search("giraffes", limit: 5).map(\.entry.id) == [topStory.id])
        }
    }

    @Test("A month imported again lists what the NYT lists now: the others go, unless saved or listed by another feed")
    func importedAgainDropsUnlisted() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let articles = Self.articles(0..<20)
        try Self.importMonth(store, Self.march, articles)
        try store.setSaved(articles[15].id, at: Self.imported)
        try store.apply(FeedSnapshot(feed: .topStories(.world), articles: [articles[16]], fetchedDate: Self.imported), origin: .network)
        try Self.importMonth(store, Self.march, Array(articles[0..<10]))

        #expect(try store.status(of: .archive(Self.march)).count == 10)
        #expect(try store.archiveMonths().first?.articleCount == 10)
        #expect(try store.entry(for: articles[12].id) == nil, "an article no longer listed went")
        #expect(try store.entry(for: articles[15].id) != nil, "a saved one stays")
        #expect(try store.entry(for: articles[16].id) != nil, "one a live feed lists stays")
        #expect(try store.search("story", limit: 50).count == 12)
        let trend = try store.trend(TrendQuery(terms: ["story"], interval: .year, latest: Self.latest))
        #expect(trend.series[0].matches == [10])
        #expect(trend.coverage.map(\.articleCount) == [10])
    }
}

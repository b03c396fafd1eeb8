import SQLite

/// The cache's schema as an append-only list of migrations. A shipped migration is never edited:
/// every change is a new one, so a database made by any earlier version opens in this one.
enum Schema {
    /// Every migration, oldest first, by the identifier recorded in `grdb_migrations` once it has run.
    static let migrations: [(identifier: String, migrate: @Sendable (Database) throws -> Void)] = [
        ("v1", createVersion1),
        ("v2-rateLimit", addRateLimits),
        ("v3-feedCounts-cjkSearch", addFeedCountsAndCJKSearch),
        ("v4-feedItem-keyFirst", reorderFeedItemColumns),
        ("v5-fts-written-per-refresh", dropFullTextWriteTriggers),
        ("v6-article-url", indexArticleURLs),
        ("v7-search-pages-requestCount", addSearchPagesAndRequestCounts),
        ("v8-archive", addArchive),
        ("v9-archiveSpan", addArchiveSpans),
        ("v10-lastRequest", addLastRequests),
        ("v11-article-photo", addArticlePhotos),
        ("v12-fts-nytfold", foldUndecomposedLetters),
        ("v13-article-urlTail", indexURLTails),
        ("v14-articleFTS-detail-column", keepColumnsOnlyInLiveIndex),
        ("v15-packed-text", unpackTextTakenOutOfIndexes),
        ("v16-article-urlKey", indexURLKeys),
        ("v17-archiveWord", addArchiveWords),
        ("v18-archiveWordSet", addArchiveWordSets),
    ]

    /// The identifiers of every migration, oldest first.
    static var identifiers: [String] { migrations.map(\.identifier) }

    /// What `migrations` build, in one script: a new cache is made from it (a third of the work: the
    /// migrations' `ALTER TABLE`s make SQLite read the whole schema again each time). Each statement is
    /// the text SQLite keeps for the object the migrations leave; `SchemaMigrationTests` checks that both
    /// give the same objects, so a new migration fails the tests until this script has its change too.
    static let current = """
        CREATE TABLE article (
            id INTEGER PRIMARY KEY,
            uri TEXT NOT NULL UNIQUE,
            url TEXT NOT NULL,
            title TEXT NOT NULL,
            kicker TEXT NOT NULL,
            byline TEXT NOT NULL,
            abstract TEXT NOT NULL,
            leadParagraph TEXT NOT NULL,
            section TEXT NOT NULL,
            subsection TEXT NOT NULL,
            itemType TEXT NOT NULL,
            publishedAt INTEGER NOT NULL,
            updatedAt INTEGER,
            thumbnailURL TEXT,
            fetchedAt INTEGER NOT NULL,
            readAt INTEGER,
            savedAt INTEGER
        , inArchive INTEGER NOT NULL DEFAULT 0, ftsPartition INTEGER NOT NULL DEFAULT 0, photo TEXT);
        CREATE INDEX article_savedAt ON article(savedAt) WHERE savedAt IS NOT NULL;
        CREATE INDEX article_fetchedAt_live ON article(fetchedAt) WHERE inArchive = 0;

        CREATE TABLE feed (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,
            key TEXT NOT NULL UNIQUE,
            origin TEXT,
            lastRefreshedAt INTEGER,
            lastError TEXT
        , articleCount INTEGER NOT NULL DEFAULT 0, unreadCount INTEGER NOT NULL DEFAULT 0, totalHits INTEGER, pageCount INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE "feedItem" (
            feedId INTEGER NOT NULL REFERENCES feed(id) ON DELETE CASCADE,
            rank INTEGER NOT NULL,
            articleId INTEGER NOT NULL REFERENCES article(id) ON DELETE CASCADE,
            PRIMARY KEY (feedId, rank)
        ) WITHOUT ROWID;
        CREATE INDEX feedItem_articleId ON feedItem(articleId);

        CREATE VIRTUAL TABLE articleFTS USING fts5(
            title, abstract, leadParagraph, byline,
            content='article', content_rowid='id',
            tokenize='nytfold unicode61 remove_diacritics 2',
            detail=column
        );
        CREATE TRIGGER article_fts_delete AFTER DELETE ON article WHEN old.ftsPartition = 0 BEGIN
            INSERT INTO articleFTS(articleFTS, rowid, title, abstract, leadParagraph, byline)
            VALUES ('delete', old.id, nyttext(old.title), nyttext(old.abstract), nyttext(old.leadParagraph), nyttext(old.byline));
        END;
        CREATE INDEX article_urlKey ON article(nytkey(nyttext(url)));
        CREATE VIRTUAL TABLE articleCJK USING fts5(bigrams, tokenize='unicode61');
        CREATE TRIGGER article_cjk_delete AFTER DELETE ON article BEGIN
            DELETE FROM articleCJK WHERE rowid = old.id;
        END;

        CREATE TABLE rateLimit (
            api TEXT PRIMARY KEY,
            blockedUntil REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE requestCount (
            api TEXT NOT NULL,
            day TEXT NOT NULL,
            count INTEGER NOT NULL,
            PRIMARY KEY (api, day)
        ) WITHOUT ROWID;
        CREATE TABLE archiveMonth (
            month TEXT PRIMARY KEY,
            hits INTEGER,
            articleCount INTEGER NOT NULL,
            byteCount INTEGER NOT NULL,
            completedAt INTEGER NOT NULL
        ) WITHOUT ROWID;
        \(ArchiveSpans.schema)
        CREATE TABLE lastRequest (
            api TEXT PRIMARY KEY,
            requestedAt REAL NOT NULL,
            endedAt REAL
        ) WITHOUT ROWID;
        \(ArchiveWords.schema)
        \(ArchiveWordSets.schema)
        """

    /// The first released schema: articles keyed by `uri`, feeds, ranked membership and full-text search.
    private static func createVersion1(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE article (
                    id INTEGER PRIMARY KEY,
                    uri TEXT NOT NULL UNIQUE,
                    url TEXT NOT NULL,
                    title TEXT NOT NULL,
                    kicker TEXT NOT NULL,
                    byline TEXT NOT NULL,
                    abstract TEXT NOT NULL,
                    leadParagraph TEXT NOT NULL,
                    section TEXT NOT NULL,
                    subsection TEXT NOT NULL,
                    itemType TEXT NOT NULL,
                    publishedAt INTEGER NOT NULL,
                    updatedAt INTEGER,
                    thumbnailURL TEXT,
                    fetchedAt INTEGER NOT NULL,
                    readAt INTEGER,
                    savedAt INTEGER
                );
                CREATE INDEX article_fetchedAt ON article(fetchedAt);
                CREATE INDEX article_savedAt ON article(savedAt) WHERE savedAt IS NOT NULL;

                CREATE TABLE feed (
                    id INTEGER PRIMARY KEY,
                    kind TEXT NOT NULL,
                    key TEXT NOT NULL UNIQUE,
                    origin TEXT,
                    lastRefreshedAt INTEGER,
                    lastError TEXT
                );

                CREATE TABLE feedItem (
                    feedId INTEGER NOT NULL REFERENCES feed(id) ON DELETE CASCADE,
                    articleId INTEGER NOT NULL REFERENCES article(id) ON DELETE CASCADE,
                    rank INTEGER NOT NULL,
                    PRIMARY KEY (feedId, rank)
                ) WITHOUT ROWID;
                CREATE INDEX feedItem_articleId ON feedItem(articleId);

                CREATE VIRTUAL TABLE articleFTS USING fts5(
                    title, abstract, leadParagraph, byline,
                    content='article', content_rowid='id',
                    tokenize='unicode61 remove_diacritics 2'
                );
                CREATE TRIGGER article_fts_insert AFTER INSERT ON article BEGIN
                    INSERT INTO articleFTS(rowid, title, abstract, leadParagraph, byline)
                    VALUES (new.id, new.title, new.abstract, new.leadParagraph, new.byline);
                END;
                CREATE TRIGGER article_fts_delete AFTER DELETE ON article BEGIN
                    INSERT INTO articleFTS(articleFTS, rowid, title, abstract, leadParagraph, byline)
                    VALUES ('delete', old.id, old.title, old.abstract, old.leadParagraph, old.byline);
                END;
                CREATE TRIGGER article_fts_update AFTER UPDATE OF title, abstract, leadParagraph, byline ON article
                WHEN old.title IS NOT new.title OR old.abstract IS NOT new.abstract
                  OR old.leadParagraph IS NOT new.leadParagraph OR old.byline IS NOT new.byline
                BEGIN
                    INSERT INTO articleFTS(articleFTS, rowid, title, abstract, leadParagraph, byline)
                    VALUES ('delete', old.id, old.title, old.abstract, old.leadParagraph, old.byline);
                    INSERT INTO articleFTS(rowid, title, abstract, leadParagraph, byline)
                    VALUES (new.id, new.title, new.abstract, new.leadParagraph, new.byline);
                END;
                """)
    }

    /// Until when each NYT API refuses requests (after a 429), so a later run does not call it too soon.
    private static func addRateLimits(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE rateLimit (
                    api TEXT PRIMARY KEY,
                    blockedUntil REAL NOT NULL
                ) WITHOUT ROWID;
                """)
    }

    /// Per-feed article and unread counts kept by the writer (so the status line never counts a whole feed),
    /// and a bigram index of CJK text, which `unicode61` cannot split into words.
    private static func addFeedCountsAndCJKSearch(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE feed ADD COLUMN articleCount INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE feed ADD COLUMN unreadCount INTEGER NOT NULL DEFAULT 0;
                UPDATE feed SET
                    articleCount = (SELECT COUNT(*) FROM feedItem WHERE feedId = feed.id),
                    unreadCount = (SELECT COUNT(*) FROM feedItem JOIN article ON article.id = feedItem.articleId
                                   WHERE feedItem.feedId = feed.id AND article.readAt IS NULL);

                CREATE VIRTUAL TABLE articleCJK USING fts5(bigrams, tokenize='unicode61');
                CREATE TRIGGER article_cjk_delete AFTER DELETE ON article BEGIN
                    DELETE FROM articleCJK WHERE rowid = old.id;
                END;
                """)
        let rows = try Row.fetchCursor(db, sql: "SELECT id, title, abstract, leadParagraph, byline FROM article")
        while let row = try rows.next() {
            let text = try CJKText.indexText(of: [row[1], row[2], row[3], row[4]])
            if !text.isEmpty {
                try db.execute(sql: "INSERT INTO articleCJK (rowid, bigrams) VALUES (?, ?)", arguments: [row[0], text])
            }
        }
    }

    /// `feedItem` with its key columns declared first. SQLite 3.40–3.41 `PRAGMA integrity_check` wrongly
    /// reports "NULL value in feedItem.articleId" for a WITHOUT ROWID table whose primary key is declared in
    /// another order than its columns; the crash test relies on that check.
    private static func reorderFeedItemColumns(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE feedItemKeyFirst (
                    feedId INTEGER NOT NULL REFERENCES feed(id) ON DELETE CASCADE,
                    rank INTEGER NOT NULL,
                    articleId INTEGER NOT NULL REFERENCES article(id) ON DELETE CASCADE,
                    PRIMARY KEY (feedId, rank)
                ) WITHOUT ROWID;
                INSERT INTO feedItemKeyFirst (feedId, rank, articleId) SELECT feedId, rank, articleId FROM feedItem;
                DROP TABLE feedItem;
                ALTER TABLE feedItemKeyFirst RENAME TO feedItem;
                CREATE INDEX feedItem_articleId ON feedItem(articleId);
                """)
    }

    /// The refresh writes `articleFTS` itself, one statement for all new rows: FTS5 flushes its pending
    /// terms at every statement that writes it, so a trigger per inserted row cost most of a refresh.
    /// Deletions keep their trigger (a prune deletes many rows in one statement).
    private static func dropFullTextWriteTriggers(_ db: Database) throws {
        try db.execute(
            sql: """
                DROP TRIGGER article_fts_insert;
                DROP TRIGGER article_fts_update;
                """)
    }

    /// Articles found by their web address (`nytreader show URL`).
    private static func indexArticleURLs(_ db: Database) throws {
        try db.execute(sql: "CREATE INDEX article_url ON article(url)")
    }

    /// A search feed's count of matches at the NYT and the pages of them cached (the reader asks for more
    /// as the list reaches its end), and the requests made to each NYT API each day (it allows 500).
    private static func addSearchPagesAndRequestCounts(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE feed ADD COLUMN totalHits INTEGER;
                ALTER TABLE feed ADD COLUMN pageCount INTEGER NOT NULL DEFAULT 0;
                CREATE TABLE requestCount (
                    api TEXT NOT NULL,
                    day TEXT NOT NULL,
                    count INTEGER NOT NULL,
                    PRIMARY KEY (api, day)
                ) WITHOUT ROWID;
                """)
    }

    /// Months imported from the Archive API, complete only once their record is written, and a mark on
    /// the articles an archive month lists: they are never pruned, and the pruning of the others reads an
    /// index that leaves them out (a million archived articles cost a refresh nothing). Archived articles
    /// are indexed for search by year (`ArchiveIndex`): `ftsPartition` names the index of each article.
    private static func addArchive(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE archiveMonth (
                    month TEXT PRIMARY KEY,
                    hits INTEGER,
                    articleCount INTEGER NOT NULL,
                    byteCount INTEGER NOT NULL,
                    completedAt INTEGER NOT NULL
                ) WITHOUT ROWID;
                ALTER TABLE article ADD COLUMN inArchive INTEGER NOT NULL DEFAULT 0;
                DROP INDEX article_fetchedAt;
                CREATE INDEX article_fetchedAt_live ON article(fetchedAt) WHERE inArchive = 0;

                ALTER TABLE article ADD COLUMN ftsPartition INTEGER NOT NULL DEFAULT 0;
                DROP TRIGGER article_fts_delete;
                CREATE TRIGGER article_fts_delete AFTER DELETE ON article WHEN old.ftsPartition = 0 BEGIN
                    INSERT INTO articleFTS(articleFTS, rowid, title, abstract, leadParagraph, byline)
                    VALUES ('delete', old.id, old.title, old.abstract, old.leadParagraph, old.byline);
                END;
                """)
    }

    /// Where each archive month's articles sit in the full-text indexes (`ArchiveSpans`), for trends
    /// counted without reading article rows; the months imported before get theirs now.
    private static func addArchiveSpans(_ db: Database) throws {
        try db.execute(sql: ArchiveSpans.schema)
        try db.execute(sql: ArchiveSpans.fill)
    }

    /// When each NYT API was last asked by any process using the cache (or is next due to be), and when
    /// its last request ended: every process spaces its requests to one API after them, so two runs in a
    /// row keep to the NYT's rate limit.
    private static func addLastRequests(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE lastRequest (
                    api TEXT PRIMARY KEY,
                    requestedAt REAL NOT NULL,
                    endedAt REAL
                ) WITHOUT ROWID;
                """)
    }

    /// Each article's lead photo (`PhotoColumn`): its crops, caption and credit; NULL without one.
    private static func addArticlePhotos(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE article ADD COLUMN photo TEXT")
    }

    /// Every full-text index made again with the `nytfold` tokenizer, which also folds the letters that do
    /// not decompose (`Løvaas` found from `lovaas`).
    private static func foldUndecomposedLetters(_ db: Database) throws {
        for partition in try [0] + ArchiveIndex.partitions(in: db) {
            try ArchiveIndex.rebuild(partition, tokenizer: "nytfold unicode61 remove_diacritics 2", in: db)
        }
    }

    /// Articles found by the end of their web address (`ReadQueries.byURL`) instead of the whole of it: an
    /// index a third the size (docs/performance.md).
    private static func indexURLTails(_ db: Database) throws {
        try db.execute(
            sql: """
                DROP INDEX article_url;
                CREATE INDEX article_urlTail ON article(substr(url, -24));
                """)
    }

    /// `articleFTS` made again keeping which columns hold each word but not where (FTS5's `detail=column`):
    /// 40 % of the index's size, the largest part of the cache after the articles (docs/performance.md).
    /// Its queries need no positions: `SearchTerms` gives words the tokenizer splits as separate terms,
    /// and `nytrank` counts columns. The archive's yearly indexes made before keep theirs. The articles
    /// come from the index's own list of them, not a scan of every article.
    private static func keepColumnsOnlyInLiveIndex(_ db: Database) throws {
        try ArchiveIndex.rebuild(
            ArchiveIndex.livePartition, tokenizer: "nytfold unicode61 remove_diacritics 2", detail: "column", listedByIndex: true, in: db)
    }

    /// Article text is stored packed from now on (`PackedText`): each full-text index's delete trigger takes
    /// an article out of it with its text unpacked, the text it was indexed with.
    private static func unpackTextTakenOutOfIndexes(_ db: Database) throws {
        try db.execute(
            sql: """
                DROP TRIGGER article_fts_delete;
                CREATE TRIGGER article_fts_delete AFTER DELETE ON article WHEN old.ftsPartition = 0 BEGIN
                    INSERT INTO articleFTS(articleFTS, rowid, title, abstract, leadParagraph, byline)
                    VALUES ('delete', old.id, nyttext(old.title), nyttext(old.abstract), nyttext(old.leadParagraph), nyttext(old.byline));
                END;
                """)
        for partition in try ArchiveIndex.partitions(in: db) {
            try db.execute(sql: "DROP TRIGGER IF EXISTS \(ArchiveIndex.table(partition))_delete")
            try ArchiveIndex.ensure(partition: partition, in: db)
        }
    }

    /// Articles found by a key of 32 bits made from their web address (`ReadQueries.byURL`), whether the
    /// address is stored packed or not: an index of 16 bytes an article instead of 36 (docs/performance.md).
    private static func indexURLKeys(_ db: Database) throws {
        try db.execute(
            sql: """
                DROP INDEX article_urlTail;
                CREATE INDEX article_urlKey ON article(nytkey(nyttext(url)));
                """)
    }

    /// The words of each archive index, for searches whose last word is a prefix (`ArchiveWords`); the
    /// indexes made before keep no list and are searched by prefix as before.
    private static func addArchiveWords(_ db: Database) throws {
        try db.execute(sql: ArchiveWords.schema)
    }

    /// The sets of articles per common word of each large archive index (`ArchiveWordSets`), made by
    /// `archive --compact` for the indexes imported before.
    private static func addArchiveWordSets(_ db: Database) throws {
        try db.execute(sql: ArchiveWordSets.schema)
    }
}

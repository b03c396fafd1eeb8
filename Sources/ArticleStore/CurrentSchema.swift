/// The schema that all of `Schema.migrations` lead to, as SQLite records it: a new database is given it in
/// one go instead of running the migrations one after the other (each of which changes the schema, which
/// SQLite then reads again: a few milliseconds of every first run). A test checks that it is exactly
/// what the migrations make, so a new migration changes it too.
enum CurrentSchema {
    static let sql = """
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
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
        , inArchive INTEGER NOT NULL DEFAULT 0, ftsPartition INTEGER NOT NULL DEFAULT 0);
        CREATE INDEX article_savedAt ON article(savedAt) WHERE savedAt IS NOT NULL;
        CREATE INDEX article_url ON article(url);
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
            tokenize='unicode61 remove_diacritics 2'
        );
        CREATE VIRTUAL TABLE articleCJK USING fts5(bigrams, tokenize='unicode61');
        CREATE TRIGGER article_fts_delete AFTER DELETE ON article WHEN old.ftsPartition = 0 BEGIN
            INSERT INTO articleFTS(articleFTS, rowid, title, abstract, leadParagraph, byline)
            VALUES ('delete', old.id, old.title, old.abstract, old.leadParagraph, old.byline);
        END;
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
        """
}

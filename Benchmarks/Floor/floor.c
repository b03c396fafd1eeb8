// What a first refresh of N articles costs on this machine when written in C with no overhead of its own:
// the parts of `nytreader refresh` that any program keeping its rules must do, each timed alone.
//
//   floor CACHE
//
// CACHE is a cache `nytreader refresh` filled (`make bench-floor` makes one of 1,000 articles). Its schema
// and rows are read first; then, timed:
//   - libcurl: dlopen("libcurl.so.4", RTLD_NOW) and curl_global_init, as nytreader loads it;
//   - a new cache: the same schema, WAL mode, synchronous = NORMAL (SQLite's memory statistics off);
//   - writing: the rows, the feed's list and the full-text entries, in one transaction, with prepared
//     statements, and the commit;
//   - closing: the last connection's checkpoint of the WAL into the file (two fdatasyncs).
// Decoding the JSON, the process's own start and the request are not included.
#include <dlfcn.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define COLUMNS 13
static const char *columns = "uri, url, title, kicker, byline, abstract, leadParagraph, section, subsection, itemType, "
                             "publishedAt, updatedAt, thumbnailURL";

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void check(int code, sqlite3 *db, const char *what) {
    if (code == SQLITE_OK || code == SQLITE_DONE || code == SQLITE_ROW) return;
    fprintf(stderr, "floor: %s: %s\n", what, sqlite3_errmsg(db));
    exit(1);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: floor CACHE\n");
        return 64;
    }
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);

    // The schema (in creation order, without FTS5's own tables) and the rows of the filled cache.
    sqlite3 *source;
    check(sqlite3_open_v2(argv[1], &source, SQLITE_OPEN_READONLY, NULL), source, argv[1]);
    size_t schemaSize = 0;
    char *schema = calloc(1, 1 << 20);
    sqlite3_stmt *statement;
    check(sqlite3_prepare_v2(source,
                             "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' "
                             "AND sql NOT LIKE 'CREATE TABLE ''%' ORDER BY rowid",
                             -1, &statement, NULL), source, "schema");
    while (sqlite3_step(statement) == SQLITE_ROW) {
        schemaSize += snprintf(schema + schemaSize, (1 << 20) - schemaSize, "%s;\n", sqlite3_column_text(statement, 0));
    }
    sqlite3_finalize(statement);
    char query[512];
    snprintf(query, sizeof query, "SELECT %s FROM article ORDER BY id", columns);
    check(sqlite3_prepare_v2(source, query, -1, &statement, NULL), source, "rows");
    int count = 0, capacity = 1024;
    char *(*rows)[COLUMNS] = malloc(capacity * sizeof *rows);
    while (sqlite3_step(statement) == SQLITE_ROW) {
        if (count == capacity) rows = realloc(rows, (capacity *= 2) * sizeof *rows);
        for (int column = 0; column < COLUMNS; column++) {
            const unsigned char *text = sqlite3_column_text(statement, column);
            rows[count][column] = text ? strdup((const char *)text) : NULL;
        }
        count++;
    }
    sqlite3_finalize(statement);
    sqlite3_close(source);

    double start = now();
    void *curl = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    int (*globalInit)(long) = curl ? (int (*)(long))dlsym(curl, "curl_global_init") : NULL;
    if (!globalInit || globalInit(3) != 0) {
        fprintf(stderr, "floor: libcurl could not be loaded\n");
        return 1;
    }
    double curlLoaded = now();

    char target[] = "/tmp/nytreader-floor-XXXXXX";
    if (!mkdtemp(target)) return 1;
    char path[64];
    snprintf(path, sizeof path, "%s/cache.sqlite", target);
    double opening = now();
    sqlite3 *db;
    check(sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL), db, path);
    check(sqlite3_exec(db, "PRAGMA synchronous = NORMAL; PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON", NULL, NULL, NULL),
          db, "pragmas");
    check(sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL), db, "begin");
    check(sqlite3_exec(db, schema, NULL, NULL, NULL), db, "schema");
    check(sqlite3_exec(db, "COMMIT", NULL, NULL, NULL), db, "commit");
    double created = now();

    check(sqlite3_exec(db, "BEGIN IMMEDIATE; INSERT INTO feed (kind, key) VALUES ('topStories', 'home')", NULL, NULL, NULL),
          db, "feed");
    sqlite3_stmt *insert, *item;
    snprintf(query, sizeof query, "INSERT INTO article (%s, fetchedAt) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", columns);
    check(sqlite3_prepare_v2(db, query, -1, &insert, NULL), db, "insert");
    check(sqlite3_prepare_v2(db, "INSERT INTO feedItem (feedId, rank, articleId) VALUES (1, ?, ?)", -1, &item, NULL), db, "item");
    for (int row = 0; row < count; row++) {
        for (int column = 0; column < COLUMNS; column++) {
            const char *text = rows[row][column];
            if (!text) sqlite3_bind_null(insert, column + 1);
            else if (column == 10 || column == 11) sqlite3_bind_int64(insert, column + 1, atoll(text));
            else sqlite3_bind_text(insert, column + 1, text, -1, SQLITE_STATIC);
        }
        sqlite3_bind_int64(insert, COLUMNS + 1, 1795680000);
        check(sqlite3_step(insert), db, "insert");
        sqlite3_reset(insert);
        sqlite3_bind_int(item, 1, row);
        sqlite3_bind_int64(item, 2, sqlite3_last_insert_rowid(db));
        check(sqlite3_step(item), db, "item");
        sqlite3_reset(item);
    }
    sqlite3_finalize(insert);
    sqlite3_finalize(item);
    check(sqlite3_exec(db,
                       "INSERT INTO articleFTS (rowid, title, abstract, leadParagraph, byline) "
                       "SELECT id, title, abstract, leadParagraph, byline FROM article;"
                       "UPDATE feed SET articleCount = (SELECT COUNT(*) FROM feedItem), lastRefreshedAt = 1795680000;"
                       "COMMIT",
                       NULL, NULL, NULL), db, "index");
    double written = now();
    sqlite3_close(db);
    double closed = now();

    printf("libcurl %.1f ms, new cache %.1f ms, %d articles written %.1f ms, close %.1f ms: %.1f ms in all, "
           "%.1f ms with libcurl loaded beside the new cache\n",
           curlLoaded - start, created - opening, count, written - created, closed - written,
           closed - opening + curlLoaded - start,
           (curlLoaded - start > created - opening ? curlLoaded - start : created - opening) + closed - created);
    char remove[128];
    snprintf(remove, sizeof remove, "rm -rf '%s'", target);
    return system(remove) == 0 ? 0 : 1;
}

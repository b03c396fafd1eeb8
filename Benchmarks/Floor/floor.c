// What a first refresh of N articles costs on this machine when written in C with no overhead of its own:
// the work of `nytreader refresh` that any program keeping its rules must do, each part timed.
//
//   floor CACHE URL
//
// CACHE is a cache `nytreader refresh` filled (`make bench-floor` makes one of 1,000 articles); its schema
// is read first. URL serves the same Top Stories body. Then, timed:
//   - libcurl: dlopen("libcurl.so.4", RTLD_NOW) and curl_global_init, as nytreader loads it;
//   - a new cache: the same schema, WAL mode, synchronous = NORMAL (SQLite's memory statistics off);
//   - the request: one GET through libcurl's easy interface, the body gathered in memory;
//   - parsing: simdjson's On-Demand API (Debian's libsimdjson, items.cpp) reads the fields nytreader
//     stores from each item, copied; the two dates turned into seconds;
//   - writing: the rows, the feed's list and the full-text entries, in one transaction, with prepared
//     statements, and the commit;
//   - closing: the last connection's checkpoint of the WAL into the file (two fdatasyncs).
// None of nytreader's checks is made (entities, control characters, lengths, known articles, pruning).
// The parts printed leave out the process's start and the reading of CACHE's schema; `make bench-floor`
// also times the whole process, start to exit, as it times nytreader.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sqlite3.h>
#include "CFTSRank.h"
#include "CPackedText.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "items.h"

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

/// The body as it arrives, with the zeroed bytes simdjson reads past its end.
#define PADDING 64
struct body {
    char *bytes;
    size_t size, capacity;
};

static size_t gather(char *data, size_t size, size_t count, void *context) {
    struct body *body = context;
    size_t length = size * count;
    if (body->size + length + PADDING > body->capacity) {
        body->capacity = (body->size + length) * 2 + PADDING;
        body->bytes = realloc(body->bytes, body->capacity);
    }
    memcpy(body->bytes + body->size, data, length);
    body->size += length;
    memset(body->bytes + body->size, 0, PADDING);
    return length;
}

/// The columns (`columns`) of one item: its texts, copied, and its two dates in seconds.
#define PUBLISHED_AT 10
#define UPDATED_AT 11
struct row {
    char *text[COLUMNS];  // NULL at PUBLISHED_AT and UPDATED_AT
    long long seconds[2];
};

struct rows {
    struct row *values;
    int count, capacity;
};

static char *copy(const char *text, size_t length) {
    return text ? strndup(text, length) : NULL;
}

/// Seconds since 1970 of an NYT date such as 2026-11-26T05:58:20-05:00 (`length` bytes at `text`), or -1.
static long long seconds(const char *text, size_t length) {
    char date[32];
    if (!text || length >= sizeof date) return -1;
    memcpy(date, text, length);
    date[length] = 0;
    int year, month, day, hour, minute, second, offsetHours = 0, offsetMinutes = 0;
    char sign = '+';
    if (sscanf(date, "%4d-%2d-%2dT%2d:%2d:%2d%c%2d:%2d", &year, &month, &day, &hour, &minute, &second, &sign,
                        &offsetHours, &offsetMinutes) < 6) return -1;
    struct tm civil = {.tm_year = year - 1900, .tm_mon = month - 1, .tm_mday = day, .tm_hour = hour, .tm_min = minute, .tm_sec = second};
    long long offset = (offsetHours * 60 + offsetMinutes) * 60;
    return (long long)timegm(&civil) - (sign == '-' ? -offset : offset);
}

/// Keeps one item's values (floor_item).
static void keep(void *context, const char *const *fields, const size_t *lengths) {
    struct rows *rows = context;
    if (rows->count == rows->capacity) {
        rows->capacity = rows->capacity ? rows->capacity * 2 : 1024;
        rows->values = realloc(rows->values, rows->capacity * sizeof *rows->values);
    }
    struct row *row = &rows->values[rows->count++];
    // The field of each text column; leadParagraph (-1) is empty, as Top Stories has none.
    static const int texts[COLUMNS] = {
        FIELD_URI, FIELD_URL, FIELD_TITLE, FIELD_KICKER, FIELD_BYLINE, FIELD_ABSTRACT, -1, FIELD_SECTION,
        FIELD_SUBSECTION, FIELD_ITEM_TYPE, [PUBLISHED_AT] = -1, [UPDATED_AT] = -1, [12] = FIELD_THUMBNAIL,
    };
    for (int column = 0; column < COLUMNS; column++) {
        int field = texts[column];
        row->text[column] = field >= 0 ? copy(fields[field], lengths[field]) : NULL;
    }
    row->text[6] = strdup("");
    row->seconds[0] = seconds(fields[FIELD_PUBLISHED], lengths[FIELD_PUBLISHED]);
    row->seconds[1] = seconds(fields[FIELD_UPDATED], lengths[FIELD_UPDATED]);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: floor CACHE URL\n");
        return 64;
    }
    double began = now();
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);

    // The schema of the filled cache, in creation order, without FTS5's own tables.
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
    sqlite3_close(source);

    double start = now();
    void *curl = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    int (*globalInit)(long) = curl ? (int (*)(long))dlsym(curl, "curl_global_init") : NULL;
    if (!globalInit || globalInit(3) != 0) {
        fprintf(stderr, "floor: libcurl could not be loaded\n");
        return 1;
    }
    void *(*easyInit)(void) = dlsym(curl, "curl_easy_init");
    int (*setopt)(void *, int, ...) = dlsym(curl, "curl_easy_setopt");
    int (*perform)(void *) = dlsym(curl, "curl_easy_perform");
    void (*cleanup)(void *) = dlsym(curl, "curl_easy_cleanup");
    double curlLoaded = now();

    // In $TMPDIR, which `make bench-floor` removes even when a run fails.
    char target[4096];
    snprintf(target, sizeof target, "%s/nytreader-floor-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(target)) return 1;
    char path[4200];
    snprintf(path, sizeof path, "%s/cache.sqlite", target);
    double opening = now();
    sqlite3 *db;
    check(sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL), db, path);
    // The full-text indexes fold letters with nytreader's tokenizer (Sources/CFTSRank), and the address's
    // index is made with its SQL functions (Sources/CPackedText), both built in. The rows are written as
    // text: the program does nothing of nytreader's own, packing included.
    check(nyt_register_full_text(db), db, "nyt_register_full_text");
    check(nyt_register_packed_text(db), db, "nyt_register_packed_text");
    check(sqlite3_exec(db, "PRAGMA synchronous = NORMAL; PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON", NULL, NULL, NULL),
          db, "pragmas");
    check(sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL), db, "begin");
    check(sqlite3_exec(db, schema, NULL, NULL, NULL), db, "schema");
    check(sqlite3_exec(db, "COMMIT", NULL, NULL, NULL), db, "commit");
    double created = now();

    char url[1024];
    snprintf(url, sizeof url, "%s/svc/topstories/v2/home.json?api-key=floor", argv[2]);
    struct body body = {0};
    void *handle = easyInit();
    setopt(handle, 10002 /* URL */, url);
    setopt(handle, 20011 /* WRITEFUNCTION */, gather);
    setopt(handle, 10001 /* WRITEDATA */, &body);
    if (perform(handle) != 0 || !body.bytes) {
        fprintf(stderr, "floor: the request to %s failed\n", argv[2]);
        return 1;
    }
    cleanup(handle);
    double received = now();

    struct rows rows = {0};
    if (floor_items(body.bytes, body.size, body.capacity, keep, &rows) != 0) {
        fprintf(stderr, "floor: the body is not a Top Stories response\n");
        return 1;
    }
    int count = rows.count;
    double parsed = now();

    check(sqlite3_exec(db, "BEGIN IMMEDIATE; INSERT INTO feed (kind, key) VALUES ('topStories', 'home')", NULL, NULL, NULL),
          db, "feed");
    sqlite3_stmt *insert, *item;
    char query[512];
    snprintf(query, sizeof query, "INSERT INTO article (%s, fetchedAt) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", columns);
    check(sqlite3_prepare_v2(db, query, -1, &insert, NULL), db, "insert");
    check(sqlite3_prepare_v2(db, "INSERT INTO feedItem (feedId, rank, articleId) VALUES (1, ?, ?)", -1, &item, NULL), db, "item");
    for (int row = 0; row < count; row++) {
        const struct row *values = &rows.values[row];
        for (int column = 0; column < COLUMNS; column++) {
            if (column == PUBLISHED_AT || column == UPDATED_AT) {
                sqlite3_bind_int64(insert, column + 1, values->seconds[column - PUBLISHED_AT]);
            } else if (values->text[column]) {
                sqlite3_bind_text(insert, column + 1, values->text[column], -1, SQLITE_STATIC);
            } else {
                sqlite3_bind_null(insert, column + 1);
            }
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

    printf("(schema read %.1f ms) libcurl %.1f ms, new cache %.1f ms, request %.1f ms, parsing %.1f ms, %d articles written %.1f ms, "
           "close %.1f ms: %.1f ms in all, %.1f ms with libcurl loaded beside the new cache\n",
           start - began, curlLoaded - start, created - opening, received - created, parsed - received, count, written - parsed,
           closed - written, closed - opening + curlLoaded - start,
           (curlLoaded - start > created - opening ? curlLoaded - start : created - opening) + closed - created);
    // The close removed the WAL and its index.
    return unlink(path) == 0 && rmdir(target) == 0 ? 0 : 1;
}

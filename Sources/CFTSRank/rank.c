// nytrank(fts, w0, w1, …): FTS5's bm25 with the column weights given, without its inverse document
// frequencies, and counting each word once in each column that holds it. bm25 finds the frequencies by
// reading every match of every phrase in the whole index, on the first row of each query: on a year of
// the archive, most of a rare query's time. Each of the articles ranked holds every word of the query
// (FTS5 queries AND their words), so what the frequencies would weigh is which words repeat most. The
// columns that hold a word come from the index itself, whether it keeps positions (detail=full, the
// archive's yearly indexes) or only columns (detail=column, articleFTS); how often a word repeats in a
// column would take positions, which an index without them finds by tokenizing each row again (six
// milliseconds for a thousand rows). The title weight and the lengths of the columns, which decide the
// order, are bm25's. Lower is better, as with bm25.
#include "CFTSRank.h"
#include "extensions.h"

static const double k1 = 1.2;
static const double b = 0.75;

/// Fails the ranking with the code the index's read gave (SQLITE_CORRUPT, SQLITE_IOERR, SQLITE_NOMEM …), so
/// that the caller sees a damaged cache as damaged, not as a failure of this function.
static void nyt_rank_failed(sqlite3_context *context, int code) {
    sqlite3_result_error(context, "nytrank: the row could not be read", -1);
    sqlite3_result_error_code(context, code);
}

void nyt_rank(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int valueCount, sqlite3_value **values) {
    int columns = api->xColumnCount(fts);
    int phrases = api->xPhraseCount(fts);
    sqlite3_int64 rows = 0;
    int code = api->xRowCount(fts, &rows);
    if (code != SQLITE_OK) {
        nyt_rank_failed(context, code);
        return;
    }
    double score = 0.0;
    for (int phrase = 0; phrase < phrases; phrase++) {
        Fts5PhraseIter iterator;
        int column = -1;
        code = api->xPhraseFirstColumn(fts, phrase, &iterator, &column);
        if (code != SQLITE_OK) {
            nyt_rank_failed(context, code);
            return;
        }
        for (; column >= 0; api->xPhraseNextColumn(fts, &iterator, &column)) {
            if (column >= columns) break;
            double weight = column < valueCount ? sqlite3_value_double(values[column]) : 1.0;
            if (weight == 0.0) continue;
            int length = 0;
            sqlite3_int64 total = 0;
            code = api->xColumnSize(fts, column, &length);
            if (code == SQLITE_OK) code = api->xColumnTotalSize(fts, column, &total);
            if (code != SQLITE_OK) {
                nyt_rank_failed(context, code);
                return;
            }
            double average = rows > 0 && total > 0 ? (double)total / (double)rows : 1.0;
            // bm25's term for a word found once: f (k1 + 1) / (f + k1 (1 - b + b |D| / avgdl)) with f = 1.
            score += weight * (k1 + 1.0) / (1.0 + k1 * (1.0 - b + b * (double)length / average));
        }
    }
    sqlite3_result_double(context, -score);
}

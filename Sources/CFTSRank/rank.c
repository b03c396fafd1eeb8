// nytrank(fts, w0, w1, …): FTS5's bm25 with the column weights given, but without its inverse
// document frequencies. bm25 finds those by reading every match of every phrase in the whole index,
// on the first row of each query: on a year of the archive, most of a rare query's time. Each of
// the articles ranked holds every word of the query (FTS5 queries AND their words), so what the
// frequencies would weigh is which words repeat most; the title weight, the counts and the lengths
// of the columns, which decide the order, are the same as bm25's. Lower is better, as with bm25.
#include <string.h>
#include "CFTSRank.h"
#include "extensions.h"

static const double k1 = 1.2;
static const double b = 0.75;

void nyt_rank(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int valueCount, sqlite3_value **values) {
    int columns = api->xColumnCount(fts);
    int phrases = api->xPhraseCount(fts);
    sqlite3_int64 rows = 0;
    int instances = 0;
    if (api->xRowCount(fts, &rows) != SQLITE_OK || api->xInstCount(fts, &instances) != SQLITE_OK) {
        sqlite3_result_error(context, "nytrank: the row could not be read", -1);
        return;
    }
    int counts[64];
    if (phrases * columns > 64 || phrases < 0 || columns < 0) {
        sqlite3_result_error(context, "nytrank: too many phrases", -1);
        return;
    }
    memset(counts, 0, sizeof(counts));
    for (int i = 0; i < instances; i++) {
        int phrase = 0, column = 0, offset = 0;
        if (api->xInst(fts, i, &phrase, &column, &offset) == SQLITE_OK && phrase < phrases && column < columns) {
            counts[phrase * columns + column]++;
        }
    }
    double score = 0.0;
    for (int column = 0; column < columns; column++) {
        double weight = column < valueCount ? sqlite3_value_double(values[column]) : 1.0;
        if (weight == 0.0) continue;
        int length = 0;
        sqlite3_int64 total = 0;
        api->xColumnSize(fts, column, &length);
        api->xColumnTotalSize(fts, column, &total);
        double average = rows > 0 && total > 0 ? (double)total / (double)rows : 1.0;
        for (int phrase = 0; phrase < phrases; phrase++) {
            int frequency = counts[phrase * columns + column];
            if (frequency == 0) continue;
            score += weight * (frequency * (k1 + 1.0)) / (frequency + k1 * (1.0 - b + b * (double)length / average));
        }
    }
    sqlite3_result_double(context, -score);
}

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
#include <string.h>

static const double k1 = 1.2;
static const double b = 0.75;

/// Fails the ranking with the code the index's read gave (SQLITE_CORRUPT, SQLITE_IOERR, SQLITE_NOMEM …), so
/// that the caller sees a damaged cache as damaged, not as a failure of this function.
static void nyt_rank_failed(sqlite3_context *context, int code) {
    sqlite3_result_error(context, "nytrank: the row could not be read", -1);
    sqlite3_result_error_code(context, code);
}

/// What one column holding one word adds to the score: bm25's term for a word found once,
/// f (k1 + 1) / (f + k1 (1 - b + b |D| / avgdl)) with f = 1, weighted; `length` is |D|, the column's tokens
/// in the row, `total` the column's tokens in the index and `rows` the index's rows.
static double nyt_rank_term(double weight, int length, sqlite3_int64 total, sqlite3_int64 rows) {
    double average = rows > 0 && total > 0 ? (double)total / (double)rows : 1.0;
    return weight * (k1 + 1.0) / (1.0 + k1 * (1.0 - b + b * (double)length / average));
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
            score += nyt_rank_term(weight, length, total, rows);
        }
    }
    sqlite3_result_double(context, -score);
}

// nytrankwords(fts, words, title, abstract, leadParagraph, byline, w0, w1, …): what nytrank gives the row
// for the query of `words` (tokens of the index's tokenizer, one space between them, each a whole word:
// the query `"w1" "w2" …`), found from the row's text instead of the index's lists: the texts given are
// split by the index's own tokenizer, which gives the columns holding each word and each column's length
// in tokens as FTS5 counted them into the index (a row read by id, not matched, has no lengths from
// FTS5), weighed as nytrank weighs them, in the same order, so that the two give the same number. NULL when one of the words is in none of the
// texts (the row does not match). ArchiveWordSets finds a query's candidates without walking the words'
// lists; this ranks each of them, and drops those that do not match.
enum { max_rank_words = 64 };

typedef struct {
    const char *words[max_rank_words];
    int lengths[max_rank_words];
    int count;
    int column;
    unsigned int masks[max_rank_words];  // bit c: column c holds the word
    int lengths_of_columns[4];           // the tokens of each column, as FTS5 counts them into its docsize
} RankWords;

static int mark_word(void *pointer, int flags, const char *token, int length, int start, int end) {
    (void)start;
    (void)end;
    RankWords *words = pointer;
    int *column_length = &words->lengths_of_columns[words->column];
    if (!(flags & FTS5_TOKEN_COLOCATED) || *column_length == 0) (*column_length)++;
    for (int i = 0; i < words->count; i++) {
        if (words->lengths[i] == length && memcmp(words->words[i], token, (size_t)length) == 0) words->masks[i] |= 1u << words->column;
    }
    return SQLITE_OK;
}

void nyt_rank_words(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int valueCount, sqlite3_value **values) {
    enum { texts = 4 };
    if (valueCount < 1 + texts) {
        sqlite3_result_error(context, "nytrankwords: words and four texts", -1);
        return;
    }
    int columns = api->xColumnCount(fts);
    RankWords words = {.count = 0};
    const char *list = (const char *)sqlite3_value_text(values[0]);
    int listLength = sqlite3_value_bytes(values[0]);
    if (!list) {
        sqlite3_result_null(context);
        return;
    }
    for (int i = 0; i < listLength;) {
        int end = i;
        while (end < listLength && list[end] != ' ') end++;
        if (end > i) {
            if (words.count == max_rank_words) {
                sqlite3_result_error(context, "nytrankwords: too many words", -1);
                return;
            }
            words.words[words.count] = list + i;
            words.lengths[words.count] = end - i;
            words.count++;
        }
        i = end + 1;
    }
    if (words.count == 0) {
        sqlite3_result_null(context);
        return;
    }
    for (int column = 0; column < texts && column < columns; column++) {
        const char *text = (const char *)sqlite3_value_text(values[1 + column]);
        if (!text) continue;
        words.column = column;
        int code = api->xTokenize(fts, text, sqlite3_value_bytes(values[1 + column]), &words, mark_word);
        if (code != SQLITE_OK) {
            nyt_rank_failed(context, code);
            return;
        }
    }
    for (int i = 0; i < words.count; i++) {
        if (words.masks[i] == 0) {
            sqlite3_result_null(context);
            return;
        }
    }
    sqlite3_int64 rows = 0;
    int code = api->xRowCount(fts, &rows);
    if (code != SQLITE_OK) {
        nyt_rank_failed(context, code);
        return;
    }
    int weightCount = valueCount - 1 - texts;
    sqlite3_value **weights = values + 1 + texts;
    double score = 0.0;
    for (int i = 0; i < words.count; i++) {
        for (int column = 0; column < texts && column < columns; column++) {
            if (!(words.masks[i] & (1u << column))) continue;
            double weight = column < weightCount ? sqlite3_value_double(weights[column]) : 1.0;
            if (weight == 0.0) continue;
            sqlite3_int64 total = 0;
            code = api->xColumnTotalSize(fts, column, &total);
            if (code != SQLITE_OK) {
                nyt_rank_failed(context, code);
                return;
            }
            score += nyt_rank_term(weight, words.lengths_of_columns[column], total, rows);
        }
    }
    sqlite3_result_double(context, -score);
}

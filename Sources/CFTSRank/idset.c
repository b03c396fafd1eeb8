// nytidset(id, first, count): an aggregate making the set of the ids it is given as a bitmap, a blob of
// (count + 7) / 8 bytes whose bit i (byte i / 8, bit i % 8 from the lowest) stands for id first + i:
// ArchiveWordSets makes the set of the articles of an archive index holding a common word from the
// word's list (fts5vocab), a row per article and column, without handing each row to Swift. An id outside
// first … first + count - 1, or a count outside 1 … 2^33, is an error, as is memory that runs out; the
// first and the count are those of the first row. No row gives NULL.
#include <string.h>
#include "extensions.h"

// 2^30 bytes: ArchiveWordSets.largestSet.
static const sqlite3_int64 largest_count = (sqlite3_int64)1 << 33;

typedef struct {
    unsigned char *bits;
    sqlite3_int64 first;
    sqlite3_int64 count;
    int failed;
} IdSet;

static void id_set_step(sqlite3_context *context, int valueCount, sqlite3_value **values) {
    IdSet *set = sqlite3_aggregate_context(context, sizeof(IdSet));
    if (!set) {
        sqlite3_result_error_nomem(context);
        return;
    }
    if (set->failed || valueCount != 3) return;
    if (!set->bits) {
        sqlite3_int64 count = sqlite3_value_int64(values[2]);
        if (count < 1 || count > largest_count) {
            set->failed = 1;
            sqlite3_result_error(context, "nytidset: a count outside 1 … 2^33", -1);
            return;
        }
        set->first = sqlite3_value_int64(values[1]);
        set->count = count;
        set->bits = sqlite3_malloc64((sqlite3_uint64)((count + 7) / 8));
        if (!set->bits) {
            set->failed = 1;
            sqlite3_result_error_nomem(context);
            return;
        }
        memset(set->bits, 0, (size_t)((count + 7) / 8));
    }
    sqlite3_int64 id = sqlite3_value_int64(values[0]);
    // Compared before subtracting: ids near the ends of 64 bits do not overflow.
    if (id < set->first || (sqlite3_uint64)id - (sqlite3_uint64)set->first >= (sqlite3_uint64)set->count) {
        set->failed = 1;
        sqlite3_result_error(context, "nytidset: an id outside the set's ids", -1);
        return;
    }
    sqlite3_uint64 offset = (sqlite3_uint64)id - (sqlite3_uint64)set->first;
    set->bits[offset >> 3] |= (unsigned char)(1u << (offset & 7));
}

static void id_set_final(sqlite3_context *context) {
    IdSet *set = sqlite3_aggregate_context(context, 0);
    if (!set || !set->bits) {
        if (!set || !set->failed) sqlite3_result_null(context);
        return;
    }
    if (set->failed) {
        sqlite3_free(set->bits);
        return;
    }
    sqlite3_result_blob64(context, set->bits, (sqlite3_uint64)((set->count + 7) / 8), sqlite3_free);
}

int nyt_register_id_set(sqlite3 *db, void *context) {
    return sqlite3_create_function_v2(
        db, "nytidset", 3, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, context, 0, id_set_step, id_set_final, 0);
}

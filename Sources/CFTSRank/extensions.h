// What register.c adds to a connection: the ranking function (rank.c), the folding tokenizer (fold.c), the
// SQL function that splits text as that tokenizer does (tokens.c) and those that record the words it gives
// an index (words.c).
#ifndef CFTSRANK_EXTENSIONS_H
#define CFTSRANK_EXTENSIONS_H
#include <sqlite3.h>

typedef struct NytWordSet NytWordSet;

// A connection's full-text state, the tokenizer's and the functions' context: FTS5's API, and the set of
// words being recorded (words.c), or NULL. Freed with the tokenizer (nyt_full_text_free).
typedef struct {
    fts5_api *api;
    NytWordSet *recording;
} NytFullText;

void nyt_rank(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int valueCount, sqlite3_value **values);
void nyt_rank_words(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int valueCount, sqlite3_value **values);
extern const fts5_tokenizer nyt_fold_tokenizer;
void nyt_tokens(sqlite3_context *context, int count, sqlite3_value **values);
void nyt_words_add(NytWordSet *set, const char *token, int length);
void nyt_words_start(sqlite3_context *context, int count, sqlite3_value **values);
void nyt_words_take(sqlite3_context *context, int count, sqlite3_value **values);
void nyt_full_text_free(void *full_text);
int nyt_register_id_set(sqlite3 *db, void *context);

#endif

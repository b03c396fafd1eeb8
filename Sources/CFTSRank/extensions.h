// What register.c adds to a connection: the ranking function (rank.c), the folding tokenizer (fold.c) and
// the SQL function that splits text as that tokenizer does (tokens.c).
#ifndef CFTSRANK_EXTENSIONS_H
#define CFTSRANK_EXTENSIONS_H
#include <sqlite3.h>

void nyt_rank(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int valueCount, sqlite3_value **values);
extern const fts5_tokenizer nyt_fold_tokenizer;
void nyt_tokens(sqlite3_context *context, int count, sqlite3_value **values);

#endif

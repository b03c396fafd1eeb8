// Adds nytrank (rank.c) and the nytfold tokenizer (fold.c) to a connection, through FTS5's API, and the SQL
// function nyttokens (tokens.c).
#include "CFTSRank.h"
#include "extensions.h"

int nyt_register_full_text(sqlite3 *db) {
    fts5_api *api = 0;
    sqlite3_stmt *statement = 0;
    if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, 0) != SQLITE_OK) return SQLITE_ERROR;
    sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", 0);
    sqlite3_step(statement);
    sqlite3_finalize(statement);
    if (api == 0 || api->iVersion < 2) return SQLITE_ERROR;
    int code = api->xCreateFunction(api, "nytrank", 0, nyt_rank, 0);
    if (code != SQLITE_OK) return code;
    // FTS5 keeps the pointer to the methods, and hands the API back to fold_create as its context.
    code = api->xCreateTokenizer(api, "nytfold", api, (fts5_tokenizer *)&nyt_fold_tokenizer, 0);
    if (code != SQLITE_OK) return code;
    return sqlite3_create_function_v2(db, "nyttokens", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, api,
                                      nyt_tokens, 0, 0, 0);
}

// Adds nytrank and nytrankwords (rank.c) and the nytfold tokenizer (fold.c) to a connection, through FTS5's API, and the SQL
// functions nyttokens (tokens.c), nytidset (idset.c), nytwords_start and nytwords_take (words.c).
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
    if (code == SQLITE_OK) code = api->xCreateFunction(api, "nytrankwords", 0, nyt_rank_words, 0);
    if (code != SQLITE_OK) return code;
    NytFullText *full_text = sqlite3_malloc(sizeof(NytFullText));
    if (!full_text) return SQLITE_NOMEM;
    full_text->api = api;
    full_text->recording = 0;
    // FTS5 keeps the pointer to the methods, hands the state back to fold_create as its context, and frees
    // it when the connection closes; not when the tokenizer could not be added.
    code = api->xCreateTokenizer(api, "nytfold", full_text, (fts5_tokenizer *)&nyt_fold_tokenizer, nyt_full_text_free);
    if (code != SQLITE_OK) {
        nyt_full_text_free(full_text);
        return code;
    }
    const int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
    code = sqlite3_create_function_v2(db, "nyttokens", 1, flags, full_text, nyt_tokens, 0, 0, 0);
    if (code == SQLITE_OK) code = nyt_register_id_set(db, 0);
    if (code != SQLITE_OK) return code;
    // Not deterministic, not innocuous: they change what the connection records, and only ArticleStore calls them.
    code = sqlite3_create_function_v2(db, "nytwords_start", 0, SQLITE_UTF8 | SQLITE_DIRECTONLY, full_text, nyt_words_start, 0, 0, 0);
    if (code != SQLITE_OK) return code;
    return sqlite3_create_function_v2(db, "nytwords_take", 0, SQLITE_UTF8 | SQLITE_DIRECTONLY, full_text, nyt_words_take, 0, 0, 0);
}

// nyttokens(text): the tokens the full-text indexes' tokenizer (nytfold over unicode61 remove_diacritics 2,
// as ArchiveIndex.tokenizer names it) makes of `text` when it is a query, separated by one space (a space
// is never part of a token). A search word Swift sees as one word can be several tokens to unicode61 (a
// spacing mark of Devanagari, a zero-width non-joiner of Persian), and an index that keeps no positions
// (detail=column) cannot match such a word as a phrase: SearchTerms asks this function where the tokenizer
// splits it.
#include "extensions.h"

static const char *const arguments[] = {"unicode61", "remove_diacritics", "2"};

typedef struct {
    sqlite3_str *text;
    int count;
} Tokens;

static int add_token(void *pointer, int flags, const char *token, int length, int start, int end) {
    (void)flags;
    (void)start;
    (void)end;
    Tokens *tokens = pointer;
    if (length < 0) return SQLITE_ERROR;
    if (tokens->count > 0) sqlite3_str_appendchar(tokens->text, 1, ' ');
    sqlite3_str_append(tokens->text, token, length);
    tokens->count++;
    return sqlite3_str_errcode(tokens->text);
}

void nyt_tokens(sqlite3_context *context, int count, sqlite3_value **values) {
    if (count != 1 || sqlite3_value_type(values[0]) == SQLITE_NULL) {
        sqlite3_result_null(context);
        return;
    }
    const char *text = (const char *)sqlite3_value_text(values[0]);
    int length = sqlite3_value_bytes(values[0]);
    if (!text) {
        sqlite3_result_error_nomem(context);
        return;
    }
    Fts5Tokenizer *tokenizer = 0;
    int code = nyt_fold_tokenizer.xCreate(sqlite3_user_data(context), (const char **)arguments, 3, &tokenizer);
    if (code != SQLITE_OK) {
        sqlite3_result_error_code(context, code);
        return;
    }
    Tokens tokens = {sqlite3_str_new(sqlite3_context_db_handle(context)), 0};
    code = nyt_fold_tokenizer.xTokenize(tokenizer, &tokens, FTS5_TOKENIZE_QUERY, text, length, add_token);
    nyt_fold_tokenizer.xDelete(tokenizer);
    int textCode = sqlite3_str_errcode(tokens.text);
    int resultLength = sqlite3_str_length(tokens.text);
    char *result = sqlite3_str_finish(tokens.text);
    if (code != SQLITE_OK || textCode != SQLITE_OK) {
        sqlite3_free(result);
        sqlite3_result_error_code(context, code != SQLITE_OK ? code : textCode);
        return;
    }
    if (result == 0) {
        sqlite3_result_text(context, "", 0, SQLITE_STATIC);
        return;
    }
    sqlite3_result_text(context, result, resultLength, sqlite3_free);
}

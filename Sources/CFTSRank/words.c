// The words an archive index takes in, recorded as nytfold gives them to FTS5, for the index's list of its
// words (ArchiveWords): nytwords_start() begins recording on the connection, every text the tokenizer then
// splits as a document (an index's insert, not a query) adds its distinct tokens to a set, and
// nytwords_take() ends the recording and gives the set as a JSON array of strings, sorted byte by byte,
// or NULL when the set grew past its bounds or memory ran out (the caller then keeps no list). Recording
// beside the index's own write costs a look-up in a hash set per token, where splitting the text a second
// time into an index of its own cost as much as the index's write.
#include <stdlib.h>
#include <string.h>
#include "extensions.h"

// FTS5 cuts every token longer than this (FTS5_MAX_TOKEN_SIZE) before it is indexed.
enum { max_token_size = 32768 };
// Bounds of one recording: far above the words of a batch of articles, whose fields are bounded.
enum { max_words = 1 << 20, max_bytes = 1 << 26 };

typedef struct {
    unsigned int hash;
    int length;
    sqlite3_int64 offset;
} Word;

struct NytWordSet {
    Word *slots;             // open addressing; length 0 is an empty slot (no token is empty)
    sqlite3_int64 capacity;  // a power of two, or 0
    sqlite3_int64 count;
    char *bytes;             // every word's bytes, one after the other
    sqlite3_int64 used;
    sqlite3_int64 allocated;
    int failed;
};

static unsigned int hash_of(const char *token, int length) {
    unsigned int hash = 2166136261u;
    for (int i = 0; i < length; i++) hash = (hash ^ (unsigned char)token[i]) * 16777619u;
    return hash;
}

static int grow_slots(NytWordSet *set) {
    sqlite3_int64 capacity = set->capacity ? set->capacity * 2 : 1024;
    Word *slots = sqlite3_malloc64((sqlite3_uint64)capacity * sizeof(Word));
    if (!slots) return SQLITE_NOMEM;
    memset(slots, 0, (size_t)capacity * sizeof(Word));
    for (sqlite3_int64 i = 0; i < set->capacity; i++) {
        Word word = set->slots[i];
        if (word.length == 0) continue;
        sqlite3_int64 slot = word.hash & (capacity - 1);
        while (slots[slot].length != 0) slot = (slot + 1) & (capacity - 1);
        slots[slot] = word;
    }
    sqlite3_free(set->slots);
    set->slots = slots;
    set->capacity = capacity;
    return SQLITE_OK;
}

static int add_bytes(NytWordSet *set, const char *token, int length) {
    if (set->used + length > set->allocated) {
        sqlite3_int64 allocated = set->allocated ? set->allocated : 16384;
        while (allocated < set->used + length) allocated *= 2;
        char *bytes = sqlite3_realloc64(set->bytes, (sqlite3_uint64)allocated);
        if (!bytes) return SQLITE_NOMEM;
        set->bytes = bytes;
        set->allocated = allocated;
    }
    memcpy(set->bytes + set->used, token, (size_t)length);
    set->used += length;
    return SQLITE_OK;
}

void nyt_words_add(NytWordSet *set, const char *token, int length) {
    if (set->failed || length <= 0) return;
    if (length > max_token_size) length = max_token_size;
    unsigned int hash = hash_of(token, length);
    if (set->capacity) {
        sqlite3_int64 slot = hash & (set->capacity - 1);
        for (; set->slots[slot].length != 0; slot = (slot + 1) & (set->capacity - 1)) {
            Word word = set->slots[slot];
            if (word.hash == hash && word.length == length && memcmp(set->bytes + word.offset, token, (size_t)length) == 0) return;
        }
    }
    if (set->count + 1 > max_words || set->used + length > max_bytes) {
        set->failed = 1;
        return;
    }
    // At most half full.
    if ((set->count + 1) * 2 > set->capacity && grow_slots(set) != SQLITE_OK) {
        set->failed = 1;
        return;
    }
    sqlite3_int64 offset = set->used;
    if (add_bytes(set, token, length) != SQLITE_OK) {
        set->failed = 1;
        return;
    }
    sqlite3_int64 slot = hash & (set->capacity - 1);
    while (set->slots[slot].length != 0) slot = (slot + 1) & (set->capacity - 1);
    set->slots[slot] = (Word){hash, length, offset};
    set->count++;
}

static void free_set(NytWordSet *set) {
    if (!set) return;
    sqlite3_free(set->slots);
    sqlite3_free(set->bytes);
    sqlite3_free(set);
}

void nyt_full_text_free(void *pointer) {
    NytFullText *full_text = pointer;
    if (!full_text) return;
    free_set(full_text->recording);
    sqlite3_free(full_text);
}

void nyt_words_start(sqlite3_context *context, int count, sqlite3_value **values) {
    (void)count;
    (void)values;
    NytFullText *full_text = sqlite3_user_data(context);
    free_set(full_text->recording);
    full_text->recording = sqlite3_malloc(sizeof(NytWordSet));
    if (!full_text->recording) {
        sqlite3_result_error_nomem(context);
        return;
    }
    memset(full_text->recording, 0, sizeof(NytWordSet));
    sqlite3_result_null(context);
}

typedef struct {
    const char *bytes;
    int length;
} SortedWord;

// Byte by byte, a shorter word before the longer ones it starts (SQLite's BINARY order).
static int compare_words(const void *left, const void *right) {
    const SortedWord *a = left, *b = right;
    int shorter = a->length < b->length ? a->length : b->length;
    int order = memcmp(a->bytes, b->bytes, (size_t)shorter);
    return order != 0 ? order : (a->length > b->length) - (a->length < b->length);
}

// Appends `word` as a JSON string: tokens hold letters and digits, but any byte below 0x20, a quote or a
// backslash is escaped all the same.
static void append_json_string(sqlite3_str *out, const char *word, int length) {
    sqlite3_str_appendchar(out, 1, '"');
    int start = 0;
    for (int i = 0; i < length; i++) {
        unsigned char byte = (unsigned char)word[i];
        if (byte >= 0x20 && byte != '"' && byte != '\\') continue;
        sqlite3_str_append(out, word + start, i - start);
        if (byte == '"' || byte == '\\') {
            sqlite3_str_appendchar(out, 1, '\\');
            sqlite3_str_appendchar(out, 1, (char)byte);
        } else {
            sqlite3_str_appendf(out, "\\u%04x", byte);
        }
        start = i + 1;
    }
    sqlite3_str_append(out, word + start, length - start);
    sqlite3_str_appendchar(out, 1, '"');
}

void nyt_words_take(sqlite3_context *context, int count, sqlite3_value **values) {
    (void)count;
    (void)values;
    NytFullText *full_text = sqlite3_user_data(context);
    NytWordSet *set = full_text->recording;
    full_text->recording = 0;
    if (!set || set->failed) {
        free_set(set);
        sqlite3_result_null(context);
        return;
    }
    SortedWord *words = set->count ? sqlite3_malloc64((sqlite3_uint64)set->count * sizeof(SortedWord)) : 0;
    if (set->count && !words) {
        free_set(set);
        sqlite3_result_error_nomem(context);
        return;
    }
    sqlite3_int64 listed = 0;
    for (sqlite3_int64 i = 0; i < set->capacity && listed < set->count; i++) {
        if (set->slots[i].length != 0) words[listed++] = (SortedWord){set->bytes + set->slots[i].offset, set->slots[i].length};
    }
    if (listed > 1) qsort(words, (size_t)listed, sizeof(SortedWord), compare_words);
    sqlite3_str *out = sqlite3_str_new(sqlite3_context_db_handle(context));
    sqlite3_str_appendchar(out, 1, '[');
    for (sqlite3_int64 i = 0; i < listed; i++) {
        if (i > 0) sqlite3_str_appendchar(out, 1, ',');
        append_json_string(out, words[i].bytes, words[i].length);
    }
    sqlite3_str_appendchar(out, 1, ']');
    sqlite3_free(words);
    free_set(set);
    int code = sqlite3_str_errcode(out);
    int length = sqlite3_str_length(out);
    char *text = sqlite3_str_finish(out);
    if (code != SQLITE_OK || !text) {
        sqlite3_free(text);
        sqlite3_result_error_code(context, code != SQLITE_OK ? code : SQLITE_NOMEM);
        return;
    }
    sqlite3_result_text(context, text, length, sqlite3_free);
}

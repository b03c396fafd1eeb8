// nytfold: an FTS5 tokenizer that wraps another (`nytfold unicode61 remove_diacritics 2`) and folds, in
// each token it gives, the Latin letters Unicode does not decompose into a letter and a mark (ø, æ, œ,
// ß, ł, đ, þ …) to the plain letters a person types for them. unicode61 already folds case and the
// marks that decompose (é → e); these letters it keeps as they are, so "Løvaas" was not found from
// "lovaas". FTS5 runs the same tokenizer over the indexed text and over a query, so both sides fold
// alike; SearchTerms folds a query's words with the same table (nyt_fold_letter) to mark them in
// snippets.
#include <stdlib.h>
#include <string.h>
#include "CFTSRank.h"
#include "extensions.h"

typedef struct {
    unsigned int letter;
    const char *plain;
} Folding;

// Lower-case letters only (the wrapped tokenizer lowers case first), sorted by code point: letters
// with a stroke, bar, hook, curl or tail that belongs to the letter, letters of one language's
// alphabet written as two in English (æ, œ, ß, þ), and ligatures.
static const Folding foldings[] = {
    {0x00DF, "ss"},  // ß
    {0x00E6, "ae"},  // æ
    {0x00F0, "d"},   // ð
    {0x00F8, "o"},   // ø
    {0x00FE, "th"},  // þ
    {0x0111, "d"},   // đ
    {0x0127, "h"},   // ħ
    {0x0131, "i"},   // ı
    {0x0133, "ij"},  // ĳ
    {0x0140, "l"},   // ŀ
    {0x0142, "l"},   // ł
    {0x0149, "n"},   // ŉ
    {0x014B, "n"},   // ŋ
    {0x0153, "oe"},  // œ
    {0x0167, "t"},   // ŧ
    {0x017F, "s"},   // ſ (unicode61 folds it, NFD keeps it)
    {0x0180, "b"},   // ƀ
    {0x0183, "b"},   // ƃ
    {0x0188, "c"},   // ƈ
    {0x018C, "d"},   // ƌ
    {0x0192, "f"},   // ƒ
    {0x0199, "k"},   // ƙ
    {0x019A, "l"},   // ƚ
    {0x019E, "n"},   // ƞ
    {0x01A5, "p"},   // ƥ
    {0x01AB, "t"},   // ƫ
    {0x01AD, "t"},   // ƭ
    {0x01B4, "y"},   // ƴ
    {0x01B6, "z"},   // ƶ
    {0x01C6, "dz"},  // ǆ
    {0x01C9, "lj"},  // ǉ
    {0x01CC, "nj"},  // ǌ
    {0x01E1, "a"},   // ǡ (NFD takes its marks off, unicode61 keeps it)
    {0x01E3, "ae"},  // ǣ
    {0x01E5, "g"},   // ǥ
    {0x01EF, "\xca\x92"}, // ǯ → ʒ (as NFD without its mark)
    {0x01F3, "dz"},  // ǳ
    {0x01FD, "ae"},  // ǽ
    {0x01FF, "o"},   // ǿ
    {0x0221, "d"},   // ȡ
    {0x0225, "z"},   // ȥ
    {0x0234, "l"},   // ȴ
    {0x0235, "n"},   // ȵ
    {0x0236, "t"},   // ȶ
    {0x0237, "j"},   // ȷ
    {0x023C, "c"},   // ȼ
    {0x023F, "s"},   // ȿ
    {0x0240, "z"},   // ɀ
    {0x0247, "e"},   // ɇ
    {0x0249, "j"},   // ɉ
    {0x024B, "q"},   // ɋ
    {0x024D, "r"},   // ɍ
    {0x024F, "y"},   // ɏ
    {0x0253, "b"},   // ɓ
    {0x0256, "d"},   // ɖ
    {0x0257, "d"},   // ɗ
    {0x0260, "g"},   // ɠ
    {0x0268, "i"},   // ɨ
    {0x0272, "n"},   // ɲ
    {0x0288, "t"},   // ʈ
    {0x0289, "u"},   // ʉ
    {0x028B, "v"},   // ʋ
    {0x1EFF, "y"},   // ỿ
    {0x2C61, "l"},   // ⱡ
    {0x2C65, "a"},   // ⱥ
    {0x2C66, "t"},   // ⱦ
    {0xFB00, "ff"},  // ﬀ
    {0xFB01, "fi"},  // ﬁ
    {0xFB02, "fl"},  // ﬂ
    {0xFB03, "ffi"}, // ﬃ
    {0xFB04, "ffl"}, // ﬄ
    {0xFB05, "st"},  // ﬅ
    {0xFB06, "st"},  // ﬆ
};

const char *nyt_fold_letter(unsigned int letter) {
    size_t low = 0, high = sizeof(foldings) / sizeof(foldings[0]);
    if (letter < foldings[0].letter) return 0;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (foldings[middle].letter < letter) {
            low = middle + 1;
        } else if (foldings[middle].letter > letter) {
            high = middle;
        } else {
            return foldings[middle].plain;
        }
    }
    return 0;
}

// The length of the UTF-8 sequence at `bytes` (at most `available` bytes) and its code point; 0 when it
// is not a well-formed sequence (then the byte is copied as it is).
static int decode(const unsigned char *bytes, int available, unsigned int *letter) {
    unsigned char lead = bytes[0];
    int length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0;
    if (length == 0 || length > available) return 0;
    unsigned int value = lead & (0xFF >> (length + 1));
    for (int i = 1; i < length; i++) {
        if ((bytes[i] & 0xC0) != 0x80) return 0;
        value = (value << 6) | (bytes[i] & 0x3F);
    }
    *letter = value;
    return length;
}

// Every folded letter (two bytes or more) becomes at most three: twice the token's length always fits.
typedef struct {
    void *context;
    int (*emit)(void *, int, const char *, int, int, int);
    NytWordSet *recording;
    char *buffer;
    int capacity;
    char inline_buffer[256];
} FoldCall;

// Hands FTS5 a token as it will index it, recording it first when words are recorded.
static int emit_token(FoldCall *call, int flags, const char *token, int length, int start, int end) {
    if (call->recording) nyt_words_add(call->recording, token, length);
    return call->emit(call->context, flags, token, length, start, end);
}

static int fold_token(void *pointer, int flags, const char *token, int length, int start, int end) {
    FoldCall *call = pointer;
    int ascii = 0;
    while (ascii < length && (unsigned char)token[ascii] < 0x80) ascii++;
    if (ascii == length) return emit_token(call, flags, token, length, start, end);
    if (length * 2 > call->capacity) {
        char *larger = sqlite3_malloc(length * 2);
        if (!larger) return SQLITE_NOMEM;
        if (call->buffer != call->inline_buffer) sqlite3_free(call->buffer);
        call->buffer = larger;
        call->capacity = length * 2;
    }
    char *out = call->buffer;
    memcpy(out, token, ascii);
    int written = ascii;
    const unsigned char *bytes = (const unsigned char *)token;
    for (int i = ascii; i < length;) {
        unsigned int letter = 0;
        int size = bytes[i] < 0x80 ? 0 : decode(bytes + i, length - i, &letter);
        const char *plain = size > 0 ? nyt_fold_letter(letter) : 0;
        if (plain) {
            size_t plain_length = strlen(plain);
            memcpy(out + written, plain, plain_length);
            written += (int)plain_length;
            i += size;
        } else {
            int copied = size > 0 ? size : 1;
            memcpy(out + written, token + i, copied);
            written += copied;
            i += copied;
        }
    }
    return emit_token(call, flags, out, written, start, end);
}

typedef struct {
    fts5_tokenizer inner;
    Fts5Tokenizer *inner_instance;
    NytFullText *full_text;
} FoldTokenizer;

static int fold_create(void *context, const char **arguments, int count, Fts5Tokenizer **out) {
    NytFullText *full_text = context;
    fts5_api *api = full_text->api;
    FoldTokenizer *tokenizer = sqlite3_malloc(sizeof(FoldTokenizer));
    if (!tokenizer) return SQLITE_NOMEM;
    memset(tokenizer, 0, sizeof(FoldTokenizer));
    tokenizer->full_text = full_text;
    void *inner_context = 0;
    const char *inner_name = count > 0 ? arguments[0] : "unicode61";
    int code = api->xFindTokenizer(api, inner_name, &inner_context, &tokenizer->inner);
    if (code == SQLITE_OK) {
        code = tokenizer->inner.xCreate(inner_context, count > 0 ? arguments + 1 : 0, count > 0 ? count - 1 : 0,
                                        &tokenizer->inner_instance);
    }
    if (code != SQLITE_OK) {
        sqlite3_free(tokenizer);
        return code;
    }
    *out = (Fts5Tokenizer *)tokenizer;
    return SQLITE_OK;
}

static void fold_delete(Fts5Tokenizer *pointer) {
    FoldTokenizer *tokenizer = (FoldTokenizer *)pointer;
    if (tokenizer->inner_instance) tokenizer->inner.xDelete(tokenizer->inner_instance);
    sqlite3_free(tokenizer);
}

static int fold_tokenize(Fts5Tokenizer *pointer, void *context, int flags, const char *text, int length,
                         int (*emit)(void *, int, const char *, int, int, int)) {
    FoldTokenizer *tokenizer = (FoldTokenizer *)pointer;
    FoldCall call;
    call.context = context;
    call.emit = emit;
    call.buffer = call.inline_buffer;
    call.capacity = (int)sizeof(call.inline_buffer);
    // An index's text (written or taken out), not a query's, while words are recorded.
    call.recording = (flags & FTS5_TOKENIZE_DOCUMENT) ? tokenizer->full_text->recording : 0;
    int code = tokenizer->inner.xTokenize(tokenizer->inner_instance, &call, flags, text, length, fold_token);
    if (call.buffer != call.inline_buffer) sqlite3_free(call.buffer);
    return code;
}

const fts5_tokenizer nyt_fold_tokenizer = {fold_create, fold_delete, fold_tokenize};

#ifndef CPACKEDTEXT_H
#define CPACKEDTEXT_H
#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>

/// Adds to `db` the SQL functions `nytpack(text)`, `nyttext(value)` and `nytkey(text)` (packed_text.c):
/// SQLITE_OK, or an SQLite error code.
int nyt_register_packed_text(sqlite3 *db);

/// 1 when the code packed text is written with is whole (code.c), else 0: nothing is packed or unpacked.
int nyt_packed_text_available(void);

/// Packs the `length` bytes of `text` into `packed` (room for `capacity` bytes) as `nytpack` does: the
/// packed size, or 0 when packing would not make the text smaller.
size_t nyt_pack_text(const char *text, size_t length, unsigned char *packed, size_t capacity);

/// Unpacks the `length` bytes of `packed` as `nyttext` does into a buffer of `sqlite3_malloc`, NUL-ended,
/// its size in `unpacked_length`: the buffer (for `sqlite3_free`), or NULL when `packed` is not the packed
/// form of a text.
char *nyt_unpack_text(const unsigned char *packed, size_t length, size_t *unpacked_length);

/// The key `nytkey` gives the `length` bytes of `text`: 32 bits of a hash of them.
uint32_t nyt_text_key(const char *text, size_t length);

#endif

// Packed text: the article table's texts stored in fewer bytes, one value at a time, so that an abstract
// takes about 60 % of its bytes. Each byte of the text is written with a fixed Huffman code made from the
// bytes of real NYT text (code.c); a value needs no table of its own, so packing and unpacking cost a few
// nanoseconds a byte. zstd with a dictionary packed these values as small but took about a microsecond each
// whatever their length, a tenth of a large refresh (docs/performance.md).
//
// An article's NYT uri (`nyt://article/` and a lowercase UUID) has a form of its own, format 2: the kind's
// length (0 for `article`), the kind, then the UUID's 16 bytes: 18 bytes instead of 50, in the row and in
// the index that finds articles by it.
//
// A packed value is a BLOB: the format byte (1: code.c's code), the text's length in bytes as an unsigned
// LEB128 number in as few bytes as it takes, then the codes of its bytes, the first in the lowest bits of
// the first byte, the last byte's unused high bits 0. Text that packing would not make smaller stays TEXT,
// as every value written before packing did; `nyttext` reads both. Reading is strict (a number in more
// bytes than it takes, bits missing, bytes or bits left over): every text has one packed form, and
// anything else is a damaged value, never bytes read as text.
#include "CPackedText.h"
#include "code.h"
#include <pthread.h>
#include <stdint.h>
#include <string.h>

enum {
    format_byte = 1,
    uri_format_byte = 2,
    // `nyt://`, the kind, `/` and the 36 characters of a UUID.
    longest_kind = 32,
    uuid_characters = 36,
    longest_code = 12,
    // Shorter text is kept as it is: the format byte and the length leave it nothing to gain.
    shortest_packed = 6,
    // Longer text is kept as it is (no article field is near it): a bound on what unpacking allocates.
    longest_packed = 1 << 20,
    // The length takes at most three bytes (21 bits).
    longest_length_bytes = 3,
};

// Each byte's code with its bits in the order they are written (lowest first), and its length.
static uint16_t codes[256];
// For every 12 bits read (lowest first): the byte whose code they start with (bits 0-7), the byte of the
// next code when it ends within them too (8-15), the first code's length (16-23), and the bits both codes
// take, or the first one's alone when the second does not end within them (24-31). Two bytes a look-up.
static uint32_t decoding[1 << longest_code];
static int code_ready;
static pthread_once_t code_once = PTHREAD_ONCE_INIT;

static uint16_t reversed(uint16_t bits, int length) {
    uint16_t result = 0;
    for (int i = 0; i < length; i++) result = (uint16_t)((result << 1) | ((bits >> i) & 1));
    return result;
}

// Canonical codes from the lengths: shorter codes first, equal lengths in byte order. The lengths must make
// a complete code (Kraft's sum exactly 1), so that every 12 bits decode to some byte.
static void make_code(void) {
    unsigned count[longest_code + 1] = {0};
    uint32_t kraft = 0;
    for (int byte = 0; byte < 256; byte++) {
        int length = nyt_text_code_lengths[byte];
        if (length < 1 || length > longest_code) return;
        count[length]++;
        kraft += 1u << (longest_code - length);
    }
    if (kraft != 1u << longest_code) return;
    uint16_t next[longest_code + 1] = {0};
    uint16_t code = 0;
    for (int length = 1; length <= longest_code; length++) {
        code = (uint16_t)((code + count[length - 1]) << 1);
        next[length] = code;
    }
    uint16_t first[1 << longest_code];
    for (int byte = 0; byte < 256; byte++) {
        int length = nyt_text_code_lengths[byte];
        uint16_t written = reversed(next[length]++, length);
        codes[byte] = written;
        for (uint32_t rest = 0; rest < 1u << (longest_code - length); rest++)
            first[written | (rest << length)] = (uint16_t)(byte << 8 | length);
    }
    for (uint32_t bits = 0; bits < 1u << longest_code; bits++) {
        uint32_t byte = first[bits] >> 8, length = first[bits] & 0xFF;
        uint32_t second = first[bits >> length], second_length = second & 0xFF;
        uint32_t both = length + second_length <= longest_code ? length + second_length : length;
        decoding[bits] = byte | (second >> 8) << 8 | length << 16 | both << 24;
    }
    code_ready = 1;
}

static int code_available(void) { return pthread_once(&code_once, make_code) == 0 && code_ready; }

int nyt_packed_text_available(void) { return code_available(); }

static const char uri_start[] = "nyt://";
static const char article_kind[] = "article";

static int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

static int is_dash_place(size_t i) { return i == 8 || i == 13 || i == 18 || i == 23; }

// Format 2 when `text` is an NYT uri with a lowercase UUID: its size, else 0.
static size_t pack_uri(const char *text, size_t length, unsigned char *packed, size_t capacity) {
    size_t start = sizeof uri_start - 1;
    if (length <= start + 1 + uuid_characters || memcmp(text, uri_start, start) != 0) return 0;
    size_t kind = length - start - 1 - uuid_characters;
    if (kind > longest_kind || text[start + kind] != '/') return 0;
    for (size_t i = 0; i < kind; i++)
        if (text[start + i] < 'a' || text[start + i] > 'z') return 0;
    int is_article = kind == sizeof article_kind - 1 && memcmp(text + start, article_kind, kind) == 0;
    size_t size = 2 + (is_article ? 0 : kind) + 16;
    if (size > capacity || size >= length) return 0;
    const char *uuid = text + start + kind + 1;
    unsigned char *at = packed;
    *at++ = uri_format_byte;
    *at++ = (unsigned char)(is_article ? 0 : kind);
    if (!is_article) {
        memcpy(at, text + start, kind);
        at += kind;
    }
    int high = -1;
    for (size_t i = 0; i < uuid_characters; i++) {
        if (is_dash_place(i)) {
            if (uuid[i] != '-') return 0;
            continue;
        }
        int value = hex_value(uuid[i]);
        if (value < 0) return 0;
        if (high < 0) {
            high = value;
        } else {
            *at++ = (unsigned char)(high << 4 | value);
            high = -1;
        }
    }
    return size;
}

// The uri a format-2 value stands for, or NULL.
static char *unpack_uri(const unsigned char *packed, size_t length, size_t *unpacked_length) {
    if (length < 2 + 16 || packed[0] != uri_format_byte) return NULL;
    size_t kind = packed[1];
    if (kind > longest_kind || length != 2 + kind + 16) return NULL;
    const unsigned char *name = kind == 0 ? (const unsigned char *)article_kind : packed + 2;
    size_t name_length = kind == 0 ? sizeof article_kind - 1 : kind;
    // The kind `article` is written as 0 only; a kind is lowercase letters.
    if (kind == name_length && kind == sizeof article_kind - 1 && memcmp(name, article_kind, kind) == 0 && packed[1] != 0)
        return NULL;
    for (size_t i = 0; i < name_length; i++)
        if (name[i] < 'a' || name[i] > 'z') return NULL;
    size_t start = sizeof uri_start - 1;
    size_t count = start + name_length + 1 + uuid_characters;
    char *text = sqlite3_malloc64(count + 1);
    if (text == NULL) return NULL;
    memcpy(text, uri_start, start);
    memcpy(text + start, name, name_length);
    text[start + name_length] = '/';
    char *uuid = text + start + name_length + 1;
    const unsigned char *bytes = packed + 2 + kind;
    static const char digits[] = "0123456789abcdef";
    size_t nibble = 0;
    for (size_t i = 0; i < uuid_characters; i++) {
        if (is_dash_place(i)) {
            uuid[i] = '-';
            continue;
        }
        unsigned char byte = bytes[nibble / 2];
        uuid[i] = digits[nibble % 2 == 0 ? byte >> 4 : byte & 0xF];
        nibble++;
    }
    text[count] = 0;
    *unpacked_length = count;
    return text;
}

size_t nyt_pack_text(const char *text, size_t length, unsigned char *packed, size_t capacity) {
    size_t uri = pack_uri(text, length, packed, capacity);
    if (uri > 0) return uri;
    if (length < shortest_packed || length > longest_packed || !code_available()) return 0;
    // Only a result smaller than the text is kept.
    size_t room = capacity < length - 1 ? capacity : length - 1;
    size_t at = 0;
    if (room < 1 + longest_length_bytes) return 0;
    packed[at++] = format_byte;
    size_t rest = length;
    do {
        unsigned char byte = rest & 0x7F;
        rest >>= 7;
        packed[at++] = rest ? byte | 0x80 : byte;
    } while (rest);
    uint64_t bits = 0;
    int held = 0;
    for (size_t i = 0; i < length; i++) {
        unsigned char byte = (unsigned char)text[i];
        bits |= (uint64_t)codes[byte] << held;
        held += nyt_text_code_lengths[byte];
        // Four bytes at a time (little-endian, as the bits are read back).
        if (held >= 32) {
            if (at + 4 > room) return 0;
            uint32_t word = (uint32_t)bits;
            packed[at] = (unsigned char)word;
            packed[at + 1] = (unsigned char)(word >> 8);
            packed[at + 2] = (unsigned char)(word >> 16);
            packed[at + 3] = (unsigned char)(word >> 24);
            at += 4;
            bits >>= 32;
            held -= 32;
        }
    }
    for (; held > 0; held -= 8) {
        if (at >= room) return 0;
        packed[at++] = (unsigned char)bits;
        bits >>= 8;
    }
    return at;
}

// Writes the byte or two bytes a look-up of `decoding` gives at `text[*i]` (the place after the first is
// written either way) and moves `*i` past them: the number of bits their codes take.
static inline int take_two(uint32_t entry, char *text, size_t *i) {
    int both = entry >> 24;
    text[*i] = (char)entry;
    text[*i + 1] = (char)(entry >> 8);
    *i += both == (int)((entry >> 16) & 0xFF) ? 1 : 2;
    return both;
}

char *nyt_unpack_text(const unsigned char *packed, size_t length, size_t *unpacked_length) {
    if (length >= 1 && packed[0] == uri_format_byte) return unpack_uri(packed, length, unpacked_length);
    if (length < 2 || packed[0] != format_byte || !code_available()) return NULL;
    size_t at = 1;
    size_t count = 0;
    for (int shift = 0;; shift += 7) {
        if (at >= length || shift >= 7 * longest_length_bytes) return NULL;
        unsigned char byte = packed[at++];
        count |= (size_t)(byte & 0x7F) << shift;
        if (!(byte & 0x80)) {
            // The fewest bytes only: a last byte of 0 after the first is the same number written longer.
            if (byte == 0 && shift > 0) return NULL;
            break;
        }
    }
    // Every code takes a bit at least: a length the bits cannot hold is refused before allocating it.
    if (count < shortest_packed || count > longest_packed || count > (length - at) * 8) return NULL;
    char *text = sqlite3_malloc64(count + 1);
    if (text == NULL) return NULL;
    const uint64_t mask = (1u << longest_code) - 1;
    uint64_t bits = 0;
    int held = 0;
    size_t i = 0;
    // While eight bytes are left to read: 56 bits or more held at once (the bytes past the last whole one
    // read again next time), four look-ups of at most 12 bits each, two bytes a look-up.
    while (i + 8 < count && at + 8 <= length) {
        bits |= ((uint64_t)packed[at] | (uint64_t)packed[at + 1] << 8 | (uint64_t)packed[at + 2] << 16 |
                 (uint64_t)packed[at + 3] << 24 | (uint64_t)packed[at + 4] << 32 | (uint64_t)packed[at + 5] << 40 |
                 (uint64_t)packed[at + 6] << 48 | (uint64_t)packed[at + 7] << 56)
                << held;
        at += (size_t)(63 - held) >> 3;
        held |= 56;
        for (int lookup = 0; lookup < 4; lookup++) {
            int taken = take_two(decoding[bits & mask], text, &i);
            bits >>= taken;
            held -= taken;
        }
    }
    for (;;) {
        // Four bytes at a time while they last, then the rest one by one.
        if (held < 32 && at + 4 <= length) {
            bits |= (uint64_t)((uint32_t)packed[at] | (uint32_t)packed[at + 1] << 8 | (uint32_t)packed[at + 2] << 16 |
                               (uint32_t)packed[at + 3] << 24)
                    << held;
            at += 4;
            held += 32;
        } else {
            while (held <= 56 && at < length) {
                bits |= (uint64_t)packed[at++] << held;
                held += 8;
            }
        }
        // Codes whose 12 bits are all here; once every byte is read, the last ones with the bits left.
        int last = at == length;
        // Two bytes a look-up while two are wanted (the buffer has a byte past the text for the second).
        while (held >= longest_code && i + 1 < count) {
            int taken = take_two(decoding[bits & mask], text, &i);
            bits >>= taken;
            held -= taken;
        }
        while (i < count && (held >= longest_code || last)) {
            uint32_t entry = decoding[bits & mask];
            int code_length = (entry >> 16) & 0xFF;
            if (code_length > held) goto damaged;
            text[i++] = (char)entry;
            bits >>= code_length;
            held -= code_length;
        }
        if (i == count) break;
        if (last) goto damaged;
    }
    // Whole: every byte read, fewer than 8 bits left, all of them 0.
    if (at != length || held >= 8 || bits != 0) goto damaged;
    text[count] = 0;
    *unpacked_length = count;
    return text;
damaged:
    sqlite3_free(text);
    return NULL;
}

// nytpack(value): TEXT packed when that makes it smaller (a BLOB), else the value as it is.
static void nytpack(sqlite3_context *call, int count, sqlite3_value **values) {
    (void)count;
    if (sqlite3_value_type(values[0]) != SQLITE_TEXT) {
        sqlite3_result_value(call, values[0]);
        return;
    }
    const char *text = (const char *)sqlite3_value_text(values[0]);
    int length = sqlite3_value_bytes(values[0]);
    if (text == NULL) {
        sqlite3_result_error_nomem(call);
        return;
    }
    if (length < shortest_packed || length > longest_packed) {
        sqlite3_result_value(call, values[0]);
        return;
    }
    unsigned char *packed = sqlite3_malloc(length);
    if (packed == NULL) {
        sqlite3_result_error_nomem(call);
        return;
    }
    size_t size = nyt_pack_text(text, (size_t)length, packed, (size_t)length);
    if (size == 0) {
        sqlite3_free(packed);
        sqlite3_result_value(call, values[0]);
        return;
    }
    sqlite3_result_blob(call, packed, (int)size, sqlite3_free);
}

// nyttext(value): the text of a packed value, any other value as it is; a BLOB that is not packed text is
// a damaged cache (SQLITE_CORRUPT).
static void nyttext(sqlite3_context *call, int count, sqlite3_value **values) {
    (void)count;
    if (sqlite3_value_type(values[0]) != SQLITE_BLOB) {
        sqlite3_result_value(call, values[0]);
        return;
    }
    const unsigned char *packed = sqlite3_value_blob(values[0]);
    int length = sqlite3_value_bytes(values[0]);
    size_t size = 0;
    char *text = packed == NULL ? NULL : nyt_unpack_text(packed, (size_t)length, &size);
    if (text == NULL) {
        sqlite3_result_error(call, "damaged packed text", -1);
        sqlite3_result_error_code(call, SQLITE_CORRUPT);
        return;
    }
    sqlite3_result_text64(call, text, size, sqlite3_free, SQLITE_UTF8);
}

uint32_t nyt_text_key(const char *text, size_t length) {
    // FNV-1a over the bytes, then murmur3's finalizer to spread them over all 32 bits.
    uint32_t hash = 2166136261u;
    for (size_t i = 0; i < length; i++) hash = (hash ^ (unsigned char)text[i]) * 16777619u;
    hash ^= hash >> 16;
    hash *= 0x85ebca6bu;
    hash ^= hash >> 13;
    hash *= 0xc2b2ae35u;
    hash ^= hash >> 16;
    return hash;
}

// nytkey(text): a number of 32 bits made from the text's bytes, for an index a quarter the size of one
// on the text (`article_urlKey`); equal texts have equal keys, and a lookup compares the text after it.
// NULL for NULL; any other value is keyed by its text.
static void nytkey(sqlite3_context *call, int count, sqlite3_value **values) {
    (void)count;
    if (sqlite3_value_type(values[0]) == SQLITE_NULL) return;
    const char *text = (const char *)sqlite3_value_text(values[0]);
    if (text == NULL) {
        sqlite3_result_error_nomem(call);
        return;
    }
    sqlite3_result_int64(call, nyt_text_key(text, (size_t)sqlite3_value_bytes(values[0])));
}

int nyt_register_packed_text(sqlite3 *db) {
    if (!code_available()) return SQLITE_ERROR;
    int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
    int code = sqlite3_create_function_v2(db, "nytpack", 1, flags, 0, nytpack, 0, 0, 0);
    if (code != SQLITE_OK) return code;
    code = sqlite3_create_function_v2(db, "nyttext", 1, flags, 0, nyttext, 0, 0, 0);
    if (code != SQLITE_OK) return code;
    return sqlite3_create_function_v2(db, "nytkey", 1, flags, 0, nytkey, 0, 0, 0);
}

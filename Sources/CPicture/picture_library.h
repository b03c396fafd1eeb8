#ifndef PICTURE_LIBRARY_H
#define PICTURE_LIBRARY_H

#include "CPicture.h"

#include <pthread.h>
#include <stddef.h>

/// A shared library loaded on first use (dlopen, RTLD_LOCAL) and the functions looked up in it.
typedef struct picture_library {
    /// The file to load, e.g. "libjpeg.so.62".
    const char *file;
    /// `count` symbol names, and where to put each one's address.
    const char *const *symbols;
    void **const *slots;
    size_t count;
    pthread_mutex_t lock;
    /// 0 before the first try, 1 loaded, -1 failed (the reason in `error`).
    int state;
    char error[200];
} picture_library;

/// A library of `file` whose `symbols` go to `slots` (two arrays of the same length).
#define PICTURE_LIBRARY(file, symbols, slots)                                                               \
    {file, symbols, slots, sizeof(symbols) / sizeof(symbols)[0], PTHREAD_MUTEX_INITIALIZER, 0, ""};         \
    _Static_assert(sizeof(symbols) / sizeof(symbols)[0] == sizeof(slots) / sizeof(slots)[0],              \
                   "a slot for every symbol")

/// Loads `library` on the first call; later calls answer at once. 1 when it is usable, else 0.
int picture_library_load(picture_library *library);

/// Copies `text` into `message` (size `size`), cut to fit.
void picture_message(char *message, size_t size, const char *text);

/// Clears `image`, checks a decode's arguments and loads its `library`: 0 to go on, else -1 with `image`
/// failed.
int picture_decode_start(nyt_picture_image *image, const uint8_t *bytes, size_t count,
                         const nyt_picture_limits *limits, picture_library *library);

/// Marks `image` decoded, `width` × `height` pixels taken from `*pixels` (which becomes NULL).
void picture_decode_succeed(nyt_picture_image *image, uint32_t width, uint32_t height, uint8_t **pixels);

/// Marks `image` failed with `status` and `message`.
void picture_decode_fail(nyt_picture_image *image, nyt_picture_status status, const char *message);

#endif

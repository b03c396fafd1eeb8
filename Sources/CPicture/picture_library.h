#ifndef PICTURE_LIBRARY_H
#define PICTURE_LIBRARY_H

#include <stddef.h>

/// The loaded library `name` (RTLD_NOW | RTLD_LOCAL), or NULL with the reason in `error`.
void *picture_library_open(const char *name, char *error, size_t size);

/// Looks up each of `count` symbols of `library`: `names[i]` into `*slots[i]`. 0 when all were found,
/// else -1 with the first missing name in `error`.
int picture_library_bind(void *library, const char *library_name, const char *const *names,
                         void **const *slots, size_t count, char *error, size_t size);

/// Copies `text` into `message` (size `size`), cut to fit.
void picture_message(char *message, size_t size, const char *text);

#endif

#include "picture_library.h"

#include <dlfcn.h>
#include <stdio.h>

void *picture_library_open(const char *name, char *error, size_t size) {
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(error, size, "%s could not be loaded: %s", name, reason ? reason : "unknown error");
    }
    return library;
}

int picture_library_bind(void *library, const char *library_name, const char *const *names,
                         void **const *slots, size_t count, char *error, size_t size) {
    for (size_t index = 0; index < count; index++) {
        *slots[index] = dlsym(library, names[index]);
        if (!*slots[index]) {
            snprintf(error, size, "%s has no %s", library_name, names[index]);
            return -1;
        }
    }
    return 0;
}

void picture_message(char *message, size_t size, const char *text) {
    if (message && size) snprintf(message, size, "%s", text);
}

#include "picture_library.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

static int load(picture_library *library) {
    void *handle = dlopen(library->file, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(library->error, sizeof library->error, "%s could not be loaded: %s", library->file,
                 reason ? reason : "unknown error");
        return -1;
    }
    for (size_t index = 0; index < library->count; index++) {
        *library->slots[index] = dlsym(handle, library->symbols[index]);
        if (!*library->slots[index]) {
            snprintf(library->error, sizeof library->error, "%s has no %s", library->file, library->symbols[index]);
            return -1;
        }
    }
    return 1;
}

int picture_library_load(picture_library *library) {
    pthread_mutex_lock(&library->lock);
    if (library->state == 0) library->state = load(library);
    int state = library->state;
    pthread_mutex_unlock(&library->lock);
    return state == 1;
}

void picture_message(char *message, size_t size, const char *text) {
    if (message && size) snprintf(message, size, "%s", text);
}

void picture_decode_fail(nyt_picture_image *image, nyt_picture_status status, const char *message) {
    image->status = status;
    picture_message(image->message, sizeof image->message, message);
}

void picture_decode_succeed(nyt_picture_image *image, uint32_t width, uint32_t height, uint8_t **pixels) {
    image->status = NYT_PICTURE_OK;
    image->width = width;
    image->height = height;
    image->pixels = *pixels;
    *pixels = NULL;
}

int picture_decode_start(nyt_picture_image *image, const uint8_t *bytes, size_t count,
                         const nyt_picture_limits *limits, picture_library *library) {
    memset(image, 0, sizeof *image);
    if (!bytes || count == 0 || !limits) {
        picture_decode_fail(image, NYT_PICTURE_INVALID_ARGUMENT, "no picture data");
        return -1;
    }
    if (!picture_library_load(library)) {
        picture_decode_fail(image, NYT_PICTURE_NOT_LOADED, library->error);
        return -1;
    }
    return 0;
}

// PNG decoding through libpng (libpng16.so.16), loaded on first use. libpng's errors and warnings go to
// functions here that keep the words and jump back to the decode call, never to stderr.
#include "CPicture.h"
#include "picture_library.h"

#include <limits.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

/// The most memory libpng may give one ancillary chunk (a compressed text or color profile inflating to
/// more is refused instead of filling memory).
#define MAXIMUM_CHUNK_BYTES (4u << 20)

static struct {
    __typeof__(png_create_read_struct) *create_read_struct;
    __typeof__(png_create_info_struct) *create_info_struct;
    __typeof__(png_destroy_read_struct) *destroy_read_struct;
    __typeof__(png_set_read_fn) *set_read_fn;
    __typeof__(png_get_io_ptr) *get_io_ptr;
    __typeof__(png_get_error_ptr) *get_error_ptr;
    __typeof__(png_error) *error;
    __typeof__(png_set_chunk_malloc_max) *set_chunk_malloc_max;
    __typeof__(png_read_info) *read_info;
    __typeof__(png_get_IHDR) *get_IHDR;
    __typeof__(png_get_valid) *get_valid;
    __typeof__(png_set_expand) *set_expand;
    __typeof__(png_set_scale_16) *set_scale_16;
    __typeof__(png_set_gray_to_rgb) *set_gray_to_rgb;
    __typeof__(png_set_filler) *set_filler;
    __typeof__(png_set_interlace_handling) *set_interlace_handling;
    __typeof__(png_read_update_info) *read_update_info;
    __typeof__(png_get_rowbytes) *get_rowbytes;
    __typeof__(png_read_row) *read_row;
} png;

static const char *const symbols[] = {
    "png_create_read_struct", "png_create_info_struct", "png_destroy_read_struct", "png_set_read_fn",
    "png_get_io_ptr", "png_get_error_ptr", "png_error", "png_set_chunk_malloc_max", "png_read_info",
    "png_get_IHDR", "png_get_valid", "png_set_expand", "png_set_scale_16", "png_set_gray_to_rgb",
    "png_set_filler", "png_set_interlace_handling", "png_read_update_info", "png_get_rowbytes",
    "png_read_row",
    };
static void **const slots[] = {
    (void **)&png.create_read_struct, (void **)&png.create_info_struct, (void **)&png.destroy_read_struct,
    (void **)&png.set_read_fn, (void **)&png.get_io_ptr, (void **)&png.get_error_ptr, (void **)&png.error,
    (void **)&png.set_chunk_malloc_max, (void **)&png.read_info, (void **)&png.get_IHDR,
    (void **)&png.get_valid, (void **)&png.set_expand, (void **)&png.set_scale_16,
    (void **)&png.set_gray_to_rgb, (void **)&png.set_filler, (void **)&png.set_interlace_handling,
    (void **)&png.read_update_info, (void **)&png.get_rowbytes, (void **)&png.read_row,
    };
static picture_library library = PICTURE_LIBRARY("libpng16.so.16", symbols, slots);

// MARK: - Shrinking while reading

/// Averages each `factor` × `factor` block of the rows it is given into one pixel (colors weighted by
/// alpha), so a large picture is never held whole: only one row of sums.
typedef struct shrinker {
    uint32_t factor;
    uint32_t width;
    uint32_t height;
    uint32_t rows_in;
    uint64_t *sums;
    uint8_t *pixels;
} shrinker;

/// The largest whole factor that keeps the picture, fitted into the target with its aspect kept, at least
/// as large as that fit, and at least one pixel each way (a wide picture fitted into a small box).
static uint32_t shrink_factor(uint32_t width, uint32_t height, const nyt_picture_limits *limits) {
    if (limits->target_width == 0 || limits->target_height == 0) return 1;
    uint32_t by_width = width / limits->target_width;
    uint32_t by_height = height / limits->target_height;
    uint32_t factor = by_width > by_height ? by_width : by_height;
    uint32_t shortest = width < height ? width : height;
    if (factor > shortest) factor = shortest;
    return factor < 1 ? 1 : factor;
}

static void shrink_row(shrinker *shrink, const uint8_t *row) {
    uint32_t output_row = shrink->rows_in / shrink->factor;
    shrink->rows_in++;
    if (output_row >= shrink->height) return;
    for (uint32_t x = 0; x < shrink->width * shrink->factor; x++) {
        const uint8_t *pixel = row + (size_t)x * 4;
        uint64_t *sum = shrink->sums + (size_t)(x / shrink->factor) * 4;
        sum[0] += (uint64_t)pixel[0] * pixel[3];
        sum[1] += (uint64_t)pixel[1] * pixel[3];
        sum[2] += (uint64_t)pixel[2] * pixel[3];
        sum[3] += pixel[3];
    }
    if (shrink->rows_in % shrink->factor != 0) return;
    uint64_t area = (uint64_t)shrink->factor * shrink->factor;
    uint8_t *out = shrink->pixels + (size_t)output_row * shrink->width * 4;
    for (uint32_t x = 0; x < shrink->width; x++) {
        uint64_t *sum = shrink->sums + (size_t)x * 4;
        for (int channel = 0; channel < 3; channel++) {
            out[x * 4 + channel] = sum[3] ? (uint8_t)(sum[channel] / sum[3]) : 0;
        }
        out[x * 4 + 3] = (uint8_t)(sum[3] / area);
    }
    memset(shrink->sums, 0, (size_t)shrink->width * 4 * sizeof *shrink->sums);
}

// MARK: - Decoding

/// The decoder's state, kept out of registers so that it survives a longjmp.
typedef struct decoding {
    jmp_buf jump;
    const uint8_t *bytes;
    size_t count;
    size_t offset;
    int ended_early;
    char message[200];
    png_structp reader;
    png_infop info;
    uint8_t *row;
    uint8_t *whole;
    shrinker shrink;
} decoding;

static void on_error(png_structp reader, png_const_charp message) {
    decoding *state = png.get_error_ptr(reader);
    picture_message(state->message, sizeof state->message, message);
    longjmp(state->jump, 1);
}

static void on_warning(png_structp reader, png_const_charp message) { (void)reader, (void)message; }

static void on_read(png_structp reader, png_bytep data, size_t length) {
    decoding *state = png.get_io_ptr(reader);
    if (length > state->count - state->offset) {
        state->ended_early = 1;
        png.error(reader, "the PNG data ends early");
        return;
    }
    memcpy(data, state->bytes + state->offset, length);
    state->offset += length;
}

static void decode(decoding *state, const nyt_picture_limits *limits, nyt_picture_image *image) {
    if (setjmp(state->jump)) {
        picture_decode_fail(image, state->ended_early ? NYT_PICTURE_TRUNCATED : NYT_PICTURE_CORRUPT, state->message);
        return;
    }
    state->reader = png.create_read_struct(PNG_LIBPNG_VER_STRING, state, on_error, on_warning);
    if (!state->reader) {
        picture_decode_fail(image, NYT_PICTURE_OUT_OF_MEMORY, "libpng could not start");
        return;
    }
    state->info = png.create_info_struct(state->reader);
    if (!state->info) {
        picture_decode_fail(image, NYT_PICTURE_OUT_OF_MEMORY, "libpng could not start");
        return;
    }
    png.set_read_fn(state->reader, state, on_read);
    png.set_chunk_malloc_max(state->reader, MAXIMUM_CHUNK_BYTES);
    png.read_info(state->reader, state->info);

    png_uint_32 width, height;
    int depth, color, interlace;
    png.get_IHDR(state->reader, state->info, &width, &height, &depth, &color, &interlace, NULL, NULL);
    uint64_t declared = (uint64_t)width * height;
    if (width == 0 || height == 0 || declared > limits->maximum_pixels) {
        image->width = width;
        image->height = height;
        picture_decode_fail(image, NYT_PICTURE_TOO_MANY_PIXELS, "the PNG declares too many pixels");
        return;
    }
    if (interlace != PNG_INTERLACE_NONE && declared * 4 > limits->maximum_working_bytes) {
        picture_decode_fail(image, NYT_PICTURE_OUT_OF_MEMORY,
                            "an interlaced PNG this large would have to be held whole");
        return;
    }
    png.set_expand(state->reader);
    if (depth == 16) png.set_scale_16(state->reader);
    if (!(color & PNG_COLOR_MASK_COLOR)) png.set_gray_to_rgb(state->reader);
    if (!(color & PNG_COLOR_MASK_ALPHA) && !png.get_valid(state->reader, state->info, PNG_INFO_tRNS)) {
        png.set_filler(state->reader, 0xff, PNG_FILLER_AFTER);
    }
    int passes = png.set_interlace_handling(state->reader);
    png.read_update_info(state->reader, state->info);
    size_t row_bytes = (size_t)width * 4;
    if (png.get_rowbytes(state->reader, state->info) != row_bytes) {
        picture_decode_fail(image, NYT_PICTURE_CORRUPT, "the PNG did not convert to RGBA");
        return;
    }

    shrinker *shrink = &state->shrink;
    shrink->factor = shrink_factor(width, height, limits);
    shrink->width = width / shrink->factor;
    shrink->height = height / shrink->factor;
    shrink->sums = calloc((size_t)shrink->width * 4, sizeof *shrink->sums);
    shrink->pixels = malloc((size_t)shrink->width * shrink->height * 4);
    if (passes > 1) {
        state->whole = calloc(height, row_bytes);
    } else {
        state->row = malloc(row_bytes);
    }
    if (!shrink->sums || !shrink->pixels || (!state->whole && !state->row)) {
        picture_decode_fail(image, NYT_PICTURE_OUT_OF_MEMORY, "no memory for the picture");
        return;
    }
    if (passes > 1) {
        // Each pass fills in more pixels of every row: the rows can be shrunk only after the last.
        for (int pass = 0; pass < passes; pass++) {
            for (png_uint_32 y = 0; y < height; y++) png.read_row(state->reader, state->whole + row_bytes * y, NULL);
        }
        for (png_uint_32 y = 0; y < height; y++) shrink_row(shrink, state->whole + row_bytes * y);
    } else {
        for (png_uint_32 y = 0; y < height; y++) {
            png.read_row(state->reader, state->row, NULL);
            shrink_row(shrink, state->row);
        }
    }
    picture_decode_succeed(image, shrink->width, shrink->height, &shrink->pixels);
}

void nyt_picture_decode_png(const uint8_t *bytes, size_t count, const nyt_picture_limits *limits,
                            nyt_picture_image *image) {
    if (picture_decode_start(image, bytes, count, limits, &library) != 0) return;
    decoding *state = calloc(1, sizeof *state);
    if (!state) {
        picture_decode_fail(image, NYT_PICTURE_OUT_OF_MEMORY, "no memory for the decoder");
        return;
    }
    state->bytes = bytes;
    state->count = count;
    decode(state, limits, image);
    if (state->reader) png.destroy_read_struct(&state->reader, state->info ? &state->info : NULL, NULL);
    free(state->row);
    free(state->whole);
    free(state->shrink.sums);
    free(state->shrink.pixels);
    free(state);
}

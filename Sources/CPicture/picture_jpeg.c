// JPEG decoding through libjpeg-turbo (libjpeg.so.62), loaded on first use. libjpeg reports a fatal error
// by calling error_exit, whose default prints and exits the process: here it jumps back to the decode
// call instead, and messages are kept, never printed.
#include "CPicture.h"
#include "picture_library.h"

#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

/// libjpeg-turbo's progressive decoder runs once per scan; a crafted file can hold thousands of them.
/// The same bound as libjpeg-turbo's own TJFLAG_LIMITSCANS.
#define MAXIMUM_SCANS 500

static struct {
    __typeof__(jpeg_std_error) *std_error;
    __typeof__(jpeg_CreateDecompress) *create_decompress;
    __typeof__(jpeg_mem_src) *mem_src;
    __typeof__(jpeg_read_header) *read_header;
    __typeof__(jpeg_calc_output_dimensions) *calc_output_dimensions;
    __typeof__(jpeg_start_decompress) *start_decompress;
    __typeof__(jpeg_read_scanlines) *read_scanlines;
    __typeof__(jpeg_finish_decompress) *finish_decompress;
    __typeof__(jpeg_destroy_decompress) *destroy_decompress;
} jpeg;

static const char *const symbols[] = {
    "jpeg_std_error", "jpeg_CreateDecompress", "jpeg_mem_src", "jpeg_read_header",
    "jpeg_calc_output_dimensions", "jpeg_start_decompress", "jpeg_read_scanlines",
    "jpeg_finish_decompress", "jpeg_destroy_decompress",
    };
static void **const slots[] = {
    (void **)&jpeg.std_error, (void **)&jpeg.create_decompress, (void **)&jpeg.mem_src,
    (void **)&jpeg.read_header, (void **)&jpeg.calc_output_dimensions, (void **)&jpeg.start_decompress,
    (void **)&jpeg.read_scanlines, (void **)&jpeg.finish_decompress, (void **)&jpeg.destroy_decompress,
    };
static picture_library library = PICTURE_LIBRARY("libjpeg.so.62", symbols, slots);

/// libjpeg's error manager, extended with where to jump and what happened.
typedef struct decoder_errors {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    /// Whether libjpeg warned that the data ended early (it would then pad the picture with gray).
    int ended_early;
    char message[JMSG_LENGTH_MAX];
} decoder_errors;

static void on_error(j_common_ptr info) {
    decoder_errors *errors = (decoder_errors *)info->err;
    errors->manager.format_message(info, errors->message);
    longjmp(errors->jump, 1);
}

static void on_message(j_common_ptr info, int level) {
    decoder_errors *errors = (decoder_errors *)info->err;
    // Level -1 is a warning about the data; higher levels are traces, never wanted.
    if (level == -1 && errors->manager.msg_code == JWRN_JPEG_EOF) errors->ended_early = 1;
}

static void on_output_message(j_common_ptr info) { (void)info; }

static void on_progress(j_common_ptr info) {
    j_decompress_ptr decompress = (j_decompress_ptr)info;
    if (decompress->input_scan_number > MAXIMUM_SCANS) {
        decoder_errors *errors = (decoder_errors *)info->err;
        snprintf(errors->message, sizeof errors->message, "more than %d scans", MAXIMUM_SCANS);
        longjmp(errors->jump, 1);
    }
}

/// The largest of 1/8, 1/4, 1/2 (the scales libjpeg-turbo decodes fastest) that keeps the picture, fitted
/// into the target with its aspect kept, at least as large as that fit; 1 when there is no target.
static unsigned scale_denominator(unsigned width, unsigned height, const nyt_picture_limits *limits) {
    if (limits->target_width == 0 || limits->target_height == 0) return 1;
    for (unsigned denominator = 8; denominator > 1; denominator /= 2) {
        if ((uint64_t)denominator * limits->target_width <= width
            || (uint64_t)denominator * limits->target_height <= height) {
            return denominator;
        }
    }
    return 1;
}

/// Whether the JPEG's channels are inks (CMYK, or YCCK, which libjpeg turns into CMYK): libjpeg-turbo
/// converts them to no RGB color space, so they are read as CMYK and converted here.
static int has_inks(const struct jpeg_decompress_struct *info) {
    return info->jpeg_color_space == JCS_CMYK || info->jpeg_color_space == JCS_YCCK;
}

/// `a * b / 255`, rounded.
static uint8_t scaled(unsigned a, unsigned b) { return (uint8_t)((a * b + 127) / 255); }

/// Turns a row of `count` CMYK pixels into RGBA in place (both are 4 bytes a pixel). Photoshop (any JPEG
/// with an Adobe marker) stores the inks inverted, 255 for none; others store the inks, 255 for full.
static void inks_to_rgba(uint8_t *row, size_t count, int inverted) {
    for (size_t index = 0; index < count; index++) {
        uint8_t *pixel = row + index * 4;
        unsigned black = inverted ? pixel[3] : 255u - pixel[3];
        for (int channel = 0; channel < 3; channel++) {
            pixel[channel] = scaled(inverted ? pixel[channel] : 255u - pixel[channel], black);
        }
        pixel[3] = 255;
    }
}

/// The decoder's state, kept out of registers so that it survives a longjmp.
typedef struct decoding {
    struct jpeg_decompress_struct info;
    decoder_errors errors;
    struct jpeg_progress_mgr progress;
    uint8_t *pixels;
    int created;
} decoding;

static void decode(decoding *state, const uint8_t *bytes, size_t count, const nyt_picture_limits *limits,
                   nyt_picture_image *image) {
    struct jpeg_decompress_struct *info = &state->info;
    info->err = jpeg.std_error(&state->errors.manager);
    state->errors.manager.error_exit = on_error;
    state->errors.manager.emit_message = on_message;
    state->errors.manager.output_message = on_output_message;
    if (setjmp(state->errors.jump)) {
        const char *message = state->errors.message;
        int memory = state->errors.manager.msg_code == JERR_OUT_OF_MEMORY
            || state->errors.manager.msg_code == JERR_NO_BACKING_STORE;
        // Data cut inside the header ends in libjpeg's stand-in end marker, then an error about it.
        picture_decode_fail(image, memory ? NYT_PICTURE_OUT_OF_MEMORY
                           : state->errors.ended_early ? NYT_PICTURE_TRUNCATED : NYT_PICTURE_CORRUPT, message);
        return;
    }
    jpeg.create_decompress(info, JPEG_LIB_VERSION, sizeof *info);
    state->created = 1;
    info->mem->max_memory_to_use = (long)(limits->maximum_working_bytes > (uint64_t)LONG_MAX
                                              ? LONG_MAX : limits->maximum_working_bytes);
    state->progress.progress_monitor = on_progress;
    info->progress = &state->progress;
    jpeg.mem_src(info, bytes, (unsigned long)count);
    if (jpeg.read_header(info, TRUE) != JPEG_HEADER_OK) {
        picture_decode_fail(image, NYT_PICTURE_CORRUPT, "no picture in the JPEG data");
        return;
    }
    if (state->errors.ended_early) {
        picture_decode_fail(image, NYT_PICTURE_TRUNCATED, "the JPEG data ends inside its header");
        return;
    }
    uint64_t declared = (uint64_t)info->image_width * info->image_height;
    if (info->image_width == 0 || info->image_height == 0 || declared > limits->maximum_pixels) {
        image->width = info->image_width;
        image->height = info->image_height;
        picture_decode_fail(image, NYT_PICTURE_TOO_MANY_PIXELS, "the JPEG declares too many pixels");
        return;
    }
    int inks = has_inks(info);
    info->out_color_space = inks ? JCS_CMYK : JCS_EXT_RGBA;
    info->scale_num = 1;
    info->scale_denom = scale_denominator(info->image_width, info->image_height, limits);
    jpeg.calc_output_dimensions(info);
    if (info->output_components != 4) {
        picture_decode_fail(image, NYT_PICTURE_CORRUPT, "the JPEG's color space has no 4-byte output");
        return;
    }
    size_t row_bytes = (size_t)info->output_width * 4;
    state->pixels = malloc(row_bytes * info->output_height);
    if (!state->pixels) {
        picture_decode_fail(image, NYT_PICTURE_OUT_OF_MEMORY, "no memory for the picture");
        return;
    }
    jpeg.start_decompress(info);
    while (info->output_scanline < info->output_height) {
        JSAMPROW row = state->pixels + row_bytes * info->output_scanline;
        if (jpeg.read_scanlines(info, &row, 1) != 1) {
            picture_decode_fail(image, NYT_PICTURE_TRUNCATED, "the JPEG data ends early");
            return;
        }
        if (state->errors.ended_early) {
            picture_decode_fail(image, NYT_PICTURE_TRUNCATED, "the JPEG data ends early");
            return;
        }
        if (inks) inks_to_rgba(row, info->output_width, info->saw_Adobe_marker);
    }
    jpeg.finish_decompress(info);
    if (state->errors.ended_early) {
        picture_decode_fail(image, NYT_PICTURE_TRUNCATED, "the JPEG data ends early");
        return;
    }
    picture_decode_succeed(image, info->output_width, info->output_height, &state->pixels);
}

void nyt_picture_decode_jpeg(const uint8_t *bytes, size_t count, const nyt_picture_limits *limits,
                             nyt_picture_image *image) {
    if (picture_decode_start(image, bytes, count, limits, &library) != 0) return;
    decoding *state = calloc(1, sizeof *state);
    if (!state) {
        picture_decode_fail(image, NYT_PICTURE_OUT_OF_MEMORY, "no memory for the decoder");
        return;
    }
    decode(state, bytes, count, limits, image);
    if (state->created) jpeg.destroy_decompress(&state->info);
    free(state->pixels);
    free(state);
}

void nyt_picture_free(void *pixels) { free(pixels); }

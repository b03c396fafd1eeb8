#ifndef CPICTURE_H
#define CPICTURE_H

#include <stddef.h>
#include <stdint.h>

/// Pictures for the terminal: JPEG and PNG decoding (libjpeg-turbo, libpng) and rendering into cells or a
/// graphics protocol's escapes (libchafa). Each library is loaded (dlopen) on its first use, so a program
/// that never shows a picture never maps them, and the binary names none of them. No call prints, exits or
/// aborts on bad input: every failure comes back as a status with words.

/// What a call came to.
typedef enum nyt_picture_status {
    NYT_PICTURE_OK = 0,
    /// The library could not be loaded (`message` says which and why).
    NYT_PICTURE_NOT_LOADED = 1,
    /// The header declares more pixels than allowed (`width` and `height` hold the declared size).
    NYT_PICTURE_TOO_MANY_PIXELS = 2,
    /// The data ends before the picture does.
    NYT_PICTURE_TRUNCATED = 3,
    /// The decoder refused the data (`message` holds its words).
    NYT_PICTURE_CORRUPT = 4,
    /// Decoding would need more working memory than allowed, or an allocation failed.
    NYT_PICTURE_OUT_OF_MEMORY = 5,
    /// An argument out of range (a bug in the caller, reported rather than trusted).
    NYT_PICTURE_INVALID_ARGUMENT = 6,
} nyt_picture_status;

/// Bounds of one decode.
typedef struct nyt_picture_limits {
    /// The most pixels (width × height) a header may declare.
    uint64_t maximum_pixels;
    /// The most memory the decoder may hold for the image itself (libjpeg's coefficient buffers for a
    /// progressive JPEG, the whole image for an interlaced PNG).
    uint64_t maximum_working_bytes;
    /// The box the picture will be fitted into (aspect kept), in pixels; 0 × 0 for full size. The decoder
    /// scales down while reading (a JPEG by 1/2, 1/4 or 1/8, a PNG by a whole factor), never below that fit.
    uint32_t target_width;
    uint32_t target_height;
} nyt_picture_limits;

/// A decoded picture: RGBA, 8 bits a channel, rows packed (`width * 4` bytes each).
typedef struct nyt_picture_image {
    nyt_picture_status status;
    uint32_t width;
    uint32_t height;
    /// Owned by the caller on success: release with `nyt_picture_free`. NULL on failure.
    uint8_t *pixels;
    char message[200];
} nyt_picture_image;

/// Decodes a JPEG (baseline or progressive; grayscale, YCbCr, RGB, or CMYK and YCCK, turned into RGB)
/// held in `bytes`.
void nyt_picture_decode_jpeg(const uint8_t *bytes, size_t count, const nyt_picture_limits *limits,
                             nyt_picture_image *image);

/// Decodes a PNG (any bit depth and color type; transparency kept as alpha) held in `bytes`.
void nyt_picture_decode_png(const uint8_t *bytes, size_t count, const nyt_picture_limits *limits,
                            nyt_picture_image *image);

/// Releases decoded pixels.
void nyt_picture_free(void *pixels);

/// How a picture is drawn.
typedef enum nyt_picture_mode {
    /// Character cells with 24-bit colors.
    NYT_PICTURE_SYMBOLS_TRUECOLOR = 0,
    /// Character cells with colors 16–255 of the 256-color palette.
    NYT_PICTURE_SYMBOLS_PALETTE = 1,
    NYT_PICTURE_SIXEL = 2,
    NYT_PICTURE_KITTY = 3,
    NYT_PICTURE_ITERM = 4,
    /// Character cells with colors 0–15 (a 16-color terminal).
    NYT_PICTURE_SYMBOLS_16 = 5,
    /// Character cells with colors 0–7 (an 8-color terminal).
    NYT_PICTURE_SYMBOLS_8 = 6,
} nyt_picture_mode;

/// One character cell of a picture drawn in symbols. A color is -1 for transparent (the terminal's own
/// color), else 0xRRGGBB (truecolor) or a palette index.
typedef struct nyt_picture_cell {
    uint32_t character;
    int32_t foreground;
    int32_t background;
} nyt_picture_cell;

/// The escapes of a picture drawn by a graphics protocol; release with `nyt_picture_escapes_free`.
typedef struct nyt_picture_escapes {
    const char *bytes;
    size_t length;
    void *owner;
} nyt_picture_escapes;

/// Where to draw and how.
typedef struct nyt_picture_canvas {
    nyt_picture_mode mode;
    /// The cells the picture covers (1…1000 each).
    int32_t columns;
    int32_t rows;
    /// The size of one cell in pixels (1…1000 each): the graphics protocols draw at columns × cell
    /// width by rows × cell height pixels.
    int32_t cell_width;
    int32_t cell_height;
} nyt_picture_canvas;

/// Draws `width` × `height` RGBA pixels over the canvas (stretched to fill it: the caller keeps the
/// aspect by choosing the cells). Symbols fill `cells` (columns × rows, row after row); a graphics
/// protocol fills `escapes`. Returns the status, with words in `message` (size `size`).
nyt_picture_status nyt_picture_render(const uint8_t *pixels, uint32_t width, uint32_t height,
                                      const nyt_picture_canvas *canvas, nyt_picture_cell *cells,
                                      nyt_picture_escapes *escapes, char *message, size_t size);

/// Releases the escapes of `nyt_picture_render`.
void nyt_picture_escapes_free(nyt_picture_escapes *escapes);

/// The terminal's size from TIOCGWINSZ on `descriptor`: 0, or the errno of the failed ioctl. The pixel
/// fields are 0 when the terminal does not fill them.
int nyt_picture_window_size(int descriptor, uint16_t *columns, uint16_t *rows, uint16_t *width_pixels,
                            uint16_t *height_pixels);

/// Writes the primary device attributes query (ESC [ c) to the terminal on `descriptor` and reads its
/// answer for at most `timeout_ms`, with the terminal out of canonical mode and echo meanwhile (its modes
/// are put back before returning). Up to `size` bytes land in `answer`, their count in `*length` (0 when
/// the terminal did not answer in time). Returns 0, or the errno of the failed call (ENOTTY: not a
/// terminal).
int nyt_picture_query_device_attributes(int descriptor, int timeout_ms, uint8_t *answer, size_t size,
                                        size_t *length);

#endif

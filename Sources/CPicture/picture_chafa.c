// Rendering through libchafa (libchafa.so.0, which brings GLib), loaded on first use. Chafa checks its
// arguments with g_return_if_fail, which prints a warning and returns: the arguments are checked here
// first, so that nothing is ever printed over the screen.
#include "CPicture.h"
#include "picture_library.h"

#include <stdio.h>
#include <string.h>

#include <chafa.h>

/// The most cells and the largest cell (pixels) accepted; chafa allocates by their product.
#define MAXIMUM_CELLS 1000
#define MAXIMUM_CELL_PIXELS 1000
#define MAXIMUM_CANVAS_PIXELS (32u << 20)

static struct {
    __typeof__(chafa_canvas_config_new) *config_new;
    __typeof__(chafa_canvas_config_unref) *config_unref;
    __typeof__(chafa_canvas_config_set_geometry) *set_geometry;
    __typeof__(chafa_canvas_config_set_cell_geometry) *set_cell_geometry;
    __typeof__(chafa_canvas_config_set_canvas_mode) *set_canvas_mode;
    __typeof__(chafa_canvas_config_set_pixel_mode) *set_pixel_mode;
    __typeof__(chafa_canvas_config_set_symbol_map) *set_symbol_map;
    __typeof__(chafa_canvas_config_set_dither_mode) *set_dither_mode;
    __typeof__(chafa_canvas_config_set_work_factor) *set_work_factor;
    __typeof__(chafa_canvas_config_set_preprocessing_enabled) *set_preprocessing_enabled;
    __typeof__(chafa_symbol_map_new) *symbol_map_new;
    __typeof__(chafa_symbol_map_unref) *symbol_map_unref;
    __typeof__(chafa_symbol_map_add_by_tags) *symbol_map_add_by_tags;
    __typeof__(chafa_symbol_map_remove_by_tags) *symbol_map_remove_by_tags;
    __typeof__(chafa_canvas_new) *canvas_new;
    __typeof__(chafa_canvas_unref) *canvas_unref;
    __typeof__(chafa_canvas_draw_all_pixels) *draw_all_pixels;
    __typeof__(chafa_canvas_get_char_at) *get_char_at;
    __typeof__(chafa_canvas_get_raw_colors_at) *get_raw_colors_at;
    __typeof__(chafa_canvas_print) *print;
    __typeof__(chafa_term_db_get_default) *term_db_get_default;
    __typeof__(chafa_term_db_get_fallback_info) *term_db_get_fallback_info;
    __typeof__(chafa_term_info_unref) *term_info_unref;
    __typeof__(g_string_free) *string_free;
} chafa;

// g_string_free comes from GLib, which libchafa brings along: dlsym searches a library's dependencies.
static const char *const symbols[] = {
    "chafa_canvas_config_new", "chafa_canvas_config_unref", "chafa_canvas_config_set_geometry",
    "chafa_canvas_config_set_cell_geometry", "chafa_canvas_config_set_canvas_mode",
    "chafa_canvas_config_set_pixel_mode", "chafa_canvas_config_set_symbol_map",
    "chafa_canvas_config_set_dither_mode", "chafa_canvas_config_set_work_factor",
    "chafa_canvas_config_set_preprocessing_enabled", "chafa_symbol_map_new", "chafa_symbol_map_unref",
    "chafa_symbol_map_add_by_tags", "chafa_symbol_map_remove_by_tags", "chafa_canvas_new",
    "chafa_canvas_unref", "chafa_canvas_draw_all_pixels", "chafa_canvas_get_char_at",
    "chafa_canvas_get_raw_colors_at", "chafa_canvas_print", "chafa_term_db_get_default",
    "chafa_term_db_get_fallback_info", "chafa_term_info_unref", "g_string_free",
    };
static void **const slots[] = {
    (void **)&chafa.config_new, (void **)&chafa.config_unref, (void **)&chafa.set_geometry,
    (void **)&chafa.set_cell_geometry, (void **)&chafa.set_canvas_mode, (void **)&chafa.set_pixel_mode,
    (void **)&chafa.set_symbol_map, (void **)&chafa.set_dither_mode, (void **)&chafa.set_work_factor,
    (void **)&chafa.set_preprocessing_enabled, (void **)&chafa.symbol_map_new,
    (void **)&chafa.symbol_map_unref, (void **)&chafa.symbol_map_add_by_tags,
    (void **)&chafa.symbol_map_remove_by_tags, (void **)&chafa.canvas_new, (void **)&chafa.canvas_unref,
    (void **)&chafa.draw_all_pixels, (void **)&chafa.get_char_at, (void **)&chafa.get_raw_colors_at,
    (void **)&chafa.print, (void **)&chafa.term_db_get_default, (void **)&chafa.term_db_get_fallback_info,
    (void **)&chafa.term_info_unref, (void **)&chafa.string_free,
    };
static picture_library library = PICTURE_LIBRARY("libchafa.so.0", symbols, slots);

static int in_range(int32_t value, int32_t maximum) { return value >= 1 && value <= maximum; }

static int is_symbols(nyt_picture_mode mode) {
    return mode == NYT_PICTURE_SYMBOLS_TRUECOLOR || mode == NYT_PICTURE_SYMBOLS_PALETTE
        || mode == NYT_PICTURE_SYMBOLS_16 || mode == NYT_PICTURE_SYMBOLS_8;
}

/// Chafa's colors for a picture in symbols. Colors 0–15 are the user's theme, unknown here: the palette
/// mode uses 16–255 only; a terminal of 16 or 8 colors has nothing else.
static ChafaCanvasMode symbol_colors(nyt_picture_mode mode) {
    switch (mode) {
    case NYT_PICTURE_SYMBOLS_PALETTE: return CHAFA_CANVAS_MODE_INDEXED_240;
    case NYT_PICTURE_SYMBOLS_16: return CHAFA_CANVAS_MODE_INDEXED_16;
    case NYT_PICTURE_SYMBOLS_8: return CHAFA_CANVAS_MODE_INDEXED_8;
    default: return CHAFA_CANVAS_MODE_TRUECOLOR;
    }
}

/// The canvas configuration for `canvas`: character cells drawn with block, border and space symbols
/// (one column wide each), or pixels in a graphics protocol at the cells' pixel size.
static ChafaCanvasConfig *configure(const nyt_picture_canvas *canvas) {
    ChafaCanvasConfig *config = chafa.config_new();
    chafa.set_geometry(config, canvas->columns, canvas->rows);
    chafa.set_cell_geometry(config, canvas->cell_width, canvas->cell_height);
    chafa.set_work_factor(config, 0.5f);
    chafa.set_preprocessing_enabled(config, FALSE);
    switch (canvas->mode) {
    case NYT_PICTURE_SYMBOLS_TRUECOLOR:
    case NYT_PICTURE_SYMBOLS_PALETTE:
    case NYT_PICTURE_SYMBOLS_16:
    case NYT_PICTURE_SYMBOLS_8: {
        chafa.set_canvas_mode(config, symbol_colors(canvas->mode));
        chafa.set_pixel_mode(config, CHAFA_PIXEL_MODE_SYMBOLS);
        chafa.set_dither_mode(config, CHAFA_DITHER_MODE_NONE);
        ChafaSymbolMap *symbols = chafa.symbol_map_new();
        chafa.symbol_map_add_by_tags(symbols, CHAFA_SYMBOL_TAG_BLOCK | CHAFA_SYMBOL_TAG_BORDER
                                                  | CHAFA_SYMBOL_TAG_SPACE);
        chafa.symbol_map_remove_by_tags(symbols, CHAFA_SYMBOL_TAG_WIDE | CHAFA_SYMBOL_TAG_AMBIGUOUS);
        chafa.set_symbol_map(config, symbols);
        chafa.symbol_map_unref(symbols);
        break;
    }
    case NYT_PICTURE_SIXEL:
        // The fixed palette (colors 16–255) with ordered dithering: a palette made for each picture (the
        // truecolor canvas mode) took five to seven times as long to draw (docs/performance.md).
        chafa.set_canvas_mode(config, CHAFA_CANVAS_MODE_INDEXED_240);
        chafa.set_pixel_mode(config, CHAFA_PIXEL_MODE_SIXELS);
        chafa.set_dither_mode(config, CHAFA_DITHER_MODE_ORDERED);
        break;
    case NYT_PICTURE_KITTY:
        chafa.set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR);
        chafa.set_pixel_mode(config, CHAFA_PIXEL_MODE_KITTY);
        chafa.set_dither_mode(config, CHAFA_DITHER_MODE_NONE);
        break;
    case NYT_PICTURE_ITERM:
        chafa.set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR);
        chafa.set_pixel_mode(config, CHAFA_PIXEL_MODE_ITERM2);
        chafa.set_dither_mode(config, CHAFA_DITHER_MODE_NONE);
        break;
    }
    return config;
}

static void read_cells(ChafaCanvas *drawn, const nyt_picture_canvas *canvas, nyt_picture_cell *cells) {
    for (int32_t y = 0; y < canvas->rows; y++) {
        for (int32_t x = 0; x < canvas->columns; x++) {
            nyt_picture_cell *cell = cells + (size_t)y * canvas->columns + x;
            gint foreground = -1, background = -1;
            cell->character = chafa.get_char_at(drawn, x, y);
            chafa.get_raw_colors_at(drawn, x, y, &foreground, &background);
            cell->foreground = foreground;
            cell->background = background;
        }
    }
}

static nyt_picture_status print_escapes(ChafaCanvas *drawn, nyt_picture_escapes *escapes, char *message,
                                        size_t size) {
    ChafaTermInfo *terminal = chafa.term_db_get_fallback_info(chafa.term_db_get_default());
    if (!terminal) {
        picture_message(message, size, "chafa has no terminal description");
        return NYT_PICTURE_OUT_OF_MEMORY;
    }
    GString *printed = chafa.print(drawn, terminal);
    chafa.term_info_unref(terminal);
    if (!printed) {
        picture_message(message, size, "chafa printed nothing");
        return NYT_PICTURE_OUT_OF_MEMORY;
    }
    escapes->bytes = printed->str;
    escapes->length = printed->len;
    escapes->owner = printed;
    return NYT_PICTURE_OK;
}

nyt_picture_status nyt_picture_render(const uint8_t *pixels, uint32_t width, uint32_t height,
                                      const nyt_picture_canvas *canvas, nyt_picture_cell *cells,
                                      nyt_picture_escapes *escapes, char *message, size_t size) {
    if (escapes) memset(escapes, 0, sizeof *escapes);
    if (!pixels || !canvas || width == 0 || height == 0 || width > INT32_MAX / 4 || height > INT32_MAX
        || !in_range(canvas->columns, MAXIMUM_CELLS) || !in_range(canvas->rows, MAXIMUM_CELLS)
        || !in_range(canvas->cell_width, MAXIMUM_CELL_PIXELS) || !in_range(canvas->cell_height, MAXIMUM_CELL_PIXELS)
        || (uint64_t)canvas->columns * canvas->cell_width * canvas->rows * canvas->cell_height > MAXIMUM_CANVAS_PIXELS
        || canvas->mode < NYT_PICTURE_SYMBOLS_TRUECOLOR || canvas->mode > NYT_PICTURE_SYMBOLS_8
        || (is_symbols(canvas->mode) ? !cells : !escapes)) {
        picture_message(message, size, "a picture canvas out of range");
        return NYT_PICTURE_INVALID_ARGUMENT;
    }
    if (!picture_library_load(&library)) {
        picture_message(message, size, library.error);
        return NYT_PICTURE_NOT_LOADED;
    }
    ChafaCanvasConfig *config = configure(canvas);
    ChafaCanvas *drawn = chafa.canvas_new(config);
    chafa.config_unref(config);
    if (!drawn) {
        picture_message(message, size, "chafa could not make a canvas");
        return NYT_PICTURE_OUT_OF_MEMORY;
    }
    chafa.draw_all_pixels(drawn, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels, (gint)width, (gint)height,
                          (gint)(width * 4));
    nyt_picture_status status = NYT_PICTURE_OK;
    if (is_symbols(canvas->mode)) {
        read_cells(drawn, canvas, cells);
    } else {
        status = print_escapes(drawn, escapes, message, size);
    }
    chafa.canvas_unref(drawn);
    return status;
}

void nyt_picture_escapes_free(nyt_picture_escapes *escapes) {
    if (!escapes || !escapes->owner) return;
    chafa.string_free(escapes->owner, TRUE);
    memset(escapes, 0, sizeof *escapes);
}

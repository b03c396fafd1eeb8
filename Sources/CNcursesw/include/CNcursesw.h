#ifndef CNCURSESW_H
#define CNCURSESW_H

/* The wide-character curses API is declared only with these; SwiftPM drops them as flags. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <wchar.h>
#include <ncursesw/ncurses.h>

/* Attributes and colors (macros Swift cannot import). */
enum {
    NYT_ATTR_NORMAL = 0,
    NYT_ATTR_BOLD = 1 << 0,
    NYT_ATTR_REVERSE = 1 << 1,
    NYT_ATTR_DIM = 1 << 2,
    NYT_ATTR_UNDERLINE = 1 << 3,
};

/* Sets the locale from the environment; falls back to C.UTF-8 when it is not UTF-8. Returns 1 when UTF-8. */
int nyt_setup_locale(void);

/* Waits until the process is in the foreground of the terminal on descriptor `fd`, as a job a shell starts
   with `&` waits for `fg`: stopped by SIGTTIN until then. Returns 1 once in the foreground (or when the
   terminal is not the process's controlling one), 0 when it cannot be (SIGTTIN ignored): the program must
   then leave the terminal alone. */
int nyt_wait_for_foreground(int fd);

/* Starts curses on the terminal: raw keys, no echo, keypad, hidden cursor. Returns 0 on success, -1 when
   TERM is unknown, -2 when the terminal cannot move the cursor, -3 when it cannot be switched to raw
   keys (nothing is left changed). */
int nyt_start(void);
/* Restores the terminal. Safe to call more than once, and from a fatal signal handler. */
void nyt_stop(void);
/* Whether nyt_start succeeded and nyt_stop has not run. */
int nyt_is_active(void);

/* Starts colors on the terminal's default background; returns 1 when the terminal has colors. */
int nyt_start_colors(void);

/* Colors the terminal has (the COLORS global). */
int nyt_color_count(void);

/* Colors the terminal TERM names has by its terminfo entry, without starting curses (for output that is
   not a screen); 0 when TERM is unset or unknown, or its entry gives no count. */
int nyt_terminfo_color_count(void);

int nyt_lines(void);
int nyt_columns(void);

void nyt_erase(void);
void nyt_refresh(void);
void nyt_clear_screen(void);
/* Draws `text` (a wide string of `length` characters) at row, column with attributes and a color pair (0 for none). */
void nyt_draw(int row, int column, const wchar_t *text, int length, int attributes, short pair);
/* Fills `count` cells with spaces at row, column. */
void nyt_fill(int row, int column, int count, int attributes, short pair);

/* Pictures drawn in symbols: color pairs past the short range (extended pairs) and cells drawn with them. */
/* Color pairs the terminal has (the COLOR_PAIRS global). */
int nyt_color_pair_count(void);
/* Defines pair `pair` (any number below nyt_color_pair_count) with colors that may pass 255 (direct colors
   are 0xRRGGBB). Returns 0, or -1 when curses refuses it. */
int nyt_init_extended_pair(int pair, int foreground, int background);
/* Draws `count` one-column characters from row, column, each with its own extended pair. */
void nyt_draw_cells(int row, int column, const wchar_t *characters, const int *pairs, int count);
/* Makes the next refresh repaint `count` lines from `row` whatever curses believes they show. */
void nyt_repaint_lines(int row, int count);
/* Writes `length` bytes to standard output at once, past curses (after a refresh). Returns 0, or errno. */
int nyt_write_terminal(const unsigned char *bytes, size_t length);

/* Reads one byte or key without waiting: ERR when none, a function key's code (KEY_MIN or more), or a byte
   (0-255) of what was typed, which the caller puts together into characters: wget_wch, given a byte that
   is not UTF-8, read on until no byte was left and dropped them all. */
int nyt_read_input(void);

/* Mouse: presses of the first button and the wheel, reported as KEY_MOUSE. */
void nyt_enable_mouse(void);
/* The most mouse events nyt_read_mouse gives for one KEY_MOUSE. */
#define NYT_MOUSE_EVENTS_MAX 16
/* The mouse events behind a KEY_MOUSE, oldest first, at most `capacity`: each one's cell, and 1 for a
   press of the first button, 2 for the wheel up, 3 for the wheel down, 0 for anything else. Returns how
   many were written (0 when there is none). */
int nyt_read_mouse(int *rows, int *columns, int *kinds, int capacity);

/* Display width of a character under the current locale (-1 for non-printables). */
int nyt_wcwidth(wchar_t character);
/* keyname(3) of a key code: the name of a terminal's extended key (kUP5 for Ctrl-Up), or NULL. */
const char *nyt_key_name(int code);
/* The final byte of the ESC O sequence the terminal's entry binds to `code`, or -1. */
int nyt_key_single_shift(int code);

/* Installs handlers so that SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP and SIGCONT write their number to `fd` (a pipe),
   and fatal signals restore the terminal before the default action. Call after nyt_start. Returns 0, or the
   errno of the sigaction that failed with its signal in *failed_signal (the handlers are then as before). */
int nyt_install_signal_handlers(int fd, int *failed_signal);
/* Suspends the process as Ctrl-Z would: restores the terminal, stops, and re-enters curses when resumed.
   Returns 0, or the errno of a sigaction that failed (the process then did not stop). */
int nyt_suspend(void);

#endif

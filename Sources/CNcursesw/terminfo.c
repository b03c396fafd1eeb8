/* Reads of the terminfo database outside a curses screen. Apart from shim.c: <term.h> defines each
   capability's name (lines, columns, ...) as a macro. */
#include "CNcursesw.h"

#include <unistd.h>

#include <ncursesw/term.h>

int nyt_terminfo_color_count(void) {
    if (cur_term != NULL) {
        return COLORS; /* curses is running: its count stands */
    }
    int error = 0;
    /* setupterm with an error pointer returns ERR (instead of exiting) for an unset or unknown TERM. */
    if (setupterm(NULL, STDOUT_FILENO, &error) != OK) {
        return 0;
    }
    int colors = tigetnum("colors"); /* -1 absent, -2 not a number */
    (void)del_curterm(cur_term);     /* frees the entry and leaves no current terminal */
    return colors > 0 ? colors : 0;
}

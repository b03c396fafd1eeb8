#include "CNcursesw.h"

#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t nyt_active = 0;
static int nyt_signal_fd = -1;
static struct sigaction nyt_curses_winch;
/* Whether the terminal's own colors may stand for -1 (use_default_colors succeeded). */
static int nyt_default_colors = 0;

int nyt_setup_locale(void) {
    /* The person's locale, then what decides how characters are read and written: LC_CTYPE, which a
       UTF-8 LANG does not make UTF-8 when LC_CTYPE=C stands beside it (the name LC_ALL reports then lists
       every category, some UTF-8). Without a UTF-8 character type, the character type of C.UTF-8. */
    (void)setlocale(LC_ALL, ""); /* NULL for a locale not installed: the checks below find C */
    const char *codeset = nl_langinfo(CODESET);
    if (codeset != NULL && strcmp(codeset, "UTF-8") == 0) {
        return 1;
    }
    return setlocale(LC_CTYPE, "C.UTF-8") != NULL;
}

int nyt_wait_for_foreground(int fd) {
    for (;;) {
        pid_t foreground = tcgetpgrp(fd);
        if (foreground < 0) {
            /* Not the process's controlling terminal (ENOTTY): no job control applies; used as it is. */
            return 1;
        }
        if (foreground == getpgrp()) {
            return 1;
        }
        struct sigaction current;
        if (sigaction(SIGTTIN, NULL, &current) != 0 || current.sa_handler == SIG_IGN) {
            return 0;
        }
        /* Stops the process group (the job) until the shell continues it. */
        if (kill(0, SIGTTIN) != 0) {
            return 0;
        }
        /* A shell may continue the job before it hands it the terminal (dash's fg): the foreground is
           looked for a while before stopping again, as after bg, which leaves the job in the background. */
        for (int wait = 0; wait < 50 && tcgetpgrp(fd) != getpgrp(); wait++) {
            struct timespec pause = {.tv_sec = 0, .tv_nsec = 2000000};
            (void)nanosleep(&pause, NULL); /* fails only when interrupted, which ends the pause early */
        }
    }
}

/* Gives up a screen nyt_start could not use, leaving the terminal as it found it. */
static void nyt_abandon(SCREEN *screen) {
    /* endwin fails only when curses is not started, which it is here; delscreen returns nothing. */
    (void)endwin();
    delscreen(screen);
}

int nyt_start(void) {
    if (getenv("ESCDELAY") == NULL) {
        /* Fails only for a negative delay; ncurses' default (a second) would merely make Esc slow. */
        (void)set_escdelay(25);
    }
    /* newterm, unlike initscr, returns NULL for an unknown TERM instead of exiting. */
    SCREEN *screen = newterm(NULL, stdout, stdin);
    if (screen == NULL) {
        return -1;
    }
    (void)set_term(screen); /* returns the previous screen, none here */
    char *cup = tigetstr("cup");
    if (cup == NULL || cup == (char *)-1) {
        /* A terminal that cannot move the cursor (e.g. TERM=dumb) would only show a garbled screen. */
        nyt_abandon(screen);
        return -2;
    }
    /* raw() is the one that changes the terminal (tcsetattr): without it keys would wait for Enter and echo. */
    if (raw() == ERR) {
        nyt_abandon(screen);
        return -3;
    }
    nyt_active = 1;
    /* These only set curses' own flags on a window that exists: they cannot fail. */
    (void)noecho();
    (void)nonl();
    (void)keypad(stdscr, TRUE);
    (void)nodelay(stdscr, TRUE);
    (void)intrflush(stdscr, FALSE);
    (void)leaveok(stdscr, TRUE);
    /* ERR for a terminal that cannot hide the cursor: it then stays visible, nothing worse. */
    (void)curs_set(0);
    return 0;
}

void nyt_stop(void) {
    if (nyt_active) {
        nyt_active = 0;
        /* On the way out (maybe in a fatal signal's handler) nothing is left to try when these fail. */
        (void)curs_set(1);
        (void)endwin();
    }
}

int nyt_is_active(void) {
    return nyt_active;
}

int nyt_start_colors(void) {
    if (!has_colors()) {
        return 0;
    }
    if (start_color() != OK) {
        return 0;
    }
    nyt_default_colors = use_default_colors() == OK;
    return 1;
}

int nyt_color_count(void) {
    return COLORS;
}

int nyt_lines(void) {
    int rows, columns;
    getmaxyx(stdscr, rows, columns);
    (void)columns;
    return rows;
}

int nyt_columns(void) {
    int rows, columns;
    getmaxyx(stdscr, rows, columns);
    (void)rows;
    return columns;
}

/* Drawing calls return ERR for text that runs past the screen's last cell, after drawing what fits:
   the panes clip their text, so there is nothing to report (likewise below). */
void nyt_erase(void) { (void)erase(); }
void nyt_refresh(void) { (void)refresh(); }
void nyt_clear_screen(void) { (void)clearok(curscr, TRUE); }

static attr_t nyt_attributes(int attributes) {
    attr_t result = A_NORMAL;
    if (attributes & NYT_ATTR_BOLD) result |= A_BOLD;
    if (attributes & NYT_ATTR_REVERSE) result |= A_REVERSE;
    if (attributes & NYT_ATTR_DIM) result |= A_DIM;
    if (attributes & NYT_ATTR_UNDERLINE) result |= A_UNDERLINE;
    return result;
}

void nyt_draw(int row, int column, const wchar_t *text, int length, int attributes, short pair) {
    (void)attr_set(nyt_attributes(attributes), pair, NULL);
    (void)mvaddnwstr(row, column, text, length);
    (void)attr_set(A_NORMAL, 0, NULL);
}

void nyt_fill(int row, int column, int count, int attributes, short pair) {
    (void)attr_set(nyt_attributes(attributes), pair, NULL);
    (void)move(row, column);
    for (int i = 0; i < count; i++) {
        (void)addch(' ');
    }
    (void)attr_set(A_NORMAL, 0, NULL);
}

int nyt_color_pair_count(void) {
    return COLOR_PAIRS;
}

int nyt_init_extended_pair(int pair, int foreground, int background) {
    if (!nyt_default_colors) {
        if (foreground < 0) foreground = COLOR_WHITE;
        if (background < 0) background = COLOR_BLACK;
    }
    return init_extended_pair(pair, foreground, background) == OK ? 0 : -1;
}

void nyt_draw_cells(int row, int column, const wchar_t *characters, const int *pairs, int count) {
    for (int i = 0; i < count; i++) {
        wchar_t text[2] = {characters[i], 0};
        cchar_t cell;
        int pair = pairs[i];
        /* The pair goes through the extension argument: the short one cannot hold pairs past 32767. */
        if (setcchar(&cell, text, A_NORMAL, 0, &pair) == OK) {
            (void)mvadd_wch(row, column + i, &cell);
        }
    }
}

void nyt_repaint_lines(int row, int count) {
    (void)wredrawln(stdscr, row, count);
}

int nyt_write_terminal(const unsigned char *bytes, size_t length) {
    size_t written = 0;
    while (written < length) {
        ssize_t count = write(STDOUT_FILENO, bytes + written, length - written);
        if (count < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN) {
                struct pollfd ready = {.fd = STDOUT_FILENO, .events = POLLOUT};
                (void)poll(&ready, 1, 100);
                continue;
            }
            return errno;
        }
        written += (size_t)count;
    }
    return 0;
}

int nyt_read_input(void) {
    return wgetch(stdscr);
}

void nyt_enable_mouse(void) {
    /* Returns the events the terminal can report, none without a mouse: the keys still do everything.
       The release is asked for too, and skipped when read: a release outside the mask makes curses read
       on for the next event, blocking in nodelay mode, so a resize waited for the next key. */
    (void)mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
    /* Report presses at once instead of waiting to tell clicks from double clicks (returns the old interval). */
    (void)mouseinterval(0);
}

/* Whether the first button's press was reported and its release not yet read. */
static int nyt_button1_down = 0;

/* The kind of one event (see nyt_read_mouse), read in the order the terminal sent it. */
static int nyt_mouse_kind(mmask_t state) {
    if (state & (BUTTON1_PRESSED | BUTTON1_CLICKED)) {
        nyt_button1_down = !(state & BUTTON1_CLICKED);
        return 1;
    }
    if (state & BUTTON1_RELEASED) {
        /* A release whose press curses did not report (it merged them into one event) is the click. */
        int kind = nyt_button1_down ? 0 : 1;
        nyt_button1_down = 0;
        return kind;
    }
    if (state & BUTTON4_PRESSED) return 2;
    if (state & BUTTON5_PRESSED) return 3;
    return 0;
}

int nyt_read_mouse(int *rows, int *columns, int *kinds, int capacity) {
    /* Reports read together (a click and a turn of the wheel, a busy reader, a lagging link) are one
       KEY_MOUSE; getmouse gives them newest first, each once, until none is left. */
    MEVENT events[NYT_MOUSE_EVENTS_MAX];
    int count = 0;
    MEVENT event;
    while (count < NYT_MOUSE_EVENTS_MAX && getmouse(&event) == OK) {
        events[count++] = event;
    }
    /* Events past the array's room, the oldest, are dropped (curses holds 8: none in practice). */
    while (getmouse(&event) == OK) {
    }
    int written = 0;
    for (int i = count - 1; i >= 0 && written < capacity; i--) {
        rows[written] = events[i].y;
        columns[written] = events[i].x;
        kinds[written] = nyt_mouse_kind(events[i].bstate);
        written++;
    }
    return written;
}

int nyt_key_single_shift(int code) {
    /* The final byte when the terminal's entry binds `code` to ESC O and one byte (the keypad in its
       application mode: xterm's kpZRO, vt100's ka1), else -1. keybound returns a copy, or NULL. */
    char *bound = keybound(code, 0);
    if (bound == NULL) {
        return -1;
    }
    int final = -1;
    if (bound[0] == '\033' && bound[1] == 'O' && bound[2] != '\0' && bound[3] == '\0') {
        final = (unsigned char)bound[2];
    }
    free(bound);
    return final;
}

const char *nyt_key_name(int code) {
    /* NULL for a code curses does not know; the terminal's own extended keys (kUP5, kDN3…) by name. */
    return keyname(code);
}

int nyt_wcwidth(wchar_t character) {
    return wcwidth(character);
}

static void nyt_forward_signal(int number) {
    int saved = errno;
    if (number == SIGWINCH && nyt_curses_winch.sa_handler != SIG_DFL && nyt_curses_winch.sa_handler != SIG_IGN
        && !(nyt_curses_winch.sa_flags & SA_SIGINFO)) {
        nyt_curses_winch.sa_handler(number);
    }
    if (nyt_signal_fd >= 0) {
        unsigned char byte = (unsigned char)number;
        /* A full pipe (EAGAIN) means 64 KiB of wake-ups the loop has not read yet; a handler can do
           nothing else about it. */
        ssize_t ignored = write(nyt_signal_fd, &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

static void nyt_fatal_signal(int number) {
    nyt_stop();
    /* Neither fails for a signal number the kernel just delivered, and a handler could report nothing. */
    (void)signal(number, SIG_DFL);
    (void)raise(number);
}

/* The signals whose handlers are replaced, forwarded ones first. */
static const int nyt_handled_signals[] = {
    /* A stop from outside (kill -TSTP) suspends like Ctrl-Z; a continue repaints. */
    SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH,
    /* Fatal: the terminal is restored before the default action. The crashes, then the signals whose default
       ends the program that a person or a limit sends (kill -QUIT, -USR1, -ALRM; a CPU or file size limit). */
    SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE,
    SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGSYS,
};
enum { NYT_FORWARDED_SIGNALS = 6, NYT_HANDLED_SIGNALS = sizeof nyt_handled_signals / sizeof nyt_handled_signals[0] };

int nyt_install_signal_handlers(int fd, int *failed_signal) {
    nyt_signal_fd = fd;
    struct sigaction forward, fatal, previous[NYT_HANDLED_SIGNALS];
    memset(&forward, 0, sizeof forward);
    (void)sigemptyset(&forward.sa_mask); /* fails only for a NULL set */
    forward.sa_handler = nyt_forward_signal;
    memset(&fatal, 0, sizeof fatal);
    (void)sigemptyset(&fatal.sa_mask);
    fatal.sa_handler = nyt_fatal_signal;

    for (int index = 0; index < NYT_HANDLED_SIGNALS; index++) {
        int number = nyt_handled_signals[index];
        /* curses keeps its own SIGWINCH handler (it notes the new size); ours runs it, then wakes the loop. */
        struct sigaction *old = number == SIGWINCH ? &nyt_curses_winch : &previous[index];
        int failed = sigaction(number, index < NYT_FORWARDED_SIGNALS ? &forward : &fatal, old) != 0;
        if (!failed && index >= NYT_FORWARDED_SIGNALS && old->sa_handler == SIG_IGN) {
            /* A signal the program was started ignoring (nohup, a parent's choice) stays ignored. */
            failed = sigaction(number, old, NULL) != 0;
        }
        if (failed) {
            int error = errno;
            *failed_signal = number;
            /* Put back what was there: a disposition the kernel just gave back is always accepted. */
            for (int undo = index - 1; undo >= 0; undo--) {
                int changed = nyt_handled_signals[undo];
                (void)sigaction(changed, changed == SIGWINCH ? &nyt_curses_winch : &previous[undo], NULL);
            }
            nyt_signal_fd = -1;
            return error;
        }
    }
    return 0;
}

int nyt_suspend(void) {
    /* These fail only before curses started, and the reader suspends only while it runs. */
    (void)def_prog_mode();
    (void)endwin();
    /* What curses has not written by now is lost to a full or closed terminal either way. */
    (void)fflush(stdout);
    (void)tcdrain(STDOUT_FILENO);
    /* Stop the way Ctrl-Z does in a cooked terminal, so the shell reports a plain "Stopped". */
    struct sigaction ours, stop;
    memset(&stop, 0, sizeof stop);
    (void)sigemptyset(&stop.sa_mask);
    stop.sa_handler = SIG_DFL;
    int result = 0;
    if (sigaction(SIGTSTP, &stop, &ours) != 0) {
        /* Raising now would run our handler, which asks for another suspend: stay instead. */
        result = errno;
    } else {
        /* raise, unlike kill(0, …), delivers to this thread before it returns, so the process stops here,
           before our handler is back. The thread may have inherited a mask that blocks it: unblock it.
           pthread_sigmask fails only for an unknown `how`, raise only for an unknown signal. */
        sigset_t tstp, saved;
        (void)sigemptyset(&tstp);
        (void)sigaddset(&tstp, SIGTSTP);
        (void)pthread_sigmask(SIG_UNBLOCK, &tstp, &saved);
        (void)raise(SIGTSTP);
        (void)pthread_sigmask(SIG_SETMASK, &saved, NULL);
        if (sigaction(SIGTSTP, &ours, NULL) != 0) {
            result = errno;
        }
    }
    (void)reset_prog_mode();
    (void)clearok(curscr, TRUE);
    (void)refresh();
    return result;
}

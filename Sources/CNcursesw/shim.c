#include "CNcursesw.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static volatile sig_atomic_t nyt_active = 0;
static int nyt_signal_fd = -1;
static struct sigaction nyt_curses_winch;

int nyt_setup_locale(void) {
    const char *name = setlocale(LC_ALL, "");
    if (name == NULL || (strstr(name, "UTF-8") == NULL && strstr(name, "utf8") == NULL && strstr(name, "UTF8") == NULL)) {
        if (setlocale(LC_ALL, "C.UTF-8") == NULL) {
            return 0;
        }
    }
    return 1;
}

int nyt_start(void) {
    if (getenv("ESCDELAY") == NULL) {
        set_escdelay(25);
    }
    /* newterm, unlike initscr, returns NULL for an unknown TERM instead of exiting. */
    SCREEN *screen = newterm(NULL, stdout, stdin);
    if (screen == NULL) {
        return -1;
    }
    set_term(screen);
    char *cup = tigetstr("cup");
    if (cup == NULL || cup == (char *)-1) {
        /* A terminal that cannot move the cursor (e.g. TERM=dumb) would only show a garbled screen. */
        endwin();
        delscreen(screen);
        return -2;
    }
    nyt_active = 1;
    raw();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    nodelay(stdscr, TRUE);
    intrflush(stdscr, FALSE);
    curs_set(0);
    leaveok(stdscr, TRUE);
    return 0;
}

void nyt_stop(void) {
    if (nyt_active) {
        nyt_active = 0;
        curs_set(1);
        endwin();
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
    use_default_colors();
    return 1;
}

void nyt_init_pair(short pair, short foreground, short background) {
    init_pair(pair, foreground, background);
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

void nyt_erase(void) { erase(); }
void nyt_refresh(void) { refresh(); }
void nyt_clear_screen(void) { clearok(curscr, TRUE); }

static attr_t nyt_attributes(int attributes) {
    attr_t result = A_NORMAL;
    if (attributes & NYT_ATTR_BOLD) result |= A_BOLD;
    if (attributes & NYT_ATTR_REVERSE) result |= A_REVERSE;
    if (attributes & NYT_ATTR_DIM) result |= A_DIM;
    if (attributes & NYT_ATTR_UNDERLINE) result |= A_UNDERLINE;
    return result;
}

void nyt_draw(int row, int column, const wchar_t *text, int length, int attributes, short pair) {
    attr_set(nyt_attributes(attributes), pair, NULL);
    mvaddnwstr(row, column, text, length);
    attr_set(A_NORMAL, 0, NULL);
}

void nyt_fill(int row, int column, int count, int attributes, short pair) {
    attr_set(nyt_attributes(attributes), pair, NULL);
    move(row, column);
    for (int i = 0; i < count; i++) {
        addch(' ');
    }
    attr_set(A_NORMAL, 0, NULL);
}

int nyt_read_key(wint_t *key) {
    return wget_wch(stdscr, key);
}

void nyt_enable_mouse(void) {
    mousemask(BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
    /* Report presses at once instead of waiting to tell clicks from double clicks. */
    mouseinterval(0);
}

int nyt_read_mouse(int *row, int *column, int *kind) {
    MEVENT event;
    if (getmouse(&event) != OK) {
        return -1;
    }
    *row = event.y;
    *column = event.x;
    if (event.bstate & BUTTON1_PRESSED) {
        *kind = 1;
    } else if (event.bstate & BUTTON4_PRESSED) {
        *kind = 2;
    } else if (event.bstate & BUTTON5_PRESSED) {
        *kind = 3;
    } else {
        *kind = 0;
    }
    return 0;
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
        ssize_t ignored = write(nyt_signal_fd, &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

static void nyt_fatal_signal(int number) {
    nyt_stop();
    signal(number, SIG_DFL);
    raise(number);
}

void nyt_install_signal_handlers(int fd) {
    nyt_signal_fd = fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = nyt_forward_signal;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    /* A stop from outside (kill -TSTP) suspends like Ctrl-Z; a continue repaints. */
    sigaction(SIGTSTP, &action, NULL);
    sigaction(SIGCONT, &action, NULL);
    /* curses keeps its own SIGWINCH handler (it notes the new size); ours runs it, then wakes the loop. */
    sigaction(SIGWINCH, &action, &nyt_curses_winch);

    struct sigaction fatal;
    memset(&fatal, 0, sizeof fatal);
    sigemptyset(&fatal.sa_mask);
    fatal.sa_handler = nyt_fatal_signal;
    sigaction(SIGSEGV, &fatal, NULL);
    sigaction(SIGBUS, &fatal, NULL);
    sigaction(SIGILL, &fatal, NULL);
    sigaction(SIGTRAP, &fatal, NULL);
    sigaction(SIGABRT, &fatal, NULL);
    sigaction(SIGFPE, &fatal, NULL);
}

void nyt_suspend(void) {
    def_prog_mode();
    endwin();
    fflush(stdout);
    tcdrain(STDOUT_FILENO);
    /* Stop the way Ctrl-Z does in a cooked terminal, so the shell reports a plain "Stopped". */
    struct sigaction ours, stop;
    memset(&stop, 0, sizeof stop);
    sigemptyset(&stop.sa_mask);
    stop.sa_handler = SIG_DFL;
    sigaction(SIGTSTP, &stop, &ours);
    /* raise, unlike kill(0, …), delivers to this thread before it returns, so the process stops here,
       before our handler is back. The thread may have inherited a mask that blocks it: unblock it. */
    sigset_t tstp, saved;
    sigemptyset(&tstp);
    sigaddset(&tstp, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &tstp, &saved);
    raise(SIGTSTP);
    pthread_sigmask(SIG_SETMASK, &saved, NULL);
    sigaction(SIGTSTP, &ours, NULL);
    reset_prog_mode();
    clearok(curscr, TRUE);
    refresh();
}

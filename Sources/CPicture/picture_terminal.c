#include "CPicture.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

int nyt_picture_window_size(int descriptor, uint16_t *columns, uint16_t *rows, uint16_t *width_pixels,
                            uint16_t *height_pixels) {
    struct winsize size = {0};
    if (ioctl(descriptor, TIOCGWINSZ, &size) != 0) return errno ? errno : EIO;
    *columns = size.ws_col;
    *rows = size.ws_row;
    *width_pixels = size.ws_xpixel;
    *height_pixels = size.ws_ypixel;
    return 0;
}

static long long now_ms(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (long long)time.tv_sec * 1000 + time.tv_nsec / 1000000;
}

/// Whether `bytes` end with a complete answer: ESC [ ? digits and semicolons c.
static int answered(const uint8_t *bytes, size_t length) {
    if (length < 4 || bytes[length - 1] != 'c') return 0;
    size_t index = length - 1;
    while (index > 0 && (bytes[index - 1] == ';' || (bytes[index - 1] >= '0' && bytes[index - 1] <= '9'))) index--;
    return index >= 3 && bytes[index - 1] == '?' && bytes[index - 2] == '[' && bytes[index - 3] == 0x1B;
}

static int write_all(int descriptor, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t written = write(descriptor, bytes, length);
        if (written < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        bytes += written;
        length -= (size_t)written;
    }
    return 0;
}

static int read_answer(int descriptor, int timeout_ms, uint8_t *answer, size_t size, size_t *length) {
    long long deadline = now_ms() + timeout_ms;
    while (*length < size && !answered(answer, *length)) {
        long long left = deadline - now_ms();
        if (left <= 0) return 0;
        struct pollfd waiting = {.fd = descriptor, .events = POLLIN};
        int ready = poll(&waiting, 1, (int)left);
        if (ready < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        if (ready == 0) return 0;
        ssize_t count = read(descriptor, answer + *length, size - *length);
        if (count < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            return errno;
        }
        if (count == 0) return 0;
        *length += (size_t)count;
    }
    return 0;
}

int nyt_picture_query_device_attributes(int descriptor, int timeout_ms, uint8_t *answer, size_t size,
                                        size_t *length) {
    *length = 0;
    if (!answer || size == 0 || timeout_ms < 0) return EINVAL;
    struct termios saved;
    if (tcgetattr(descriptor, &saved) != 0) return errno;
    struct termios quiet = saved;
    quiet.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
    quiet.c_cc[VMIN] = 0;
    quiet.c_cc[VTIME] = 0;
    // The signals that end or stop the program wait while the terminal is without echo: one sent then
    // (Ctrl-C just after Enter) acts once the terminal is as it was, never leaving it without echo.
    sigset_t ending, before;
    if (sigemptyset(&ending) != 0 || sigaddset(&ending, SIGINT) != 0 || sigaddset(&ending, SIGTERM) != 0 ||
        sigaddset(&ending, SIGHUP) != 0 || sigaddset(&ending, SIGQUIT) != 0 || sigaddset(&ending, SIGTSTP) != 0)
        return EINVAL;
    int blocked = pthread_sigmask(SIG_BLOCK, &ending, &before);
    if (blocked != 0) return blocked;
    int failure = 0;
    if (tcsetattr(descriptor, TCSANOW, &quiet) != 0) {
        failure = errno;
    } else {
        failure = write_all(descriptor, "\033[c", 3);
        if (!failure) failure = read_answer(descriptor, timeout_ms, answer, size, length);
        if (tcsetattr(descriptor, TCSANOW, &saved) != 0 && !failure) failure = errno;
    }
    int restored = pthread_sigmask(SIG_SETMASK, &before, NULL);
    return failure ? failure : restored;
}

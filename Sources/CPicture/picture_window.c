#include "CPicture.h"

#include <errno.h>
#include <sys/ioctl.h>

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

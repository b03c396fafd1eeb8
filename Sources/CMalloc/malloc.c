#include <malloc.h>
#include "CMalloc.h"

int nyt_malloc_share_one_arena(void) {
    return mallopt(M_ARENA_MAX, 1) == 1 ? 0 : -1;
}

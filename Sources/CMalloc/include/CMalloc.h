#ifndef CMALLOC_H
#define CMALLOC_H

/// Makes every thread allocate from glibc malloc's main arena (mallopt M_ARENA_MAX 1, which Swift's
/// Glibc module does not show). Returns 0, or -1 when mallopt refuses.
int nyt_malloc_share_one_arena(void);

#endif

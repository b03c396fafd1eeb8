#define _GNU_SOURCE
#include "CSpawn.h"
#include <signal.h>

int nyt_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

int nyt_spawnattr_reset_signals(posix_spawnattr_t *attributes, short extraFlags) {
    sigset_t none, all;
    /* Both fail only for a NULL set. */
    (void)sigemptyset(&none);
    (void)sigfillset(&all);
    int result = posix_spawnattr_setsigmask(attributes, &none);
    if (result == 0) result = posix_spawnattr_setsigdefault(attributes, &all);
    if (result == 0) result = posix_spawnattr_setflags(attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | extraFlags);
    return result;
}

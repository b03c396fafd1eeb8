#ifndef CSPAWN_H
#define CSPAWN_H

#include <spawn.h>

/// Adds to `actions` the closing of every descriptor from `lowest` up in the child, so a started
/// program inherits only its standard streams (glibc's posix_spawn_file_actions_addclosefrom_np,
/// which Swift's Glibc module does not show). Returns 0, or an errno value.
int nyt_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// Makes `attributes` start the child with no signal blocked and every signal at its default action,
/// whatever the spawning thread blocks or catches (worker threads block almost every signal, and a
/// child started from one, a tmux server say, would never see SIGCHLD or SIGTERM). `extraFlags` are
/// added to the POSIX_SPAWN_* flags (e.g. POSIX_SPAWN_SETSID). Returns 0, or an errno value.
int nyt_spawnattr_reset_signals(posix_spawnattr_t *attributes, short extraFlags);

#endif

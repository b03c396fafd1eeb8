#ifndef CSQLITE_H
#define CSQLITE_H
// The system SQLite (Debian's libsqlite3-dev), linked dynamically.
#include <sqlite3.h>

/// Turns off SQLite's memory statistics, which the program never reads: with them on, every allocation
/// SQLite makes takes a global mutex to count it. Effective only before the first connection is opened
/// (SQLite then returns SQLITE_MISUSE and changes nothing).
static inline int nyt_sqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
#endif

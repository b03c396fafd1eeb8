#ifndef CSQLITESHIM_H
#define CSQLITESHIM_H
#include <sqlite3.h>

/// Whether closing `db` may checkpoint its WAL (SQLite's default) or leaves it as it is
/// (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE; sqlite3_db_config is variadic, which Swift cannot call).
/// SQLITE_OK, or an SQLite error code.
int nyt_sqlite_set_checkpoint_on_close(sqlite3 *db, int checkpoints);

#endif

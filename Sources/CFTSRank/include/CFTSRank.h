#ifndef CFTSRANK_H
#define CFTSRANK_H
#include <sqlite3.h>

/// Registers the FTS5 ranking function `nytrank` on `db`: SQLITE_OK, or an SQLite error code.
int nyt_register_rank(sqlite3 *db);

#endif

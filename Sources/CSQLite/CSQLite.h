#ifndef CSQLITE_H
#define CSQLITE_H
// The system SQLite (Debian's libsqlite3-dev), linked dynamically.
#include <sqlite3.h>
#endif

#ifndef CFTSRANK_H
#define CFTSRANK_H
#include <sqlite3.h>

/// Adds to `db` the FTS5 ranking function `nytrank` and the tokenizer `nytfold` (a wrapper that folds the
/// Latin letters Unicode does not decompose, see fold.c): SQLITE_OK, or an SQLite error code.
int nyt_register_full_text(sqlite3 *db);

/// The plain lower-case letters `letter` (a lower-case code point) folds to (`ø` → "o", `ß` → "ss"), or
/// NULL when it is not folded. The table nytfold uses.
const char *nyt_fold_letter(unsigned int letter);

#endif

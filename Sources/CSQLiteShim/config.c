#include "CSQLiteShim.h"

int nyt_sqlite_set_checkpoint_on_close(sqlite3 *db, int checkpoints) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, checkpoints ? 0 : 1, (int *)0);
}

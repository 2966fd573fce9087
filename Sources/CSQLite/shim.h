#ifndef RESETT_CSQLITE_SHIM_H
#define RESETT_CSQLITE_SHIM_H
#include <sqlite3.h>

// sqlite3_config is variadic, which Swift cannot call. Debian's SQLite counts every allocation under one
// process-wide mutex (SQLITE_DEFAULT_MEMSTATUS=1); with several readers at once that mutex was the busiest
// lock in a profile of the year calendar. We never read SQLite's memory statistics, so switch them off.
// It must run before SQLite initialises (before the first connection opens); later it returns SQLITE_MISUSE
// and changes nothing.
static inline int resett_sqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
#endif

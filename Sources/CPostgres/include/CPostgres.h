// libpq, PostgreSQL's own client library, from Debian's libpq-dev; opened at the first connection (libpq.c).
#include <postgresql/libpq-fe.h>

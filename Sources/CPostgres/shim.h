// libpq, PostgreSQL's own client library, from Debian's libpq-dev.
#include <postgresql/libpq-fe.h>

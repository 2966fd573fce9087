// libpq opened at the first connection to PostgreSQL (see lazy_library.h): an installation on SQLite never loads it, nor
// the Kerberos, LDAP and GnuTLS libraries it brings. One line per function Storage calls, as libpq-fe.h declares it.
#include "CPostgres.h"
#include "lazy_library.h"

RESETT_LAZY_LIBRARY(libpq, "libpq.so.5", "libpq5");

RESETT_LAZY_VOID_FUNCTION(libpq, PQclear, (PGresult *res), (res))
RESETT_LAZY_FUNCTION(libpq, char *, PQcmdTuples, (PGresult *res), (res))
RESETT_LAZY_FUNCTION(libpq, PGconn *, PQconnectdb, (const char *conninfo), (conninfo))
RESETT_LAZY_FUNCTION(libpq, char *, PQerrorMessage, (const PGconn *conn), (conn))
RESETT_LAZY_FUNCTION(libpq, PGresult *, PQexec, (PGconn *conn, const char *query), (conn, query))
RESETT_LAZY_FUNCTION(libpq, PGresult *, PQexecPrepared,
                     (PGconn *conn, const char *stmtName, int nParams, const char *const *paramValues, const int *paramLengths,
                      const int *paramFormats, int resultFormat),
                     (conn, stmtName, nParams, paramValues, paramLengths, paramFormats, resultFormat))
RESETT_LAZY_VOID_FUNCTION(libpq, PQfinish, (PGconn *conn), (conn))
RESETT_LAZY_FUNCTION(libpq, char *, PQfname, (const PGresult *res, int field_num), (res, field_num))
RESETT_LAZY_FUNCTION(libpq, Oid, PQftype, (const PGresult *res, int field_num), (res, field_num))
RESETT_LAZY_FUNCTION(libpq, int, PQgetisnull, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num))
RESETT_LAZY_FUNCTION(libpq, char *, PQgetvalue, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num))
RESETT_LAZY_FUNCTION(libpq, int, PQnfields, (const PGresult *res), (res))
RESETT_LAZY_FUNCTION(libpq, int, PQntuples, (const PGresult *res), (res))
RESETT_LAZY_FUNCTION(libpq, PGresult *, PQprepare,
                     (PGconn *conn, const char *stmtName, const char *query, int nParams, const Oid *paramTypes),
                     (conn, stmtName, query, nParams, paramTypes))
RESETT_LAZY_FUNCTION(libpq, char *, PQresultErrorField, (const PGresult *res, int fieldcode), (res, fieldcode))
RESETT_LAZY_FUNCTION(libpq, char *, PQresultErrorMessage, (const PGresult *res), (res))
RESETT_LAZY_FUNCTION(libpq, ExecStatusType, PQresultStatus, (const PGresult *res), (res))
RESETT_LAZY_FUNCTION(libpq, int, PQsetClientEncoding, (PGconn *conn, const char *encoding), (conn, encoding))
RESETT_LAZY_FUNCTION(libpq, PQnoticeProcessor, PQsetNoticeProcessor, (PGconn *conn, PQnoticeProcessor proc, void *arg),
                     (conn, proc, arg))
RESETT_LAZY_FUNCTION(libpq, ConnStatusType, PQstatus, (const PGconn *conn), (conn))
RESETT_LAZY_FUNCTION(libpq, PGTransactionStatusType, PQtransactionStatus, (const PGconn *conn), (conn))

#ifndef RESETT_LAZY_LIBRARY_H
#define RESETT_LAZY_LIBRARY_H
// A shared library opened at its first use rather than when the process starts. A server on SQLite that has not made an
// outbound call or checked a SAML assertion then keeps none of libpq, libcurl or libxmlsec1 in memory, nor the thirty-odd
// libraries they bring (Kerberos, LDAP, GnuTLS, libxml2, ICU…): about 5 MB of a freshly started server.
//
// Each function we call is defined here under its own name (RESETT_LAZY_FUNCTION), so callers are unchanged: its first
// call looks the real one up and keeps its address. The binary names the libraries in no DT_NEEDED entry, so `ldd` no
// longer lists them: scripts/check-dockerfile.sh reads the RESETT_LAZY_LIBRARY lines to check the run stage installs them.
#include <pthread.h>
#include <stdatomic.h>

typedef struct resett_lazy_library {
    const char *soname;
    // The Debian package that installs it, named if it cannot be opened.
    const char *package;
    pthread_mutex_t lock;
    void *_Atomic handle;
} resett_lazy_library;

#define RESETT_LAZY_LIBRARY(variable, soname, package) \
    static resett_lazy_library variable = { soname, package, PTHREAD_MUTEX_INITIALIZER, NULL }

// The address of `name` in `library`, which is opened first if need be. A library or a symbol that cannot be found ends
// the process with a message naming the package to install: an installation without it cannot work.
void *resett_lazy_symbol(resett_lazy_library *library, const char *name);

#define RESETT_LAZY_RESOLVE(library, name) \
    static void *_Atomic resolved; \
    void *function = atomic_load_explicit(&resolved, memory_order_acquire); \
    if (function == NULL) { \
        function = resett_lazy_symbol(&library, name); \
        atomic_store_explicit(&resolved, function, memory_order_release); \
    }

#define RESETT_LAZY_FUNCTION(library, result, name, parameters, arguments) \
    result name parameters { \
        RESETT_LAZY_RESOLVE(library, #name) \
        return ((result (*) parameters)function) arguments; \
    }

#define RESETT_LAZY_VOID_FUNCTION(library, name, parameters, arguments) \
    void name parameters { \
        RESETT_LAZY_RESOLVE(library, #name) \
        ((void (*) parameters)function) arguments; \
    }
#endif

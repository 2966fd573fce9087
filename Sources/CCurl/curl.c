// libcurl opened at the first transfer (see lazy_library.h): until the server first sends mail over SMTP or calls an
// identity provider or a push service, neither it nor the libraries it brings (GnuTLS, Kerberos, LDAP, SSH…) are loaded.
#include "CCurl.h"
#include "lazy_library.h"

RESETT_LAZY_LIBRARY(libcurl, "libcurl.so.4", "libcurl4");

RESETT_LAZY_VOID_FUNCTION(libcurl, curl_easy_cleanup, (CURL *curl), (curl))
RESETT_LAZY_FUNCTION(libcurl, CURL *, curl_easy_init, (void), ())
RESETT_LAZY_FUNCTION(libcurl, CURLcode, curl_easy_perform, (CURL *curl), (curl))
RESETT_LAZY_FUNCTION(libcurl, const char *, curl_easy_strerror, (CURLcode code), (code))
RESETT_LAZY_FUNCTION(libcurl, CURLcode, curl_global_init, (long flags), (flags))
RESETT_LAZY_FUNCTION(libcurl, struct curl_slist *, curl_slist_append, (struct curl_slist *list, const char *data), (list, data))
RESETT_LAZY_VOID_FUNCTION(libcurl, curl_slist_free_all, (struct curl_slist *list), (list))

// The two variadic functions, called through their addresses with each wrapper's one typed value.
typedef CURLcode (*variadic)(CURL *, int, ...);

static variadic setopt(void) {
    RESETT_LAZY_RESOLVE(libcurl, "curl_easy_setopt")
    return (variadic)function;
}

CURLcode resett_curl_set_long(CURL *curl, CURLoption option, long value) { return setopt()(curl, option, value); }
CURLcode resett_curl_set_string(CURL *curl, CURLoption option, const char *value) { return setopt()(curl, option, value); }
CURLcode resett_curl_set_pointer(CURL *curl, CURLoption option, void *value) { return setopt()(curl, option, value); }
CURLcode resett_curl_set_read_function(CURL *curl, resett_curl_read_callback callback) {
    return setopt()(curl, CURLOPT_READFUNCTION, callback);
}
CURLcode resett_curl_set_write_function(CURL *curl, resett_curl_write_callback callback) {
    return setopt()(curl, CURLOPT_WRITEFUNCTION, callback);
}
CURLcode resett_curl_set_opensocket_function(CURL *curl, resett_curl_opensocket_callback callback) {
    return setopt()(curl, CURLOPT_OPENSOCKETFUNCTION, callback);
}

long resett_curl_response_code(CURL *curl) {
    RESETT_LAZY_RESOLVE(libcurl, "curl_easy_getinfo")
    long code = 0;
    if (((variadic)function)(curl, CURLINFO_RESPONSE_CODE, &code) != CURLE_OK) return 0;
    return code;
}

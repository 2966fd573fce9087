// libcurl, from Debian's libcurl4-openssl-dev; opened at the first transfer (curl.c).
#include <curl/curl.h>

// curl_easy_setopt is variadic, which Swift cannot call: one typed wrapper per kind of value.
CURLcode resett_curl_set_long(CURL *curl, CURLoption option, long value);
CURLcode resett_curl_set_string(CURL *curl, CURLoption option, const char *value);
CURLcode resett_curl_set_pointer(CURL *curl, CURLoption option, void *value);
typedef size_t (*resett_curl_read_callback)(char *buffer, size_t size, size_t count, void *userdata);
CURLcode resett_curl_set_read_function(CURL *curl, resett_curl_read_callback callback);
typedef size_t (*resett_curl_write_callback)(char *data, size_t size, size_t count, void *userdata);
CURLcode resett_curl_set_write_function(CURL *curl, resett_curl_write_callback callback);
typedef curl_socket_t (*resett_curl_opensocket_callback)(void *userdata, curlsocktype purpose, struct curl_sockaddr *address);
CURLcode resett_curl_set_opensocket_function(CURL *curl, resett_curl_opensocket_callback callback);
// curl_easy_getinfo is variadic too: the response's status code, 0 if there is none.
long resett_curl_response_code(CURL *curl);

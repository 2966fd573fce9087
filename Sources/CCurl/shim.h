#include <curl/curl.h>

// curl_easy_setopt is variadic, which Swift cannot call: one typed wrapper per kind of value.
static inline CURLcode resett_curl_set_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode resett_curl_set_string(CURL *curl, CURLoption option, const char *value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode resett_curl_set_pointer(CURL *curl, CURLoption option, void *value) {
    return curl_easy_setopt(curl, option, value);
}
typedef size_t (*resett_curl_read_callback)(char *buffer, size_t size, size_t count, void *userdata);
static inline CURLcode resett_curl_set_read_function(CURL *curl, resett_curl_read_callback callback) {
    return curl_easy_setopt(curl, CURLOPT_READFUNCTION, callback);
}
typedef size_t (*resett_curl_write_callback)(char *data, size_t size, size_t count, void *userdata);
static inline CURLcode resett_curl_set_write_function(CURL *curl, resett_curl_write_callback callback) {
    return curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, callback);
}
typedef curl_socket_t (*resett_curl_opensocket_callback)(void *userdata, curlsocktype purpose, struct curl_sockaddr *address);
static inline CURLcode resett_curl_set_opensocket_function(CURL *curl, resett_curl_opensocket_callback callback) {
    return curl_easy_setopt(curl, CURLOPT_OPENSOCKETFUNCTION, callback);
}
// curl_easy_getinfo is variadic too.
static inline long resett_curl_response_code(CURL *curl) {
    long code = 0;
    if (curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code) != CURLE_OK) return 0;
    return code;
}

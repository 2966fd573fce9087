#ifndef RESETT_CCRYPTO_SHIM_H
#define RESETT_CCRYPTO_SHIM_H
// libcrypto from the system (Debian libssl-dev): SHA-256, HMAC, secure random and constant-time compare.
#include <openssl/sha.h>
#include <openssl/hmac.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/crypto.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

// OpenSSL 3's one-shot HMAC() looks the algorithm and its digest up by name on every call (EVP_Q_mac); in a profile
// of the moderation queue, which names twenty authors by an HMAC each, the look-ups were most of the HMAC's cost.
// A context with HMAC and SHA-256 set is made once; each call copies it, adds the key and runs. NULL if libcrypto
// cannot make one (the caller then uses HMAC()).
static inline EVP_MAC_CTX *resett_hmac_sha256_template(void) {
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
    if (mac == NULL) return NULL;
    EVP_MAC_CTX *context = EVP_MAC_CTX_new(mac);
    EVP_MAC_free(mac); // the context keeps its own reference
    if (context == NULL) return NULL;
    OSSL_PARAM params[2];
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)"SHA256", 0);
    params[1] = OSSL_PARAM_construct_end();
    if (EVP_MAC_CTX_set_params(context, params) != 1) {
        EVP_MAC_CTX_free(context);
        return NULL;
    }
    return context;
}

// HMAC-SHA256 of `message` under `key` into `out` (32 bytes), from a copy of `template`. 1 on success.
static inline int resett_hmac_sha256(const EVP_MAC_CTX *template, const unsigned char *key, size_t key_length,
                                     const unsigned char *message, size_t message_length, unsigned char *out) {
    EVP_MAC_CTX *context = EVP_MAC_CTX_dup(template);
    if (context == NULL) return 0;
    size_t written = 0;
    // An empty key is a valid HMAC key; OpenSSL wants a non-NULL pointer for it.
    static const unsigned char empty = 0;
    int ok = EVP_MAC_init(context, key != NULL ? key : &empty, key_length, NULL) == 1
        && EVP_MAC_update(context, message, message_length) == 1
        && EVP_MAC_final(context, out, &written, 32) == 1
        && written == 32;
    EVP_MAC_CTX_free(context);
    return ok;
}
#endif

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
#include <openssl/x509.h>

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

// AES-256-GCM through EVP, as two calls Swift can make (the EVP_CTRL_GCM_* names are macros Swift cannot import).
// `key` is 32 bytes, `nonce` 12, `tag` 16. Seal writes `length` bytes of ciphertext to `out` and the tag to `tag`;
// open writes the plaintext to `out` and returns 1 only when the tag proves key, nonce, data and `aad` unchanged.
static inline int resett_aes256gcm_seal(const unsigned char *key, const unsigned char *nonce,
                                        const unsigned char *aad, int aad_length,
                                        const unsigned char *in, int length, unsigned char *out, unsigned char *tag) {
    EVP_CIPHER_CTX *context = EVP_CIPHER_CTX_new();
    if (context == NULL) return 0;
    int written = 0, ok = EVP_EncryptInit_ex(context, EVP_aes_256_gcm(), NULL, NULL, NULL) == 1
        && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, 12, NULL) == 1
        && EVP_EncryptInit_ex(context, NULL, NULL, key, nonce) == 1
        && (aad_length == 0 || EVP_EncryptUpdate(context, NULL, &written, aad, aad_length) == 1)
        && (length == 0 || EVP_EncryptUpdate(context, out, &written, in, length) == 1)
        && EVP_EncryptFinal_ex(context, out + (length == 0 ? 0 : written), &written) == 1
        && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, 16, tag) == 1;
    EVP_CIPHER_CTX_free(context);
    return ok;
}

static inline int resett_aes256gcm_open(const unsigned char *key, const unsigned char *nonce,
                                        const unsigned char *aad, int aad_length,
                                        const unsigned char *in, int length, const unsigned char *tag, unsigned char *out) {
    EVP_CIPHER_CTX *context = EVP_CIPHER_CTX_new();
    if (context == NULL) return 0;
    int written = 0, ok = EVP_DecryptInit_ex(context, EVP_aes_256_gcm(), NULL, NULL, NULL) == 1
        && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, 12, NULL) == 1
        && EVP_DecryptInit_ex(context, NULL, NULL, key, nonce) == 1
        && (aad_length == 0 || EVP_DecryptUpdate(context, NULL, &written, aad, aad_length) == 1)
        && (length == 0 || EVP_DecryptUpdate(context, out, &written, in, length) == 1)
        && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, 16, (void *)tag) == 1
        && EVP_DecryptFinal_ex(context, out + (length == 0 ? 0 : written), &written) == 1;
    EVP_CIPHER_CTX_free(context);
    return ok;
}
#endif

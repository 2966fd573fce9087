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
#include <openssl/param_build.h>
#include <openssl/kdf.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/pem.h>
#include <string.h>

// SHA-256 by libcrypto's own SHA-256 functions. OpenSSL 3's one-shot SHA256() goes through EVP_Q_digest, which
// fetches the algorithm by name on each call and, on the first, loads the default provider: 2.4 MB of libcrypto that a
// server whose first hash is a session token's or a mail's tag would otherwise carry from its first minute on
// (measured with a two-line C program: 2.8 -> 5.2 MB RSS against 2.8 -> 3.2 MB this way). The functions are
// deprecated in OpenSSL 3 in favour of EVP, not removed; the digest is the same.
static inline void resett_sha256(const unsigned char *in, size_t length, unsigned char *out) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    SHA256_CTX context;
    SHA256_Init(&context);
    SHA256_Update(&context, in, length);
    SHA256_Final(out, &context);
    OPENSSL_cleanse(&context, sizeof(context));
#pragma GCC diagnostic pop
}

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

// AES-GCM through EVP, as two calls Swift can make (the EVP_CTRL_GCM_* names are macros Swift cannot import).
// `cipher` is AES-256-GCM (our sealed boxes) or AES-128-GCM (Web Push, RFC 8188), fetched once (`GCMCipher`), and
// `key` its length;
// `nonce` is 12 bytes, `tag` 16. Seal writes `length` bytes of ciphertext to `out` and the tag to `tag`;
// open writes the plaintext to `out` and returns 1 only when the tag proves key, nonce, data and `aad` unchanged.
static inline int resett_aesgcm_seal(const EVP_CIPHER *cipher, const unsigned char *key, const unsigned char *nonce,
                                        const unsigned char *aad, int aad_length,
                                        const unsigned char *in, int length, unsigned char *out, unsigned char *tag) {
    EVP_CIPHER_CTX *context = EVP_CIPHER_CTX_new();
    if (context == NULL) return 0;
    int written = 0, ok = EVP_EncryptInit_ex(context, cipher, NULL, NULL, NULL) == 1
        && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, 12, NULL) == 1
        && EVP_EncryptInit_ex(context, NULL, NULL, key, nonce) == 1
        && (aad_length == 0 || EVP_EncryptUpdate(context, NULL, &written, aad, aad_length) == 1)
        && (length == 0 || EVP_EncryptUpdate(context, out, &written, in, length) == 1)
        && EVP_EncryptFinal_ex(context, out + (length == 0 ? 0 : written), &written) == 1
        && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, 16, tag) == 1;
    EVP_CIPHER_CTX_free(context);
    return ok;
}

static inline int resett_aesgcm_open(const EVP_CIPHER *cipher, const unsigned char *key, const unsigned char *nonce,
                                     const unsigned char *aad, int aad_length,
                                     const unsigned char *in, int length, const unsigned char *tag, unsigned char *out) {
    EVP_CIPHER_CTX *context = EVP_CIPHER_CTX_new();
    if (context == NULL) return 0;
    int written = 0, ok = EVP_DecryptInit_ex(context, cipher, NULL, NULL, NULL) == 1
        && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, 12, NULL) == 1
        && EVP_DecryptInit_ex(context, NULL, NULL, key, nonce) == 1
        && (aad_length == 0 || EVP_DecryptUpdate(context, NULL, &written, aad, aad_length) == 1)
        && (length == 0 || EVP_DecryptUpdate(context, out, &written, in, length) == 1)
        && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, 16, (void *)tag) == 1
        && EVP_DecryptFinal_ex(context, out + (length == 0 ? 0 : written), &written) == 1;
    EVP_CIPHER_CTX_free(context);
    return ok;
}

// P-256 for Web Push (RFC 8291): a fresh key pair per message, a browser's public key read from its 65 uncompressed
// bytes (and refused unless it is a point on the curve), and ECDH between them. OpenSSL 3's provider calls only; the
// EC_KEY ones are deprecated.
static inline EVP_PKEY *resett_p256_generate(void) {
    EVP_PKEY_CTX *context = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    if (context == NULL) return NULL;
    EVP_PKEY *key = NULL;
    OSSL_PARAM params[2];
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, (char *)"P-256", 0);
    params[1] = OSSL_PARAM_construct_end();
    if (EVP_PKEY_keygen_init(context) != 1 || EVP_PKEY_CTX_set_params(context, params) != 1 || EVP_PKEY_generate(context, &key) != 1) key = NULL;
    EVP_PKEY_CTX_free(context);
    return key;
}

// A key from its parts: `private_key` (32 bytes, big-endian) may be NULL for a public key alone; `point` is the
// 65-byte uncompressed public point. NULL unless the point is on the curve (and matches the private key, when given).
static inline EVP_PKEY *resett_p256_key(const unsigned char *private_key, const unsigned char *point, size_t point_length) {
    if (point_length != 65 || point[0] != 0x04) return NULL;
    OSSL_PARAM_BLD *builder = OSSL_PARAM_BLD_new();
    BIGNUM *secret = private_key != NULL ? BN_bin2bn(private_key, 32, NULL) : NULL;
    OSSL_PARAM *params = NULL;
    EVP_PKEY *key = NULL;
    EVP_PKEY_CTX *context = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    int built = builder != NULL && context != NULL
        && OSSL_PARAM_BLD_push_utf8_string(builder, OSSL_PKEY_PARAM_GROUP_NAME, "P-256", 0) == 1
        && OSSL_PARAM_BLD_push_octet_string(builder, OSSL_PKEY_PARAM_PUB_KEY, point, point_length) == 1
        && (private_key == NULL || (secret != NULL && OSSL_PARAM_BLD_push_BN(builder, OSSL_PKEY_PARAM_PRIV_KEY, secret) == 1))
        && (params = OSSL_PARAM_BLD_to_param(builder)) != NULL
        && EVP_PKEY_fromdata_init(context) == 1
        && EVP_PKEY_fromdata(context, &key, private_key != NULL ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, params) == 1;
    if (built) {
        EVP_PKEY_CTX *check = EVP_PKEY_CTX_new_from_pkey(NULL, key, NULL);
        int sound = check != NULL && (private_key != NULL ? EVP_PKEY_pairwise_check(check) : EVP_PKEY_public_check(check)) == 1;
        EVP_PKEY_CTX_free(check);
        if (!sound) { EVP_PKEY_free(key); key = NULL; }
    } else if (key != NULL) {
        EVP_PKEY_free(key);
        key = NULL;
    }
    EVP_PKEY_CTX_free(context);
    OSSL_PARAM_free(params);
    BN_clear_free(secret);
    OSSL_PARAM_BLD_free(builder);
    return key;
}

// The 65 uncompressed bytes of a key's public point into `out`. 1 on success.
static inline int resett_p256_public_bytes(EVP_PKEY *key, unsigned char *out) {
    size_t length = 0;
    return EVP_PKEY_get_octet_string_param(key, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, out, 65, &length) == 1 && length == 65 && out[0] == 0x04;
}

// ECDH: the 32-byte shared secret of `own` (with its private key) and `peer` into `out`. 1 on success.
static inline int resett_p256_shared_secret(EVP_PKEY *own, EVP_PKEY *peer, unsigned char *out) {
    EVP_PKEY_CTX *context = EVP_PKEY_CTX_new_from_pkey(NULL, own, NULL);
    size_t length = 32;
    int ok = context != NULL && EVP_PKEY_derive_init(context) == 1 && EVP_PKEY_derive_set_peer(context, peer) == 1
        && EVP_PKEY_derive(context, out, &length) == 1 && length == 32;
    EVP_PKEY_CTX_free(context);
    return ok;
}

// ES256 (RFC 7518 §3.4): the SHA-256 of `message` signed with `key`, as JWS wants it, r then s, 32 bytes each, in `out`.
static inline int resett_p256_sign(EVP_PKEY *key, const unsigned char *message, size_t length, unsigned char *out) {
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    unsigned char der[80];
    size_t der_length = sizeof der;
    int ok = context != NULL && EVP_DigestSignInit(context, NULL, EVP_sha256(), NULL, key) == 1
        && EVP_DigestSign(context, der, &der_length, message, length) == 1;
    EVP_MD_CTX_free(context);
    if (!ok) return 0;
    const unsigned char *cursor = der;
    ECDSA_SIG *signature = d2i_ECDSA_SIG(NULL, &cursor, (long)der_length);
    if (signature == NULL) return 0;
    const BIGNUM *r = NULL, *s = NULL;
    ECDSA_SIG_get0(signature, &r, &s);
    ok = BN_bn2binpad(r, out, 32) == 32 && BN_bn2binpad(s, out + 32, 32) == 32;
    ECDSA_SIG_free(signature);
    return ok;
}

// A pass phrase is never asked for: an encrypted key file is refused rather than waiting at a terminal.
static inline int resett_no_pass_phrase(char *buffer, int size, int writing, void *context) {
    (void)buffer; (void)size; (void)writing; (void)context;
    return 0;
}

// A P-256 private key from PEM (PKCS#8 or SEC 1); NULL for anything else.
static inline EVP_PKEY *resett_p256_from_pem(const char *pem, size_t length) {
    if (length > 16384) return NULL;
    BIO *bio = BIO_new_mem_buf(pem, (int)length);
    if (bio == NULL) return NULL;
    EVP_PKEY *key = PEM_read_bio_PrivateKey(bio, NULL, resett_no_pass_phrase, NULL);
    BIO_free(bio);
    char group[32] = {0};
    size_t group_length = 0;
    if (key != NULL && (!EVP_PKEY_is_a(key, "EC")
                        || EVP_PKEY_get_utf8_string_param(key, OSSL_PKEY_PARAM_GROUP_NAME, group, sizeof group, &group_length) != 1
                        || strcmp(group, "prime256v1") != 0)) {
        EVP_PKEY_free(key);
        key = NULL;
    }
    return key;
}

// The key as unencrypted PKCS#8 PEM into `out`; its length, or 0 if it does not fit in `capacity`.
static inline size_t resett_private_key_pem(EVP_PKEY *key, char *out, size_t capacity) {
    BIO *bio = BIO_new(BIO_s_mem());
    if (bio == NULL) return 0;
    size_t written = 0;
    if (PEM_write_bio_PKCS8PrivateKey(bio, key, NULL, NULL, 0, NULL, NULL) == 1) {
        char *data = NULL;
        long length = BIO_get_mem_data(bio, &data);
        if (length > 0 && (size_t)length <= capacity) {
            memcpy(out, data, (size_t)length);
            written = (size_t)length;
        }
    }
    BIO_free(bio);
    return written;
}

// HKDF-SHA256 (RFC 5869, extract then expand): `length` bytes into `out`. 1 on success.
static inline int resett_hkdf_sha256(const unsigned char *salt, size_t salt_length, const unsigned char *secret, size_t secret_length,
                                     const unsigned char *info, size_t info_length, unsigned char *out, size_t length) {
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
    if (kdf == NULL) return 0;
    EVP_KDF_CTX *context = EVP_KDF_CTX_new(kdf);
    EVP_KDF_free(kdf);
    if (context == NULL) return 0;
    OSSL_PARAM params[5];
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)"SHA256", 0);
    params[1] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)secret, secret_length);
    params[2] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)salt, salt_length);
    params[3] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)info, info_length);
    params[4] = OSSL_PARAM_construct_end();
    int ok = EVP_KDF_derive(context, out, length, params) == 1;
    EVP_KDF_CTX_free(context);
    return ok;
}
#endif

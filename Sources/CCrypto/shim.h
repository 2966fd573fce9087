#ifndef RESETT_CCRYPTO_SHIM_H
#define RESETT_CCRYPTO_SHIM_H
// libcrypto from the system (Debian libssl-dev): SHA-256, HMAC, secure random and constant-time compare.
#include <openssl/sha.h>
#include <openssl/hmac.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/crypto.h>
#endif

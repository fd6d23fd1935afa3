// OpenSSL's libcrypto (Debian: libssl-dev) for Realm's encrypted files: AES-256-CBC and
// HMAC-SHA224 through the EVP interfaces, constant-time comparison, randomness and cleansing.
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/crypto.h>
#include <openssl/rand.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/err.h>

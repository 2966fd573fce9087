#ifndef RESETT_CARGON2_SHIM_H
#define RESETT_CARGON2_SHIM_H
// The reference Argon2 library from the system (Debian libargon2-dev).
#include <argon2.h>
#endif

#ifndef RESETT_CZLIB_SHIM_H
#define RESETT_CZLIB_SHIM_H
// zlib from the system: raw DEFLATE for SAML's HTTP-Redirect binding (SAML Bindings §3.4.4.1).
#include <string.h>
#include <zlib.h>

// `in` compressed as raw DEFLATE (no zlib header) into `out`; the length written, or 0 if it does not fit.
static inline unsigned long resett_deflate_raw(const unsigned char *in, unsigned long length, unsigned char *out, unsigned long capacity) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) return 0;
    stream.next_in = (Bytef *)in;
    stream.avail_in = (uInt)length;
    stream.next_out = out;
    stream.avail_out = (uInt)capacity;
    int result = deflate(&stream, Z_FINISH);
    unsigned long written = stream.total_out;
    deflateEnd(&stream);
    return result == Z_STREAM_END ? written : 0;
}
#endif

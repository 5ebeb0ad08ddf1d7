#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

/* zlib, for decoding gzip- and deflate-encoded upstream answers. */
#include <zlib.h>

/* inflateInit2 is a macro (it passes the library version and struct size); Swift cannot call it.
 * window_bits: 15 + 32 detects a zlib or gzip header, -15 reads raw deflate. */
static inline int
czlib_inflate_init(z_stream *stream, int window_bits)
{
    return inflateInit2(stream, window_bits);
}

#endif

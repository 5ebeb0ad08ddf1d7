#ifndef CGNUTLS_SHIM_H
#define CGNUTLS_SHIM_H

/* GnuTLS, which libmicrohttpd already links for HTTPS: certificate generation for
 * `mockserver tls-cert`, checking the PEM files given to --tls-cert / --tls-key, and the TLS
 * side of the upstream client. */
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>

/* gnutls_free is a macro around a global function pointer, which Swift cannot call. */
static inline void
cgnutls_free_datum(gnutls_datum_t *datum)
{
    if (datum != NULL && datum->data != NULL) {
        gnutls_free(datum->data);
        datum->size = 0;
    }
}

/* GNUTLS_CURVE_TO_BITS is a macro: the "bits" argument of gnutls_x509_privkey_generate
 * that selects an elliptic curve. */
static inline unsigned int
cgnutls_curve_bits(gnutls_ecc_curve_t curve)
{
    return GNUTLS_CURVE_TO_BITS(curve);
}

/* Sends on the session's socket without raising SIGPIPE when the peer has gone (GnuTLS's
 * default sender may), so a dropped upstream connection is an error, not a dead process. */
static inline ssize_t
cgnutls_send_without_sigpipe(gnutls_transport_ptr_t transport, const void *data, size_t length)
{
#ifdef MSG_NOSIGNAL
    return send((int)(intptr_t)transport, data, length, MSG_NOSIGNAL);
#else
    return send((int)(intptr_t)transport, data, length, 0);
#endif
}

/* Reads and writes the session's records on socket `descriptor`, sending through
 * cgnutls_send_without_sigpipe. */
static inline void
cgnutls_use_socket(gnutls_session_t session, int descriptor)
{
    gnutls_transport_set_int(session, descriptor);
    gnutls_transport_set_push_function(session, cgnutls_send_without_sigpipe);
}

#endif

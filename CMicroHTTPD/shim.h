#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <sys/types.h>
#include <sys/socket.h>
#include <stdint.h>
#include <microhttpd.h>

/* Swift cannot call C variadic functions; these wrappers give it fixed signatures. */

/* MHD_start_daemon with every option passed through one MHD_OPTION_ARRAY. */
static inline struct MHD_Daemon *
cmhd_start_daemon(unsigned int flags,
                  uint16_t port,
                  MHD_AccessHandlerCallback handler,
                  void *handler_context,
                  struct MHD_OptionItem *options)
{
    return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_context,
                            MHD_OPTION_ARRAY, options,
                            MHD_OPTION_END);
}

/* The port the daemon really listens on (useful after binding port 0); 0 when unknown. */
static inline uint16_t
cmhd_bound_port(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

#endif

#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <sys/types.h>
#include <sys/socket.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
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

/* The 0-terminated text of one MHD log message, already formatted. */
typedef void (*cmhd_log_line_callback)(void *context, const char *line);

/* What MHD_OPTION_EXTERNAL_LOGGER's closure points to: where formatted lines go. */
struct cmhd_log_sink {
    cmhd_log_line_callback callback;
    void *context;
};

/* MHD hands its logger a printf format and a va_list, which Swift cannot format;
   this formats it into a bounded buffer and passes plain text on. */
static inline void
cmhd_format_log_message(void *sink_pointer, const char *format, va_list arguments)
{
    struct cmhd_log_sink *sink = (struct cmhd_log_sink *)sink_pointer;
    char line[1024];
    if (sink == NULL || sink->callback == NULL || format == NULL) {
        return;
    }
    int written = vsnprintf(line, sizeof line, format, arguments);
    if (written < 0) {
        return;
    }
    size_t length = strnlen(line, sizeof line);
    while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r')) {
        line[--length] = '\0';
    }
    sink->callback(sink->context, line);
}

/* One option item whose function goes in the integer slot, as MHD expects for callback options. */
static inline struct MHD_OptionItem
cmhd_function_option(enum MHD_OPTION option, intptr_t function, void *closure)
{
    struct MHD_OptionItem item;
    item.option = option;
    item.value = function;
    item.ptr_value = closure;
    return item;
}

/* The option item installing cmhd_format_log_message as MHD's logger. */
static inline struct MHD_OptionItem
cmhd_external_logger_option(struct cmhd_log_sink *sink)
{
    return cmhd_function_option(MHD_OPTION_EXTERNAL_LOGGER, (intptr_t)&cmhd_format_log_message, sink);
}

/* Called with the raw request target before the headers are parsed; the result becomes *con_cls. */
typedef void *(*cmhd_uri_log_callback)(void *closure, const char *uri, struct MHD_Connection *connection);

/* MHD_OPTION_URI_LOG_CALLBACK as an option item. */
static inline struct MHD_OptionItem
cmhd_uri_log_option(cmhd_uri_log_callback callback, void *closure)
{
    return cmhd_function_option(MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)callback, closure);
}

/* MHD_OPTION_NOTIFY_COMPLETED as an option item. */
static inline struct MHD_OptionItem
cmhd_notify_completed_option(MHD_RequestCompletedCallback callback, void *closure)
{
    return cmhd_function_option(MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)callback, closure);
}

/* MHD_OPTION_NOTIFY_CONNECTION as an option item. */
static inline struct MHD_OptionItem
cmhd_notify_connection_option(MHD_NotifyConnectionCallback callback, void *closure)
{
    return cmhd_function_option(MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)callback, closure);
}

/* MHD_get_connection_info(MHD_CONNECTION_INFO_SOCKET_CONTEXT): what the connection-started
   notification stored in *socket_context; NULL when unknown. */
static inline void *
cmhd_connection_socket_context(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/* MHD_get_connection_info(MHD_CONNECTION_INFO_CONNECTION_FD): the connection's socket; -1 when unknown. */
static inline int
cmhd_connection_fd(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/* MHD_get_connection_info(MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE): the bytes of the request line
   and headers as consumed, up to and including the line that ended the head; 0 when unknown. */
static inline size_t
cmhd_request_head_size(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}

/* MHD_SIZE_UNKNOWN, a macro Swift does not import (an unsigned cast of -1). */
static const uint64_t cmhd_size_unknown = MHD_SIZE_UNKNOWN;

/* MHD_set_response_options(response, MHD_RF_HTTP_1_0_COMPATIBLE_STRICT, MHD_RO_END), variadic:
   a response of unknown size is then sent without Transfer-Encoding (and without
   Content-Length), ended by closing the connection. MHD_YES when set. */
static inline enum MHD_Result
cmhd_response_close_delimited(struct MHD_Response *response)
{
    return MHD_set_response_options(response, MHD_RF_HTTP_1_0_COMPATIBLE_STRICT, MHD_RO_END);
}

#endif

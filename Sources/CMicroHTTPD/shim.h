#ifndef BURN_CMICROHTTPD_SHIM_H
#define BURN_CMICROHTTPD_SHIM_H
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <string.h>
#include <microhttpd.h>

/* MHD_start_daemon is variadic: Swift calls this instead. A daemon with its own polling
   thread, listening on 127.0.0.1 only, at `port` (0: the system picks one). */
static inline struct MHD_Daemon *burn_mhd_start_loopback(uint16_t port, MHD_AccessHandlerCallback handler, void *context,
                                                        MHD_RequestCompletedCallback completed) {
    struct sockaddr_in address;
    memset(&address, 0, sizeof(address));
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION, port, NULL, NULL, handler,
                            context, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address, MHD_OPTION_NOTIFY_COMPLETED,
                            completed, context, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)120, MHD_OPTION_END);
}

/* The port the daemon listens on, 0 when unknown. */
static inline uint16_t burn_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/* The address the daemon's socket is bound to, as text ("127.0.0.1"); empty when unknown. */
static inline void burn_mhd_bound_address(struct MHD_Daemon *daemon, char *text, socklen_t size) {
    text[0] = 0;
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_LISTEN_FD);
    if (!info) return;
    struct sockaddr_in address;
    socklen_t length = sizeof(address);
    if (getsockname(info->listen_fd, (struct sockaddr *)&address, &length) == 0 && address.sin_family == AF_INET)
        inet_ntop(AF_INET, &address.sin_addr, text, size);
}

static inline enum MHD_Result burn_mhd_yes(void) { return MHD_YES; }
static inline enum MHD_Result burn_mhd_no(void) { return MHD_NO; }

/* A query argument (decoded) or a request header of the connection; NULL when absent. */
static inline const char *burn_mhd_argument(struct MHD_Connection *connection, const char *name) {
    return MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, name);
}
static inline const char *burn_mhd_header(struct MHD_Connection *connection, const char *name) {
    return MHD_lookup_connection_value(connection, MHD_HEADER_KIND, name);
}

/* Calls `iterator` with each query argument (`arguments`) or each header of the connection. */
static inline int burn_mhd_values(struct MHD_Connection *connection, int arguments, MHD_KeyValueIterator iterator, void *context) {
    return MHD_get_connection_values(connection, arguments ? MHD_GET_ARGUMENT_KIND : MHD_HEADER_KIND, iterator, context);
}

/* A response holding a copy of `size` bytes at `data`. */
static inline struct MHD_Response *burn_mhd_response_copy(size_t size, const void *data) {
    return MHD_create_response_from_buffer(size, (void *)data, MHD_RESPMEM_MUST_COPY);
}
#endif

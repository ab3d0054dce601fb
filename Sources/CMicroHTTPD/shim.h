#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

/* MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot call: the
   fixed-signature wrappers below pass the options foldmark uses. */

/* Leaves the request path exactly as the client sent it (still percent-encoded), so that
   Swift can reject `%00`, `%2f` and `%5c` instead of receiving a path that libmicrohttpd
   has already decoded, and cut short at a decoded NUL. */
static inline size_t foldmark_mhd_keep_escapes(void *context, struct MHD_Connection *connection, char *text) {
    (void)context;
    (void)connection;
    return strlen(text);
}

/* Starts a daemon on an already bound and listening socket, which it then owns. */
static inline struct MHD_Daemon *foldmark_mhd_start(
    unsigned int flags, int listen_socket, MHD_AccessHandlerCallback handler, void *context,
    unsigned int threads, unsigned int connection_limit, unsigned int timeout_seconds, size_t memory_limit) {
    return MHD_start_daemon(
        flags, 0, NULL, NULL, handler, context,
        MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_socket,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        MHD_OPTION_UNESCAPE_CALLBACK, foldmark_mhd_keep_escapes, NULL,
        MHD_OPTION_END);
}

/* The socket of a connection, or -1. */
static inline int foldmark_mhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? (int)info->connect_fd : -1;
}

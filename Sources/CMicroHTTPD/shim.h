#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

/* libmicrohttpd is loaded when a server first starts, not linked: only `foldmark serve`
   needs it, and loading it with the TLS libraries it links (gnutls and eight more) took
   about 1.6 ms of every start of foldmark, a no-op build's included. The header gives the
   types; the functions foldmark calls are looked up once into this table, each with the
   type of its declaration. */
#define FOLDMARK_MHD_FUNCTIONS(X)                                                \
    X(start_daemon) X(stop_daemon) X(get_connection_info) X(get_connection_values) \
    X(queue_response) X(suspend_connection) X(resume_connection)                   \
    X(create_response_from_buffer) X(create_response_from_fd64)                    \
    X(create_response_from_callback) X(add_response_header) X(destroy_response)

struct foldmark_mhd {
#define FOLDMARK_MHD_FIELD(name) __typeof__(MHD_##name) *_Nonnull name;
    FOLDMARK_MHD_FUNCTIONS(FOLDMARK_MHD_FIELD)
#undef FOLDMARK_MHD_FIELD
};

/* Loads the library (the soname of Debian's libmicrohttpd12, else the development
   package's link) and fills `table`; 0 on success, else -1 with the reason in
   dlerror(). The handle is kept for the life of the process. */
static inline int foldmark_mhd_load(struct foldmark_mhd *_Nonnull table) {
    void *library = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libmicrohttpd.so", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return -1;
#define FOLDMARK_MHD_LOOK_UP(name) \
    if ((*(void **)&table->name = dlsym(library, "MHD_" #name)) == NULL) return -1;
    FOLDMARK_MHD_FUNCTIONS(FOLDMARK_MHD_LOOK_UP)
#undef FOLDMARK_MHD_LOOK_UP
    return 0;
}

/* MHD_start_daemon and MHD_get_connection_info are variadic, which Swift cannot call: the
   fixed-signature wrappers below pass the options foldmark uses. */

/* Leaves the request path exactly as the client sent it (still percent-encoded), so that
   Swift can reject `%00`, `%2f` and `%5c` instead of receiving a path that libmicrohttpd
   has already decoded, and cut short at a decoded NUL. */
static inline size_t foldmark_mhd_keep_escapes(void *context, struct MHD_Connection *connection, char *text) {
    (void)context;
    (void)connection;
    return strlen(text);
}

/* The URI log callback: it sees the request's target (path and query) before libmicrohttpd
   cuts it at `?`, and its result is the request's first `*con_cls`. */
typedef void *_Nullable (*foldmark_mhd_uri_logger)(
    void *_Nullable context, const char *_Nullable uri, struct MHD_Connection *_Nullable connection);

/* The callbacks of a daemon; each gets the daemon's context. */
struct foldmark_mhd_callbacks {
    MHD_AccessHandlerCallback handler;
    foldmark_mhd_uri_logger log_uri;
    MHD_NotifyConnectionCallback notify_connection;
    MHD_RequestCompletedCallback notify_completed;
};

/* Starts a daemon on an already bound and listening socket, which it then owns. */
static inline struct MHD_Daemon *foldmark_mhd_start(
    const struct foldmark_mhd *_Nonnull table, unsigned int flags, int listen_socket,
    struct foldmark_mhd_callbacks callbacks, void *context, unsigned int threads, unsigned int connection_limit,
    unsigned int timeout_seconds, size_t memory_limit) {
    return table->start_daemon(
        flags, 0, NULL, NULL, callbacks.handler, context,
        MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_socket,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        MHD_OPTION_UNESCAPE_CALLBACK, foldmark_mhd_keep_escapes, NULL,
        MHD_OPTION_URI_LOG_CALLBACK, callbacks.log_uri, context,
        MHD_OPTION_NOTIFY_CONNECTION, callbacks.notify_connection, context,
        MHD_OPTION_NOTIFY_COMPLETED, callbacks.notify_completed, context,
        MHD_OPTION_END);
}

/* The socket of a connection, or -1. */
static inline int foldmark_mhd_connection_socket(
    const struct foldmark_mhd *_Nonnull table, struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        table->get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? (int)info->connect_fd : -1;
}

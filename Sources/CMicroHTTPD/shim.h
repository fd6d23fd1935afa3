// GNU libmicrohttpd for `realm-browser serve`, loaded when serve starts (dlopen), not linked:
// its libraries (GnuTLS and what that needs, ten in all) would otherwise be mapped and
// relocated at the start of every run of the tool, a few milliseconds each time, for a command
// most runs never use. Only the header is read at build time, for the types and constants.
// MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot call: the wrappers
// below pass the fixed options serve uses.
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

/// The functions serve calls, as found in the loaded library.
struct rb_mhd_library {
    void *start_daemon;
    void *stop_daemon;
    void *get_daemon_info;
    void *get_connection_values;
    void *create_response_from_buffer;
    void *create_response_from_fd;
    void *destroy_response;
    void *add_response_header;
    void *queue_response;
};

/// Loads the library (Debian's libmicrohttpd12) and finds every function; NULL when all were
/// found, else why not (the first failure: the versioned name's, which says more than the
/// fallback's "not found" when the library is there but one of its own libraries is not).
static inline const char *rb_mhd_load(struct rb_mhd_library *library) {
    void *handle = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *first = dlerror();
        handle = dlopen("libmicrohttpd.so", RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) return first != NULL ? first : "libmicrohttpd.so.12 cannot be loaded";
    }
    const char *names[] = {"MHD_start_daemon", "MHD_stop_daemon", "MHD_get_daemon_info", "MHD_get_connection_values",
                           "MHD_create_response_from_buffer", "MHD_create_response_from_fd", "MHD_destroy_response",
                           "MHD_add_response_header", "MHD_queue_response"};
    void **slots[] = {&library->start_daemon, &library->stop_daemon, &library->get_daemon_info,
                      &library->get_connection_values, &library->create_response_from_buffer,
                      &library->create_response_from_fd, &library->destroy_response, &library->add_response_header, &library->queue_response};
    for (size_t index = 0; index < sizeof names / sizeof names[0]; index++) {
        *slots[index] = dlsym(handle, names[index]);
        if (*slots[index] == NULL) {
            const char *failure = dlerror();
            dlclose(handle);
            return failure != NULL ? failure : names[index];
        }
    }
    return NULL;
}

/// One polling thread handles every connection (so requests are already one at a time),
/// bound to `address` only (a sockaddr_in, or a sockaddr_in6 when `ipv6` is not 0: MHD then
/// needs MHD_USE_IPv6 to make an IPv6 socket, and without MHD_USE_DUAL_STACK it sets
/// IPV6_V6ONLY, so `::` is every IPv6 address and no IPv4 one); `memory_limit` bounds what one
/// connection may buffer (the request line and headers), beyond which MHD answers 414/431
/// itself; `completed` runs after each request, also an aborted one (to free what the handler
/// kept for it).
static inline struct MHD_Daemon *rb_mhd_start(const struct rb_mhd_library *library, const struct sockaddr *address, int ipv6,
                                              MHD_AccessHandlerCallback handler,
                                              MHD_RequestCompletedCallback completed, void *context,
                                              size_t memory_limit, unsigned int connection_limit,
                                              unsigned int timeout_seconds) {
    typedef struct MHD_Daemon *(*start_daemon)(unsigned int, uint16_t, MHD_AcceptPolicyCallback, void *,
                                               MHD_AccessHandlerCallback, void *, ...);
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL;
    if (ipv6) flags |= MHD_USE_IPv6;
    return ((start_daemon)library->start_daemon)(flags,
                                                 0, NULL, NULL, handler, context,
                                                 MHD_OPTION_SOCK_ADDR, address,
                                                 MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
                                                 MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                                                 MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                                                 MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                                                 MHD_OPTION_END);
}

/// The port the daemon listens on (the one the system chose for port 0); 0 if unknown.
static inline uint16_t rb_mhd_bound_port(const struct rb_mhd_library *library, struct MHD_Daemon *daemon) {
    typedef const union MHD_DaemonInfo *(*get_daemon_info)(struct MHD_Daemon *, enum MHD_DaemonInfoType, ...);
    const union MHD_DaemonInfo *info = ((get_daemon_info)library->get_daemon_info)(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

static inline void rb_mhd_stop(const struct rb_mhd_library *library, struct MHD_Daemon *daemon) {
    ((void (*)(struct MHD_Daemon *))library->stop_daemon)(daemon);
}

static inline int rb_mhd_values(const struct rb_mhd_library *library, struct MHD_Connection *connection,
                                enum MHD_ValueKind kind, MHD_KeyValueIterator iterator, void *context) {
    typedef int (*get_values)(struct MHD_Connection *, enum MHD_ValueKind, MHD_KeyValueIterator, void *);
    return ((get_values)library->get_connection_values)(connection, kind, iterator, context);
}

/// A response holding a copy of `size` bytes at `buffer`.
static inline struct MHD_Response *rb_mhd_response(const struct rb_mhd_library *library, size_t size, void *buffer) {
    typedef struct MHD_Response *(*create)(size_t, void *, enum MHD_ResponseMemoryMode);
    return ((create)library->create_response_from_buffer)(size, buffer, MHD_RESPMEM_MUST_COPY);
}

/// A response sending the `size` bytes of the file open at `fd` from its start; MHD closes
/// `fd` when the response is destroyed (after the last connection using it is done).
static inline struct MHD_Response *rb_mhd_file_response(const struct rb_mhd_library *library, size_t size, int fd) {
    typedef struct MHD_Response *(*create)(size_t, int);
    return ((create)library->create_response_from_fd)(size, fd);
}

static inline void rb_mhd_destroy(const struct rb_mhd_library *library, struct MHD_Response *response) {
    ((void (*)(struct MHD_Response *))library->destroy_response)(response);
}

static inline enum MHD_Result rb_mhd_header(const struct rb_mhd_library *library, struct MHD_Response *response,
                                            const char *name, const char *value) {
    typedef enum MHD_Result (*add_header)(struct MHD_Response *, const char *, const char *);
    return ((add_header)library->add_response_header)(response, name, value);
}

static inline enum MHD_Result rb_mhd_queue(const struct rb_mhd_library *library, struct MHD_Connection *connection,
                                           unsigned int status, struct MHD_Response *response) {
    typedef enum MHD_Result (*queue_response)(struct MHD_Connection *, unsigned int, struct MHD_Response *);
    return ((queue_response)library->queue_response)(connection, status, response);
}

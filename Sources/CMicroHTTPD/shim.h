// GNU libmicrohttpd for `realm-browser serve`. MHD_start_daemon and MHD_get_daemon_info are
// variadic, which Swift cannot call: these wrappers pass the fixed options serve uses.
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

/// One polling thread handles every connection (so requests are already one at a time),
/// bound to `address` only (a sockaddr_in, or a sockaddr_in6 when `ipv6` is not 0: MHD then
/// needs MHD_USE_IPv6 to make an IPv6 socket, and without MHD_USE_DUAL_STACK it sets
/// IPV6_V6ONLY, so `::` is every IPv6 address and no IPv4 one); `memory_limit` bounds what one
/// connection may buffer (the request line and headers), beyond which MHD answers 414/431
/// itself; `completed` runs after each request, also an aborted one (to free what the handler
/// kept for it).
static inline struct MHD_Daemon *rb_mhd_start(const struct sockaddr *address, int ipv6,
                                              MHD_AccessHandlerCallback handler,
                                              MHD_RequestCompletedCallback completed, void *context,
                                              size_t memory_limit, unsigned int connection_limit,
                                              unsigned int timeout_seconds) {
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL;
    if (ipv6) flags |= MHD_USE_IPv6;
    return MHD_start_daemon(flags,
                            0, NULL, NULL, handler, context,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_END);
}

/// The port the daemon listens on (the one the system chose for port 0); 0 if unknown.
static inline uint16_t rb_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

#ifndef C_PREFETCH_H
#define C_PREFETCH_H

/// Asks the processor to start loading the cache line at `address` for reading, without
/// waiting for it and without faulting (a prefetch of any address is harmless). Swift has no
/// spelling for the instruction; as a static inline function it is compiled into the caller.
static inline __attribute__((always_inline)) void realm_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif

// Counts heap allocations: an LD_PRELOAD shim for scripts/bench_allocations.sh.
//
// It stands in for malloc, calloc, realloc (and reallocarray) and the aligned allocators
// (posix_memalign, aligned_alloc, memalign, valloc, pvalloc), counts each call, and hands it
// to glibc's own allocator (__libc_malloc and friends), so the program allocates exactly as it
// would without the shim: same sizes, same malloc_usable_size, hence the same array growth.
// free is not wrapped. At exit it writes "malloc calloc realloc aligned" (four counts) to the
// file named by $ALLOC_COUNT_FILE, or to standard error.
//
// Not seen: allocations glibc makes for itself through its internal entry points (fopen's
// buffer, strdup, ...); Swift code allocates through swift_slowAlloc -> malloc/posix_memalign,
// which is seen. `valgrind --tool=memcheck` sees both (scripts/bench_allocations.sh --valgrind).
//
// Build: gcc -O2 -shared -fPIC -o alloc_count.so alloc_count.c   (glibc only)
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

enum { MALLOC, CALLOC, REALLOC, ALIGNED, KINDS };
static unsigned long counts[KINDS];

static inline void count(int kind) { __atomic_add_fetch(&counts[kind], 1, __ATOMIC_RELAXED); }

void *malloc(size_t size) { count(MALLOC); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { count(CALLOC); return __libc_calloc(n, size); }
void *realloc(void *pointer, size_t size) { count(REALLOC); return __libc_realloc(pointer, size); }

void *reallocarray(void *pointer, size_t n, size_t size) {
    size_t bytes;
    if (__builtin_mul_overflow(n, size, &bytes)) { errno = ENOMEM; return NULL; }
    count(REALLOC);
    return __libc_realloc(pointer, bytes);
}

void *memalign(size_t alignment, size_t size) { count(ALIGNED); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(ALIGNED); return __libc_memalign(alignment, size); }

void *valloc(size_t size) {
    count(ALIGNED);
    return __libc_memalign((size_t)sysconf(_SC_PAGESIZE), size);
}

void *pvalloc(size_t size) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    count(ALIGNED);
    return __libc_memalign(page, (size + page - 1) / page * page);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    count(ALIGNED);
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *out = pointer;
    return 0;
}

__attribute__((destructor)) static void report(void) {
    char line[128];
    int length = snprintf(line, sizeof line, "%lu %lu %lu %lu\n",
                          counts[MALLOC], counts[CALLOC], counts[REALLOC], counts[ALIGNED]);
    const char *path = getenv("ALLOC_COUNT_FILE");
    int fd = path != NULL ? open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644) : 2;
    if (fd < 0 || length <= 0) return;
    ssize_t written = write(fd, line, (size_t)length);
    (void)written;
    if (path != NULL) close(fd);
}

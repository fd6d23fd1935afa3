#if canImport(Glibc)
import Glibc
#endif

/// How the process's allocator keeps memory between allocations; set once at start by each
/// executable (realm-browser, realm-bench, so that what is measured is what runs).
///
/// glibc serves an allocation above its mmap threshold (128 KB at first, raised as blocks are
/// freed, at most 32 MB) with fresh pages from the kernel and gives them back on free, and it
/// returns freed memory at the top of the heap above its trim threshold. A query allocates and
/// frees arrays of megabytes (keys, sort entries, ordering values, each thread's part), so each
/// of them came back as fresh pages the kernel had to fault in and zero: perf put 30% of big.realm's
/// `SORT(price DESC) LIMIT(10)` in page faults and `clear_page_erms`. Keeping up to 64 MB of freed
/// memory for reuse, and serving blocks below 64 MB from the heap, makes the REPL's and serve's
/// second query (and a query's own later arrays) reuse pages already mapped: sort-limit 9.4 ms ->
/// 3.1 ms, the demo's sorts and number scans 1.3x-1.7x (BENCHMARKS.md, "Freed memory kept").
/// The price is up to 64 MB kept after a large query; larger blocks are still returned at once.
public enum AllocatorTuning {
    public static let keptBytes: Int32 = 64 << 20
    /// glibc's `M_TRIM_THRESHOLD` and `M_MMAP_THRESHOLD` (malloc.h), which Swift does not
    /// import (macros of negative numbers).
    public static let trimThreshold: Int32 = -1
    public static let mmapThreshold: Int32 = -3

    /// Does nothing where the C library has no `mallopt` (found by name: Swift's Glibc module
    /// does not include malloc.h).
    public static func keepFreedMemory() {
        #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(mmapThreshold, keptBytes)
        _ = mallopt(trimThreshold, keptBytes)
        #endif
    }
}

import CMalloc

/// glibc's malloc gives each thread that allocates its own arena (up to eight per core), and memory freed
/// in one arena is not reused by another: a refresh, which decodes on the transfer's thread and stores on
/// another, peaked higher for it (docs/performance.md). The program's few threads share one arena instead.
enum MallocArenas {
    /// Call before any thread but the main one allocates.
    static func shareOne() {
        // mallopt refuses only a parameter it does not know; threads would then keep arenas of their own,
        // which costs memory and nothing else.
        _ = nyt_malloc_share_one_arena()
    }
}

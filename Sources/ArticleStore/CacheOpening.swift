import FoundationEssentials
import Glibc
import NewsCore
import SQLite

/// How the cache file is opened: created private, migrated with other processes opening it at once,
/// refused when a newer nytreader made it, and read-only where the commands that only read can be.
enum CacheOpening {
    /// The cache at `path` for `access` (see `ArticleStore.init(path:policy:access:)`).
    static func open(path: String, access: ArticleStore.Access) throws(StoreError) -> any DatabaseWriter {
        do {
            if access == .readOnlyWhenReady, let reader = try readOnlyDatabase(path: path) {
                return reader
            }
            try refuseUnknownSchema(path: path)
            try DatabaseFiles.prepare(at: path)
            return try openPool(path: path)
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// A cache in memory, its schema made.
    static func openInMemory() throws(StoreError) -> any DatabaseWriter {
        do {
            let queue = try DatabaseQueue(configuration: configuration())
            try queue.write { db in try SchemaMigration.apply(db) }
            return queue
        } catch {
            throw StoreError(error, path: ":memory:")
        }
    }

    /// The pool on `path` with its schema up to date. While other processes create or migrate the same new
    /// cache, SQLite can answer "busy" at once, without waiting (switching a new file to WAL, recovering
    /// its index): the whole opening is tried again, for up to `busyTimeout`.
    private static func openPool(path: String) throws -> DatabasePool {
        let deadline = ContinuousClock.now + .seconds(ArticleStore.busyTimeout)
        var attempt = 0
        while true {
            do {
                let pool = try DatabasePool(
                    path: path, configuration: configuration(), maximumReaders: ArticleStore.readingConnections
                )
                try SchemaMigration.migrate(pool, path: path)
                return pool
            } catch let error as DatabaseError where error.resultCode == .busy && ContinuousClock.now < deadline {
                attempt += 1
                // A signal cutting the pause short only makes the next attempt sooner.
                _ = usleep(UInt32(min(100, 5 * attempt) + Int.random(in: 0...10)) * 1_000)
            }
        }
    }

    /// The page size of a new cache, in bytes.
    static let pageSize = 16_384

    private static func configuration(readonly: Bool = false) -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.prepareConnection = ConnectionExtensions.register
        configuration.readonly = readonly
        configuration.busyTimeout = ArticleStore.busyTimeout
        if !readonly {
            configuration.prepareDatabase = { db in
                // A new cache only (an existing one keeps its own): rows of a few hundred bytes leave less
                // of each page unused in 16 kB pages than in 4 kB ones (docs/performance.md).
                try db.execute(sql: "PRAGMA page_size = \(pageSize)")
                // A new cache only, too: pages freed by forgetting a search or archive months are given back
                // to the disk (`ArticleStore.releaseFreePages`) instead of staying inside the file.
                try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
                // In WAL mode, NORMAL syncs at checkpoints instead of every commit: a refresh stays atomic
                // (a crash leaves the old or the new state), only a power cut may lose the last ones.
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
        }
        return configuration
    }

    /// Throws when the database at `path` was made by a newer nytreader or by another program, found with
    /// a read-only connection before anything opens it for writing (which would touch the file).
    private static func refuseUnknownSchema(path: String) throws {
        guard PrivateFiles.isRegularFile(path),
            let probe = try? DatabaseQueue(path: path, configuration: configuration(readonly: true)),
            let state = try? probe.read(SchemaMigration.state)
        else { return }
        try SchemaMigration.refuseUnknown(state, path: path)
    }

    /// The cache opened read-only, when it exists, is current and holds articles; nil otherwise (it is then
    /// opened read-write, to be created, brought up to date, or waited for). On a file system where the
    /// cache cannot be written, SQLite cannot create the `-shm` file a WAL database needs: the file is then
    /// opened as immutable (nothing can change it there). Only then: a cache that another process holds
    /// (busy) is never read as immutable, which would skip its locks and its newest writes.
    /// - Parameter writeProblem: the `errno` that keeps the cache's folder from being written, or nil.
    static func readOnlyDatabase(
        path: String, writeProblem: (String) -> Int32? = folderWriteProblem
    ) throws -> DatabasePool? {
        guard PrivateFiles.isRegularFile(path) else { return nil }
        do {
            return try readyPool(at: path)
        } catch {
            guard let number = writeProblem(path), number == EROFS || number == EACCES else { return nil }
            return try readyPool(at: "file:\(PercentEncoding.encode(path, keeping: [UInt8(ascii: "/")]))?immutable=1")
        }
    }

    /// The cache on `location` read-only, on as many connections as a read-write cache reads on, when it
    /// is current and holds articles, else nil.
    private static func readyPool(at location: String) throws -> DatabasePool? {
        let pool = try DatabasePool(
            readOnlyPath: location, configuration: configuration(readonly: true), maximumReaders: ArticleStore.readingConnections)
        let ready = try pool.read { db in
            try SchemaMigration.state(db) == .current && !ArticleStore.holdsNoArticle(db)
        }
        return ready ? pool : nil
    }

    /// Why the folder of `path` cannot be written (`EROFS`, `EACCES`, …), or nil when it can.
    static func folderWriteProblem(_ path: String) -> Int32? {
        access(PathText.parent(of: path), W_OK) == 0 ? nil : errno
    }
}

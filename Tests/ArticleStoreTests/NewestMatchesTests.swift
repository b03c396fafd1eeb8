import Glibc
import NewsCore
import SQLite
import Synchronization
import TestSupport
import Testing

@testable import ArticleStore

@Suite("The newest matches of a search, read over several indexes on two connections")
struct NewestMatchesTests {
    /// Index `index` of `sizes` holds `sizes[index]` matches, ids counting down from its own block.
    static func matches(of index: Int, sizes: [Int]) -> [NewestMatches.Match] {
        (0..<sizes[index]).map { (id: Int64(index * 10_000 + 9_999 - $0), score: Double(-$0)) }
    }

    /// What one connection reading the indexes in turn, each up to what the window still takes, finds.
    static func oneAfterAnother(sizes: [Int], candidates: Int) -> [Int64] {
        var found: [Int64] = []
        for index in sizes.indices where found.count < candidates {
            found += matches(of: index, sizes: sizes).prefix(candidates - found.count).map(\.id)
        }
        return found
    }

    /// A pool of two reading connections on a new file.
    static func pool(in directory: TemporaryDirectory) throws -> DatabasePool {
        try DatabasePool(path: directory.path("matches.sqlite"), maximumReaders: 2)
    }

    @Test(
        "Read on two connections, the matches are those one connection finds, in the indexes' order, cut at the window",
        arguments: [
            ([0, 3, 0, 5, 2, 7, 1, 0, 4, 6], 100),
            ([0, 3, 0, 5, 2, 7, 1, 0, 4, 6], 12),
            ([0, 40, 1, 2, 3], 10),
            ([2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2], 17),
            ([1], 5),
        ])
    func sameAsOneConnection(sizes: [Int], candidates: Int) throws {
        let directory = try TemporaryDirectory()
        let pool = try Self.pool(in: directory)
        let readers = Mutex<[Int: ObjectIdentifier]>([:])
        let found = try pool.read { db in
            try NewestMatches.find(indexes: sizes.count, candidates: candidates, db: db, pool: pool) { db, index, limit in
                readers.withLock { $0[index] = ObjectIdentifier(db) }
                // Slow enough that the second connection takes some of the indexes.
                usleep(3_000)
                return Array(Self.matches(of: index, sizes: sizes).prefix(limit))
            }
        }
        #expect(found.map(\.id) == Self.oneAfterAnother(sizes: sizes, candidates: candidates))
        if sizes.count > 4, sizes.prefix(2).reduce(0, +) < candidates {
            #expect(Set(readers.withLock { $0.values }).count == 2, "the second connection read some of the indexes")
        }
    }

    @Test("The indexes after those that filled the window are not read; with no connection free the caller reads them all")
    func stopsWhenFull() throws {
        let directory = try TemporaryDirectory()
        let pool = try Self.pool(in: directory)
        let sizes = [0, 4, 4, 4, 4, 4, 4, 4, 4, 4]
        let read = Mutex<Set<Int>>([])
        let reading: NewestMatches.Reading = { _, index, limit in
            read.withLock { _ = $0.insert(index) }
            return Array(Self.matches(of: index, sizes: sizes).prefix(limit))
        }
        // Both connections lent: the caller alone, one index after another.
        let alone = try pool.read { db in
            try pool.readIfFree { _ in
                try NewestMatches.find(indexes: sizes.count, candidates: 6, db: db, pool: pool, reading: reading)
            }
        }
        #expect(alone?.map(\.id) == Self.oneAfterAnother(sizes: sizes, candidates: 6))
        #expect(read.withLock { $0 } == [0, 1, 2])
    }

    @Test("A read that fails on the second connection fails the search")
    func failureOnEitherConnection() throws {
        struct Unreadable: Error {}
        let directory = try TemporaryDirectory()
        let pool = try Self.pool(in: directory)
        let caller = Mutex<ObjectIdentifier?>(nil)
        #expect(throws: Unreadable.self) {
            try pool.read { db in
                caller.withLock { $0 = ObjectIdentifier(db) }
                return try NewestMatches.find(indexes: 12, candidates: 1_000, db: db, pool: pool) { db, index, limit in
                    if index >= 2, ObjectIdentifier(db) != caller.withLock({ $0 }) { throw Unreadable() }
                    usleep(3_000)
                    return Array(Self.matches(of: index, sizes: Array(repeating: 1, count: 12)).prefix(limit))
                }
            }
        }
    }
}

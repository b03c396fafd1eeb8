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

    /// The matches of `read`'s index, one at a time while the read wants them, as `ArticleSearch` reads a
    /// full-text index; each after `pause` microseconds.
    static func read(_ read: NewestMatches.IndexRead, sizes: [Int], pause: UInt32 = 0) -> [NewestMatches.Match] {
        var found: [NewestMatches.Match] = []
        for match in matches(of: read.index, sizes: sizes) {
            guard read.wants(after: found.count) else { break }
            if pause > 0 { usleep(pause) }
            found.append(match)
        }
        return found
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
            try NewestMatches.find(indexes: sizes.count, candidates: candidates, db: db, pool: pool) { db, read in
                readers.withLock { $0[read.index] = ObjectIdentifier(db) }
                // Slow enough that the second connection takes some of the indexes.
                usleep(3_000)
                return Self.read(read, sizes: sizes)
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
        let reading: NewestMatches.Reading = { _, indexRead in
            read.withLock { _ = $0.insert(indexRead.index) }
            return Self.read(indexRead, sizes: sizes)
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

    @Test("A read taken beside an earlier index ends once the indexes before it fill the window")
    func speculativeReadEnds() throws {
        let directory = try TemporaryDirectory()
        let pool = try Self.pool(in: directory)
        // Index 2 fills the window alone, slowly; index 3, taken beside it, holds many more matches.
        let sizes = [0, 0, 50, 2_000, 50]
        let counts = Mutex<[Int: Int]>([:])
        let found = try pool.read { db in
            try NewestMatches.find(indexes: sizes.count, candidates: 40, db: db, pool: pool) { _, read in
                let matches = Self.read(read, sizes: sizes, pause: read.index == 2 ? 1_000 : 5_000)
                counts.withLock { $0[read.index] = matches.count }
                return matches
            }
        }
        #expect(found.map(\.id) == Self.oneAfterAnother(sizes: sizes, candidates: 40))
        let read = counts.withLock { $0 }
        #expect(read[2] == 40, "the index that fills the window reads to the window")
        // Index 3, read beside index 2 (40 ms) a match every 5 ms, stops when index 2 ends: about 8 of the
        // 40 its limit allowed.
        #expect((read[3] ?? 40) < 40, "read \(read[3].map(String.init) ?? "none") of index 3")
        #expect(read[4] == nil, "index 4 is not read")
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
                return try NewestMatches.find(indexes: 12, candidates: 1_000, db: db, pool: pool) { db, read in
                    if read.index >= 2, ObjectIdentifier(db) != caller.withLock({ $0 }) { throw Unreadable() }
                    usleep(3_000)
                    return Self.read(read, sizes: Array(repeating: 1, count: 12))
                }
            }
        }
    }

    @Test(
        "Once the first indexes leave the window short, a later index is expected to count whole when the rate of the indexes read whole puts its matches well within its room"
    )
    func expectsAll() throws {
        let directory = try TemporaryDirectory()
        let pool = try Self.pool(in: directory)
        // Matches and articles per index; index 0's size is not known. Index 3 is larger: at the rate of
        // indexes 1 and 2 (3 matches in 200 articles, taken as 4) it would hold 20, within the room left
        // (24) but not three standard deviations (3 × √20) below it.
        let matches = [3, 2, 1, 10, 1, 0]
        let articles = [0, 100, 100, 1_000, 100, 0]
        func expectations(sizing: NewestMatches.Sizing?) throws -> [Int: Bool] {
            let expected = Mutex<[Int: Bool]>([:])
            let sized = Mutex(0)
            let found = try pool.read { db in
                try NewestMatches.find(
                    indexes: matches.count, candidates: 30, db: db, pool: nil,
                    sizing: sizing.map { sizing in
                        { db in
                            sized.withLock { $0 += 1 }
                            return try sizing(db)
                        }
                    }
                ) { _, read in
                    expected.withLock { $0[read.index] = read.expectsAll }
                    return Self.read(read, sizes: matches)
                }
            }
            #expect(found.map(\.id) == Self.oneAfterAnother(sizes: matches, candidates: 30))
            #expect(sized.withLock { $0 } == (sizing == nil ? 0 : 1), "the sizes are read once")
            return expected.withLock { $0 }
        }
        // Index 2: 3 + 3 × √3 ≤ 25. Index 3: 20 + 3 × √20 > 24. Index 4, after index 3's 10 (14 in 1,200):
        // 1.2 + 3 × √1.2 ≤ 14. Index 5: no size known.
        #expect(try expectations(sizing: { _ in articles }) == [0: false, 1: false, 2: true, 3: false, 4: true, 5: false])
        #expect(try expectations(sizing: nil) == [0: false, 1: false, 2: false, 3: false, 4: false, 5: false])
        // Sizes that do not fit the indexes are not used.
        #expect(try expectations(sizing: { _ in [100] }).values.allSatisfy { !$0 })
    }

    @Test("The room an index is expected to fit in is what the indexes before it still being read leave")
    func roomLeftByReadsInFlight() throws {
        let directory = try TemporaryDirectory()
        let pool = try Self.pool(in: directory)
        // Index 2 is read slowly on one connection while the other takes index 3: at the rate of index 1
        // (1 match in 100, taken as 2), index 2 is expected to hold 20 of the 40 left and index 3 another
        // 20: 20 + 3 × √20 fits in 40 but not in the 20 index 2 leaves.
        let matches = [0, 1, 20, 20, 0]
        let articles = [0, 100, 1_000, 1_000, 100]
        let expected = Mutex<[Int: Bool]>([:])
        _ = try pool.read { db in
            try NewestMatches.find(
                indexes: matches.count, candidates: 41, db: db, pool: pool, sizing: { _ in articles }
            ) { _, read in
                expected.withLock { $0[read.index] = read.expectsAll }
                // Index 2 is still being read when index 3 is taken.
                if read.index == 2 { usleep(100_000) }
                return Self.read(read, sizes: matches)
            }
        }
        let seen = expected.withLock { $0 }
        #expect(seen[2] == true && seen[3] == false, "\(seen)")
    }
}

import NewsCore
import SQLite
import Synchronization

/// The newest matches of a search in several full-text indexes, the window `ArticleSearch` ranks: each
/// index's newest matches, the indexes newest first, until `candidates` have matched. The caller's
/// connection reads the indexes one after another; once the first `readAlone` of them have left the window
/// short, a second reading connection, when one is free, reads beside it on a thread of its own, each
/// taking the next index neither has taken. The matches are put together in the indexes' order and cut
/// at the window, so they are the same whichever connection read which index (a write committed while the
/// two read may show in the one's indexes and not the other's, as between two searches). A read taken
/// while an index before it was still being read asks, at each match, whether the window still wants it
/// (`IndexRead.wants(after:)`), and ends once the indexes before it have filled the window: an index of a
/// decade the second connection took beside the first one's last year is not read to its end for nothing.
/// Once the first `readAlone` indexes leave the window short, the articles each index holds (`Sizing`) give
/// every later read an estimate: when the indexes read to their end so far put few enough matches in the
/// next one that all of them should count, the read says so (`IndexRead.expectsAll`), and the reader may
/// take the index's matches in one pass oldest first (FTS5 walks its lists forwards in three quarters of
/// the instructions it takes backwards).
final class NewestMatches: Sendable {
    typealias Match = (id: Int64, score: Double)
    /// Reads the newest matches of `read.index` on `db`, newest first, while `read.wants(after:)` the count
    /// read so far.
    typealias Reading = @Sendable (_ db: Database, _ read: IndexRead) throws -> [Match]
    /// How many articles each index holds (0: not known), read on `db`.
    typealias Sizing = (_ db: Database) throws -> [Int]

    /// One index to read, and whether its next match can still count.
    struct IndexRead: Sendable {
        /// The index's position, newest first.
        let index: Int
        /// How many of its matches could count when the read was taken.
        let limit: Int
        /// Whether the indexes read to their end so far make every match of this one expected to count: at
        /// their rate of matches per article, well within `limit` (`State.expectsAll`).
        let expectsAll: Bool
        fileprivate let window: NewestMatches

        /// Whether a match after the first `count` of this index can still count: not at the limit, and
        /// the indexes before it, once all read, not filling the window with these `count`.
        func wants(after count: Int) -> Bool {
            count < limit && window.wants(index, after: count)
        }
    }

    /// How many indexes the caller reads before a second connection may join.
    static let readAlone = 2

    private let candidates: Int
    private let reading: Reading
    private let state: Mutex<State>

    private struct State {
        /// Each index's matches once read, in the indexes' order.
        var found: [[Match]?]
        /// Each index's limit when taken: a read that found fewer read the whole index.
        var limits: [Int]
        /// The articles each index holds, once asked (`Sizing`).
        var sizes: [Int]?
        /// The next index no connection has taken.
        var next = 0
        var failure: (any Error)?

        /// Whether every match of `index` is expected to count under `limit`: at the rate of the indexes of
        /// known size read to their end (one match more than they found, so that none found is not taken for
        /// none there), the matches expected in `index`, three standard deviations over (as a count of
        /// articles drawn alike would spread), fit in what `limit` leaves once the indexes before it still
        /// being read hold what that rate expects of them.
        func expectsAll(of index: Int, limit: Int) -> Bool {
            guard let sizes, sizes[index] > 0 else { return false }
            // In floating point: sizes come from the cache, whatever it holds.
            var matches = 0.0
            var articles = 0.0
            for (other, found) in found.enumerated() where sizes[other] > 0 {
                guard let found, found.count < limits[other] else { continue }
                matches += Double(found.count)
                articles += Double(sizes[other])
            }
            guard articles > 0 else { return false }
            let rate = (matches + 1) / articles
            var room = Double(limit)
            for other in 0..<index where found[other] == nil { room -= rate * Double(sizes[other]) }
            let expected = rate * Double(sizes[index])
            return expected + 3 * expected.squareRoot() <= room
        }
    }

    private init(indexes: Int, candidates: Int, reading: @escaping Reading) {
        self.candidates = candidates
        self.reading = reading
        state = Mutex(State(found: Array(repeating: nil, count: indexes), limits: Array(repeating: 0, count: indexes)))
    }

    /// The newest matches of `indexes` indexes, at most `candidates`, read by `reading` on `db` and, when
    /// one is free, on another connection of `pool`; the indexes' sizes, when given, are read once the
    /// first `readAlone` indexes leave the window short.
    static func find(
        indexes: Int, candidates: Int, db: Database, pool: (any DatabaseWriter)?, sizing: Sizing? = nil,
        reading: @escaping Reading
    ) throws -> [Match] {
        let window = NewestMatches(indexes: indexes, candidates: candidates, reading: reading)
        var helper: ThreadLatch?
        while let read = window.take() {
            window.keep(Result { try reading(db, read) }, of: read.index)
            if helper == nil, read.index + 1 == readAlone, window.isShort {
                if let sizing { try window.setSizes(sizing(db)) }
                if let pool { helper = window.readBeside(on: pool) }
            }
        }
        // The helper gives its connection back before it says it is done.
        helper?.wait()
        return try window.matches()
    }

    /// Starts reading on another connection of `pool` on a thread of its own: the latch it opens when done,
    /// or nil when no thread could start. Finding no free connection, it reads nothing.
    private func readBeside(on pool: any DatabaseWriter) -> ThreadLatch? {
        let done = ThreadLatch()
        let started = DetachedThread.start {
            // A connection that cannot be opened leaves every index to the caller.
            _ = try? pool.readIfFree { db in
                while let read = self.take() {
                    self.keep(Result { try self.reading(db, read) }, of: read.index)
                }
            }
            done.open()
        }
        return started ? done : nil
    }

    /// The next index to read and how many of its matches can still count; nil once every index is taken,
    /// the indexes before the next have filled the window, or a read failed.
    private func take() -> IndexRead? {
        state.withLock { state in
            guard let next = nextRead(in: state) else { return nil }
            state.next += 1
            state.limits[next.index] = next.limit
            return IndexRead(
                index: next.index, limit: next.limit, expectsAll: state.expectsAll(of: next.index, limit: next.limit),
                window: self)
        }
    }

    private func setSizes(_ sizes: [Int]) {
        state.withLock { state in
            if sizes.count == state.found.count { state.sizes = sizes }
        }
    }

    /// Whether a match of index `index` after its first `count` can still count: no read failed, and
    /// the indexes before it are not all read yet or leave room after these `count`.
    fileprivate func wants(_ index: Int, after count: Int) -> Bool {
        state.withLock { state in
            guard state.failure == nil else { return false }
            var filled = count
            for found in state.found[..<index] {
                guard let found else { return true }
                filled += found.count
            }
            return filled < candidates
        }
    }

    /// Whether indexes are left to read and the window is not full yet.
    private var isShort: Bool {
        state.withLock { state in nextRead(in: state) != nil }
    }

    /// The index to read next and how many of its matches can still count, without taking it.
    private func nextRead(in state: State) -> (index: Int, limit: Int)? {
        guard state.failure == nil, state.next < state.found.count else { return nil }
        let filled = Self.prefixCount(state.found)
        return filled < candidates ? (state.next, candidates - filled) : nil
    }

    private func keep(_ result: Result<[Match], any Error>, of index: Int) {
        state.withLock { state in
            switch result {
            case .success(let matches): state.found[index] = matches
            case .failure(let error): state.failure = state.failure ?? error
            }
        }
    }

    /// The matches of the indexes read, in their order, cut at the window.
    private func matches() throws -> [Match] {
        try state.withLock { state throws -> [Match] in
            if let failure = state.failure { throw failure }
            var matches: [Match] = []
            for found in state.found {
                guard let found, matches.count < candidates else { break }
                matches += found.prefix(candidates - matches.count)
            }
            return matches
        }
    }

    /// The matches of the indexes read from the first on, up to the first not read yet.
    private static func prefixCount(_ found: [[Match]?]) -> Int {
        var count = 0
        for matches in found {
            guard let matches else { break }
            count += matches.count
        }
        return count
    }
}

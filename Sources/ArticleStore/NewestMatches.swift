import NewsCore
import SQLite
import Synchronization

/// The newest matches of a search in several full-text indexes, the window `ArticleSearch` ranks: each
/// index's newest matches, the indexes newest first, until `candidates` have matched. The caller's
/// connection reads the indexes one after another; once the first `readAlone` of them have left the window
/// short, a second reading connection, when one is free, reads beside it on a thread of its own, each
/// taking the next index neither has taken. The matches are put together in the indexes' order and cut
/// at the window, so they are the same whichever connection read which index (a write committed while the
/// two read may show in the one's indexes and not the other's, as between two searches).
final class NewestMatches: Sendable {
    typealias Match = (id: Int64, score: Double)
    /// Reads at most `limit` of the newest matches of index `index` on `db`, newest first.
    typealias Reading = @Sendable (_ db: Database, _ index: Int, _ limit: Int) throws -> [Match]

    /// How many indexes the caller reads before a second connection may join.
    static let readAlone = 2

    private let candidates: Int
    private let reading: Reading
    private let state: Mutex<State>

    private struct State {
        /// Each index's matches once read, in the indexes' order.
        var found: [[Match]?]
        /// The next index no connection has taken.
        var next = 0
        var failure: (any Error)?
    }

    private init(indexes: Int, candidates: Int, reading: @escaping Reading) {
        self.candidates = candidates
        self.reading = reading
        state = Mutex(State(found: Array(repeating: nil, count: indexes)))
    }

    /// The newest matches of `indexes` indexes, at most `candidates`, read by `reading` on `db` and, when
    /// one is free, on another connection of `pool`.
    static func find(
        indexes: Int, candidates: Int, db: Database, pool: (any DatabaseWriter)?, reading: @escaping Reading
    ) throws -> [Match] {
        let window = NewestMatches(indexes: indexes, candidates: candidates, reading: reading)
        var helper: ThreadLatch?
        while let (index, limit) = window.take() {
            window.keep(Result { try reading(db, index, limit) }, of: index)
            if helper == nil, index + 1 == readAlone, window.isShort, let pool {
                helper = window.readBeside(on: pool)
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
                while let (index, limit) = self.take() {
                    self.keep(Result { try self.reading(db, index, limit) }, of: index)
                }
            }
            done.open()
        }
        return started ? done : nil
    }

    /// The next index to read and how many of its matches can still count; nil once every index is taken,
    /// the indexes before the next have filled the window, or a read failed.
    private func take() -> (index: Int, limit: Int)? {
        state.withLock { state in
            guard let next = nextRead(in: state) else { return nil }
            state.next += 1
            return next
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

import NewsCore
import Synchronization
import TerminalPictures

/// Renderings of photos, made on a thread of their own (decoding and drawing a photo takes milliseconds,
/// the first one tens of them while the libraries load) and kept by picture, box and protocol: moving
/// back to an article, or redrawing it, costs nothing new. The least recently used go first past
/// `capacity` renderings or `byteCapacity` bytes of escapes.
final class PictureCache: Sendable {
    /// What a rendering is drawn from: the picture's address, the box, how it is drawn.
    struct Key: Hashable, Sendable {
        var address: String
        var box: CellBox
        var graphicsProtocol: PictureProtocol
        var symbolColors: SymbolColors
    }

    enum Entry: Hashable, Sendable {
        /// Being made.
        case rendering
        case drawn(RenderedPicture)
        /// Not drawn: the bytes are no picture (`.unreadable`), or the libraries are missing.
        case failed(PhotoFailure)
    }

    let capacity: Int
    let byteCapacity: Int
    private let renderer: @Sendable (Key, [UInt8]) -> Entry
    private let state = Mutex<State>(State())
    private let worker = WorkQueue(threadCount: 1)
    private let wake: @Sendable () -> Void

    private struct State {
        /// The least recently used first.
        var entries: [(key: Key, entry: Entry)] = []
        var finished = false
    }

    /// - Parameters:
    ///   - render: makes a rendering (on the cache's thread).
    ///   - wake: told when a rendering is done, from the cache's thread.
    init(
        capacity: Int = 8, byteCapacity: Int = 8 << 20, render: @escaping @Sendable (Key, [UInt8]) -> Entry,
        wake: @escaping @Sendable () -> Void
    ) {
        self.capacity = capacity
        self.byteCapacity = byteCapacity
        self.renderer = render
        self.wake = wake
    }

    /// The rendering for `key` when it is kept (marked used) or being made; else, given the picture's
    /// `bytes`, starts making it and answers `.rendering`; nil without them.
    func entry(for key: Key, bytes: [UInt8]?) -> Entry? {
        let start = state.withLock { state -> Bool? in
            if let index = state.entries.firstIndex(where: { $0.key == key }) {
                state.entries.append(state.entries.remove(at: index))
                return false
            }
            guard bytes != nil else { return nil }
            state.entries.append((key, .rendering))
            return true
        }
        switch start {
        case nil: return nil
        case false?: return state.withLock { state in state.entries.last { $0.key == key }?.entry }
        case true?: break
        }
        let renderer = renderer
        worker.add { [self] in
            let entry = renderer(key, bytes!)
            state.withLock { state in
                if let index = state.entries.firstIndex(where: { $0.key == key }) { state.entries[index].entry = entry }
                Self.trim(&state.entries, capacity: capacity, byteCapacity: byteCapacity)
                state.finished = true
            }
            wake()
        }
        return .rendering
    }

    /// Whether a rendering was done since the last call.
    func takeFinished() -> Bool {
        state.withLock { state in
            defer { state.finished = false }
            return state.finished
        }
    }

    private static func trim(_ entries: inout [(key: Key, entry: Entry)], capacity: Int, byteCapacity: Int) {
        func bytes(_ entry: Entry) -> Int {
            guard case .drawn(.graphics(let picture)) = entry else { return 0 }
            return picture.escapes.count
        }
        while entries.count > capacity
            || (entries.count > 1 && entries.reduce(0, { $0 + bytes($1.entry) }) > byteCapacity),
            let oldest = entries.firstIndex(where: { $0.entry != .rendering })
        {
            entries.remove(at: oldest)
        }
    }
}

import Synchronization

/// The section tag and the title of list rows as drawn (made safe for the terminal and cut to their
/// columns), kept from frame to frame: a key that moves the selection draws every row of the list again,
/// and making each row's texts was most of the list's time (docs/performance.md). Kept by the texts and
/// the columns themselves, so a title a refresh changed, or a narrower list, is made again.
final class ListRowTexts: Sendable {
    /// What a row's texts are made from.
    struct Key: Hashable {
        var section: String
        var title: String
        /// Columns of the section tag (0: none) and of the title.
        var sectionColumns: Int
        var titleColumns: Int
    }

    /// A row's texts as drawn.
    struct Texts {
        var section: String
        var title: String
    }

    /// Rows kept at most: more than any screen shows; all are let go past it.
    private static let capacity = 1_024
    private let kept = Mutex<[Key: Texts]>([:])

    /// How many rows' texts are kept.
    var count: Int { kept.withLock { $0.count } }

    /// The texts of `key`, made by `make` when they are not kept.
    func texts(for key: Key, make: (Key) -> Texts) -> Texts {
        kept.withLock { kept in
            if let texts = kept[key] { return texts }
            if kept.count >= Self.capacity { kept.removeAll(keepingCapacity: true) }
            let texts = make(key)
            kept[key] = texts
            return texts
        }
    }
}

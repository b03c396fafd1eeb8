/// Failures of the cache, without SQL in the words.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The database could not be opened or created at `path`.
    case cannotOpen(path: String, reason: String)
    /// A read or write failed.
    case failed(reason: String)
    /// Another connection held the write lock for longer than `ArticleStore.busyTimeout`.
    case busy

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "The cache at \(path) could not be opened: \(reason)."
        case .failed(let reason):
            return "The cache could not be read or written: \(reason)."
        case .busy:
            return "The cache could not be written: \(ArticleStore.busyReason)."
        }
    }
}

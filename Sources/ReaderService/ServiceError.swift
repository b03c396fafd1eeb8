import NewsCore

/// A failure of the service that is not a refresh outcome: the cache could not be read or written. It
/// keeps the store's error whole, so the screen and the commands can tell its kinds apart.
public enum ServiceError: Error, Hashable, Sendable, CustomStringConvertible {
    case cache(StoreError)

    /// The store's error, for the log.
    public var description: String {
        switch self {
        case .cache(let error): return error.description
        }
    }
}

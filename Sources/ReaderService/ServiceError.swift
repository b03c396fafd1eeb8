/// A failure of the service that is not a refresh outcome: the cache could not be read or written.
public enum ServiceError: Error, Hashable, Sendable, CustomStringConvertible {
    case cache(String)

    public var description: String {
        switch self {
        case .cache(let reason): return reason
        }
    }
}

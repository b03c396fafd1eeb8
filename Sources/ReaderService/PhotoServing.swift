import NewsCore

/// What the view-model may ask about articles' pictures. Tests give the view-model a fake.
public protocol PhotoServing: Sendable {
    /// The encoded bytes of the picture at `address`: kept ones from the image cache, else fetched (and
    /// kept) unless the reader is offline. Cancelling the calling task stops the transfer.
    func photo(at address: String) async throws(PhotoFailure) -> [UInt8]
    /// Fetches and keeps, one at a time and spaced, the pictures at `addresses` not kept yet, while the
    /// image cache has room for them without removing any; returns how many it fetched.
    func prefetch(_ addresses: [String]) async -> Int
}

import FoundationEssentials
import NYTAPI
import NewsCore

/// Articles' pictures: from the image cache (`PhotoCache`) when kept, else from the NYT's image host
/// (`PhotoClient`), kept for next time unless they do not decode (an error page sent as a JPEG, a file cut
/// short: kept, it would be shown from the cache and never fetched again). Without a client (offline),
/// only kept pictures are shown. The cache's files are read, checked and written on a thread of their
/// own, never one that runs Swift's tasks.
public final class PhotoService: PhotoServing {
    private let client: PhotoClient?
    private let cache: PhotoCache?
    private let files = WorkQueue(threadCount: 1)
    private let spacing: Duration
    private let rejects: @Sendable ([UInt8]) -> Bool
    private let log: @Sendable (String) -> Void

    /// - Parameters:
    ///   - client: nil when the reader is offline: only kept pictures are shown.
    ///   - cache: nil keeps nothing.
    ///   - spacing: the pause between two pictures fetched ahead of time (`prefetch`).
    ///   - rejects: whether fetched bytes are surely no picture the reader can draw (they do not decode):
    ///     those are not kept. By default every picture is kept.
    ///   - log: told each picture that could not be kept, and why.
    public init(
        client: PhotoClient?, cache: PhotoCache?, spacing: Duration = .seconds(1),
        rejects: @escaping @Sendable ([UInt8]) -> Bool = { _ in false },
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.client = client
        self.cache = cache
        self.spacing = spacing
        self.rejects = rejects
        self.log = log
    }

    public func photo(at address: String) async throws(PhotoFailure) -> [UInt8] {
        if let cache, let kept = await files.run({ cache.bytes(for: address) }) { return kept }
        guard let client else { throw .notKept }
        let bytes = try await client.fetch(address)
        await keep(bytes, for: address)
        return bytes
    }

    public func prefetch(_ addresses: [String]) async -> Int {
        guard let client, let cache else { return 0 }
        var fetched = 0
        for address in addresses {
            if Task.isCancelled { break }
            let (kept, hasRoom) = await files.run { (cache.contains(address), Self.hasRoomToFetchAhead(in: cache)) }
            if kept { continue }
            guard hasRoom else { break }
            if fetched > 0 {
                do { try await Task.sleep(for: spacing) } catch { break }
            }
            guard let bytes = try? await client.fetch(address) else { continue }
            await keep(bytes, for: address)
            fetched += 1
        }
        return fetched
    }

    /// Whether `prefetch` has room for another picture: for the largest there is, so that fetching ahead
    /// never removes one shown before. Once the image cache is that full, only the photos shown in the
    /// reader make room (the least recently shown go).
    public func hasRoomToFetchAhead() async -> Bool {
        guard let cache else { return false }
        return await files.run { Self.hasRoomToFetchAhead(in: cache) }
    }

    private static func hasRoomToFetchAhead(in cache: PhotoCache) -> Bool {
        cache.size + PhotoClient.maximumBodySize <= cache.capacity
    }

    private func keep(_ bytes: [UInt8], for address: String) async {
        guard let cache else { return }
        let (log, rejects) = (self.log, self.rejects)
        await files.run {
            guard !rejects(bytes) else {
                log("picture not kept in \(cache.directory): it does not decode")
                return
            }
            do {
                try cache.store(bytes, for: address)
            } catch {
                log("picture not kept in \(cache.directory): \(error)")
            }
        }
    }
}

import Foundation
import NYTAPI
import NewsCore
import Synchronization
import TestSupport
import Testing

@testable import ReaderService

/// Answers each picture request with bytes named after its path, and counts them.
final class PictureTransport: HTTPTransport {
    private let paths = Mutex<[String]>([])
    let status: Int

    init(status: Int = 200) { self.status = status }

    var requested: [String] { paths.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        paths.withLock { $0.append(request.url.path) }
        return HTTPResponse(status: status, body: Data(PhotoServiceTests.bytes(for: request.url.path)))
    }
}

@Suite("The image cache and the photo service")
struct PhotoServiceTests {
    static func address(_ name: String) -> String { "https://static01.nyt.com/images/\(name).jpg" }
    static func bytes(for path: String) -> [UInt8] { [0xFF, 0xD8, 0xFF] + Array(path.utf8) + [UInt8](repeating: 7, count: 1000) }

    @Test("A picture kept reads back byte for byte, in a 0700 directory as a 0600 file named by a hash of its address")
    func keepsPrivately() throws {
        let home = try TemporaryDirectory()
        let cache = PhotoCache(directory: home.path("cache/nytreader/images"), capacity: 1 << 20)
        #expect(cache.bytes(for: Self.address("a")) == nil)
        try cache.store([1, 2, 3], for: Self.address("a"))
        #expect(cache.bytes(for: Self.address("a")) == [1, 2, 3])
        #expect(cache.contains(Self.address("a")) && !cache.contains(Self.address("b")))
        #expect(PrivateFiles.permissions(of: cache.directory) == 0o700)
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.directory)
        #expect(names.count == 1)
        #expect(names.first?.hasSuffix(".jpg") == true && names.first?.count == 20)
        #expect(PrivateFiles.permissions(of: cache.directory + "/" + names[0]) == 0o600)
        #expect(PhotoCache.fileName(for: "https://static01.nyt.com/x/../../etc/passwd").allSatisfy { $0.isHexDigit })
    }

    @Test("A pipe at a picture's name is no picture, at once; a picture that cannot take its name leaves no file behind")
    func strangeFilesAtItsName() throws {
        let home = try TemporaryDirectory()
        let cache = PhotoCache(directory: home.path("images"), capacity: 1 << 20)
        try cache.store([1, 2, 3], for: Self.address("a"))
        let pipe = cache.directory + "/" + PhotoCache.fileName(for: Self.address("pipe"))
        #expect(mkfifo(pipe, 0o600) == 0)
        #expect(cache.bytes(for: Self.address("pipe")) == nil)
        let folder = cache.directory + "/" + PhotoCache.fileName(for: Self.address("folder"))
        #expect(mkdir(folder, 0o700) == 0)
        #expect(throws: SystemCallError.self) { try cache.store([4, 5, 6], for: Self.address("folder")) }
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.directory)
        #expect(names.count == 3 && !names.contains { $0.hasSuffix(".tmp") }, "\(names)")
        #expect(cache.bytes(for: Self.address("a")) == [1, 2, 3])
    }

    @Test("Past the capacity the pictures shown longest ago go first; a capacity of 0 keeps nothing")
    func leastRecentlyShownGoFirst() throws {
        let home = try TemporaryDirectory()
        let cache = PhotoCache(directory: home.path("images"), capacity: 3_000)
        let kilobyte = [UInt8](repeating: 1, count: 1_000)
        try cache.store(kilobyte, for: Self.address("a"))
        usleep(20_000)
        try cache.store(kilobyte, for: Self.address("b"))
        usleep(20_000)
        try cache.store(kilobyte, for: Self.address("c"))
        usleep(20_000)
        _ = cache.bytes(for: Self.address("a"))  // shown: now the most recent
        usleep(20_000)
        try cache.store(kilobyte, for: Self.address("d"))
        #expect(!cache.contains(Self.address("b")))
        #expect(cache.contains(Self.address("a")) && cache.contains(Self.address("c")) && cache.contains(Self.address("d")))
        #expect(cache.size == 3_000)
        try cache.store([UInt8](repeating: 1, count: 4_000), for: Self.address("e"))
        #expect(!cache.contains(Self.address("e")), "larger than the whole cache")

        let none = PhotoCache(directory: home.path("none"), capacity: 0)
        try none.store(kilobyte, for: Self.address("a"))
        #expect(!none.contains(Self.address("a")))
    }

    @Test("A picture is fetched once, kept, then read from the cache; offline, only kept pictures come")
    func fetchesOnceThenOffline() async throws {
        let home = try TemporaryDirectory()
        let cache = PhotoCache(directory: home.path("images"), capacity: 1 << 20)
        let transport = PictureTransport()
        let online = PhotoService(client: PhotoClient(transport: transport), cache: cache)
        let first = try await online.photo(at: Self.address("a"))
        #expect(first == Self.bytes(for: "/images/a.jpg"))
        #expect(try await online.photo(at: Self.address("a")) == first)
        #expect(transport.requested == ["/images/a.jpg"])

        let offline = PhotoService(client: nil, cache: cache)
        #expect(try await offline.photo(at: Self.address("a")) == first)
        await #expect(throws: PhotoFailure.notKept) { try await offline.photo(at: Self.address("b")) }
    }

    @Test("A failed fetch keeps nothing and says so; an address off the image host is refused unasked")
    func failures() async throws {
        let home = try TemporaryDirectory()
        let cache = PhotoCache(directory: home.path("images"), capacity: 1 << 20)
        let transport = PictureTransport(status: 404)
        let service = PhotoService(client: PhotoClient(transport: transport), cache: cache)
        await #expect(throws: PhotoFailure.notFetched) { try await service.photo(at: Self.address("a")) }
        #expect(!cache.contains(Self.address("a")))
        await #expect(throws: PhotoFailure.refused) { try await service.photo(at: "https://evil.example/a.jpg") }
        #expect(transport.requested == ["/images/a.jpg"])
    }

    @Test("A reply that does not decode is shown as it came but not kept: the next start fetches it again")
    func undecodableNotKept() async throws {
        let home = try TemporaryDirectory()
        let cache = PhotoCache(directory: home.path("images"), capacity: 8 << 20)
        let transport = PictureTransport()
        let broken = Self.bytes(for: "/images/broken.jpg")
        let rejects: @Sendable ([UInt8]) -> Bool = { $0 == broken }
        let service = PhotoService(client: PhotoClient(transport: transport), cache: cache, rejects: rejects)
        #expect(try await service.photo(at: Self.address("broken")) == broken)
        #expect(try await service.photo(at: Self.address("good")) == Self.bytes(for: "/images/good.jpg"))
        #expect(!cache.contains(Self.address("broken")) && cache.contains(Self.address("good")))
        #expect(cache.size == Self.bytes(for: "/images/good.jpg").count, "only the good one counts against the capacity")
        let restarted = PhotoService(client: PhotoClient(transport: transport), cache: cache, rejects: rejects)
        _ = try await restarted.photo(at: Self.address("broken"))
        _ = try await restarted.photo(at: Self.address("good"))
        #expect(transport.requested == ["/images/broken.jpg", "/images/good.jpg", "/images/broken.jpg"])
        #expect(await restarted.prefetch([Self.address("broken")]) == 1)
        #expect(!cache.contains(Self.address("broken")), "nor kept when fetched ahead of time")
    }

    @Test("Prefetching fetches what is not kept, spaced, and stops before the cache would have to drop a picture")
    func prefetch() async throws {
        let home = try TemporaryDirectory()
        let cache = PhotoCache(directory: home.path("images"), capacity: (5 << 20) + 2_000)
        try cache.store([1], for: Self.address("kept"))
        let transport = PictureTransport()
        let service = PhotoService(client: PhotoClient(transport: transport), cache: cache, spacing: .milliseconds(1))
        let fetched = await service.prefetch(["kept", "a", "b", "c", "d"].map(Self.address))
        #expect(fetched == 2)
        #expect(transport.requested == ["/images/a.jpg", "/images/b.jpg"])
        #expect(cache.contains(Self.address("kept")))
        #expect(await PhotoService(client: nil, cache: cache).prefetch([Self.address("c")]) == 0)
    }
}

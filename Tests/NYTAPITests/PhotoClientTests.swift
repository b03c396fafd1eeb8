import Foundation
import NYTAPI
import NewsCore
import TestSupport
import Testing

/// Pictures from the NYT's image host through the real libcurl transport, against the loopback fake server.
@Suite("Fetching pictures", .timeLimit(.minutes(2)))
struct PhotoClientTests {
    static let address = "https://static01.nyt.com/images/2026/11/20/multimedia/a/a-threeByTwoSmallAt2X.jpg"
    static let path = "/images/2026/11/20/multimedia/a/a-threeByTwoSmallAt2X.jpg"

    @Test("Only https on static01.nyt.com, default port, no user: anything else is refused before a request")
    func hostRule() throws {
        let client = PhotoClient(transport: CurlTransport())
        #expect(try client.request(for: Self.address).url.absoluteString == Self.address)
        for address in [
            "http://static01.nyt.com/images/a.jpg", "https://static02.nyt.com/images/a.jpg",
            "https://static01.nyt.com.evil.example/images/a.jpg", "https://evil.example/static01.nyt.com/a.jpg",
            "https://static01.nyt.com:8443/images/a.jpg", "https://user@static01.nyt.com/images/a.jpg",
            "https://user:pw@static01.nyt.com/images/a.jpg", "static01.nyt.com/images/a.jpg", "", "file:///etc/passwd",
            "https://api.nytimes.com/svc/topstories/v2/home.json",
        ] {
            #expect(throws: PhotoFailure.refused, "\(address)") { try client.request(for: address) }
        }
    }

    @Test("No key, no header but the user agent, a 5 MB cap and at most 15 s")
    func requestShape() throws {
        let request = try PhotoClient(transport: CurlTransport(), timeout: 60).request(for: Self.address)
        #expect(request.headers == ["User-Agent": NYTClient.userAgent])
        #expect(request.maximumBodySize == 5 << 20)
        #expect(request.timeout == 15)
        #expect(!request.url.absoluteString.contains("api-key"))
    }

    @Test("With a loopback API base URL, the same path (and query) is asked of that server; any other base changes nothing")
    func loopback() throws {
        let local = PhotoClient(transport: CurlTransport(), apiBaseURL: URL(string: "http://127.0.0.1:4711")!)
        #expect(try local.request(for: Self.address).url.absoluteString == "http://127.0.0.1:4711" + Self.path)
        #expect(
            try local.request(for: Self.address + "?quality=75&auto=webp").url.absoluteString
                == "http://127.0.0.1:4711" + Self.path + "?quality=75&auto=webp")
        #expect(throws: PhotoFailure.refused) { try local.request(for: "https://evil.example" + Self.path) }
        let proxy = PhotoClient(transport: CurlTransport(), apiBaseURL: URL(string: "https://proxy.example")!)
        #expect(try proxy.request(for: Self.address).url.absoluteString == Self.address)
    }

    @Test("A 200 brings the body's bytes; the request carries no key")
    func fetches() async throws {
        let server = try FakeNYTServer(servesFixtures: false)
        let jpeg = try PictureFixtures.bytes("scene-600x400.jpg")
        server.setResponse(.picture(Data(jpeg)), for: Self.path)
        let client = PhotoClient(transport: CurlTransport(), apiBaseURL: server.baseURL)
        #expect(try await client.fetch(Self.address) == jpeg)
        let request = try #require(server.requests.first)
        #expect(request.path == Self.path && request.query.isEmpty)
        #expect(!request.headers.keys.contains { $0.contains("key") })
        #expect(request.headers["user-agent"] == NYTClient.userAgent)
    }

    @Test("A 404, a 500, a body over 5 MB and a server that never answers are each not fetched")
    func failures() async throws {
        let server = try FakeNYTServer(servesFixtures: false)
        server.setResponse(.picture(Data(repeating: 0xFF, count: 40 << 20)), for: "/images/huge.jpg")
        server.setFault(.serverError(status: 500), for: "/images/broken.jpg")
        server.setFault(.hang, for: "/images/hang.jpg")
        // The server that never answers is given up on by the client's timeout: without it, the test
        // would run into its time limit.
        let client = PhotoClient(transport: CurlTransport(), apiBaseURL: server.baseURL, timeout: 1)
        for name in ["missing", "broken", "huge", "hang"] {
            await #expect(throws: PhotoFailure.notFetched, "\(name)") {
                try await client.fetch("https://static01.nyt.com/images/\(name).jpg")
            }
        }
        #expect(server.requests.count == 4)
    }

    @Test("An image host that cannot be reached is offline, not a failed picture")
    func unreachable() async throws {
        // Nothing listens on the loopback's port 1: the connection is refused.
        let client = PhotoClient(transport: CurlTransport(), apiBaseURL: try #require(URL(string: "http://127.0.0.1:1")), timeout: 5)
        await #expect(throws: PhotoFailure.unreachable) { try await client.fetch(Self.address) }
    }

    @Test("Cancelling the task stops the transfer and says so")
    func cancels() async throws {
        let server = try FakeNYTServer(servesFixtures: false)
        server.setFault(.hang, for: Self.path)
        let client = PhotoClient(transport: CurlTransport(), apiBaseURL: server.baseURL)
        let task = Task { () throws(PhotoFailure) -> [UInt8] in try await client.fetch(Self.address) }
        #expect(await server.waitForRequests(1))
        task.cancel()
        await #expect(throws: PhotoFailure.cancelled) { try await task.value }
    }
}

import Foundation
import NYTAPI
import NewsCore
import TestSupport
import Testing

/// Requests carry the API key: a redirect is followed only within the origin of the API base (scheme, host,
/// port), never to another one, where the key would arrive.
@Suite("Redirects from the NYT", .timeLimit(.minutes(1)))
struct RedirectTests {
    static let key = "redirect-secret-KEY-77"

    static func client(_ server: FakeNYTServer) throws -> NYTClient {
        try NYTClient(apiKey: key, baseURL: server.baseURL, transport: CurlTransport(), timeout: 5)
    }

    @Test(
        "A redirect to another port, host or scheme is refused, and the other server never hears of it",
        arguments: [301, 302, 303, 307, 308])
    func otherOrigin(status: Int) async throws {
        let server = try FakeNYTServer()
        let elsewhere = try FakeNYTServer()
        let port = elsewhere.baseURL.port!
        for (target, refusedHost) in [
            ("http://127.0.0.1:\(port)/svc/topstories/v2/world.json", "http://127.0.0.1:\(port)"),
            ("http://localhost:\(port)/svc/topstories/v2/world.json", "http://localhost:\(port)"),
            ("https://127.0.0.1:\(port)/x", "https://127.0.0.1:\(port)"),
            ("//127.0.0.1:\(port)/protocol-relative", "http://127.0.0.1:\(port)"),
        ] {
            server.setFault(.redirect(to: target, status: status))
            await #expect(throws: APIError.redirectRefused(host: refusedHost), "\(status) to \(target)") {
                try await Self.client(server).topStories(.world)
            }
        }
        #expect(elsewhere.requests.isEmpty, "the key never reached the other server")
        #expect(APIError.redirectRefused(host: "x").refreshFailure == .redirectRefused)
    }

    @Test("A redirect within the origin is followed (relative or absolute), up to five in a row")
    func sameOrigin() async throws {
        let server = try FakeNYTServer()
        let world = FakeNYTServer.topStoriesPath("world")
        server.setFault(.redirect(to: world, status: 302), for: FakeNYTServer.topStoriesPath("home"))
        let snapshot = try await Self.client(server).topStories(.home)
        #expect(snapshot.articles.count > 0)
        #expect(server.requests.map(\.path) == [FakeNYTServer.topStoriesPath("home"), world])

        let loop = try FakeNYTServer()
        loop.setFault(.redirect(to: loop.baseURL.absoluteString + FakeNYTServer.topStoriesPath("world"), status: 307))
        await #expect(throws: APIError.self) { try await Self.client(loop).topStories(.world) }
        #expect(loop.requests.count == 6, "the first request and five redirects")
    }
}

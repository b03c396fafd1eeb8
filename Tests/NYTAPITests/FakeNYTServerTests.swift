import Foundation
import NYTAPI
import NewsCore
import TestSupport
import Testing

@Suite("The loopback fake NYT server")
struct FakeNYTServerTests {
    let transport = CurlTransport()

    func get(_ server: FakeNYTServer, _ target: String, timeout: TimeInterval = 5) async throws(TransportError) -> HTTPResponse {
        try await transport.send(
            HTTPRequest(
                url: URL(string: "http://127.0.0.1:\(server.port)\(target)")!,
                headers: ["User-Agent": "fake-server-test/1"],
                timeout: timeout
            ))
    }

    @Test("Serves the fixtures byte for byte and logs method, path, query and headers")
    func servesFixtures() async throws {
        let server = try FakeNYTServer()
        let world = try await get(server, "/svc/topstories/v2/world.json?api-key=k%201")
        #expect(world.status == 200)
        #expect(world.headers["content-type"] == "application/json; charset=utf-8")
        let worldFixture = try Fixtures.data("topstories_world.json")
        #expect(world.body == worldFixture)
        let search = try await get(server, "/svc/search/v2/articlesearch.json?q=climate&page=2")
        let searchFixture = try Fixtures.data("articlesearch_page0.json")
        #expect(search.body == searchFixture)
        let unknown = try await get(server, "/svc/topstories/v2/nosuchsection.json")
        #expect(unknown.status == 404)

        let requests = server.requests
        #expect(
            requests.map(\.path) == [
                "/svc/topstories/v2/world.json", FakeNYTServer.articleSearchPath, "/svc/topstories/v2/nosuchsection.json",
            ])
        #expect(requests.map(\.method) == ["GET", "GET", "GET"])
        #expect(requests[0].query == ["api-key": "k 1"])
        #expect(requests[1].query == ["q": "climate", "page": "2"])
        #expect(requests[0].headers["user-agent"] == "fake-server-test/1")
        #expect(await server.waitForRequests(3, timeout: 0.1))
        #expect(await !server.waitForRequests(4, timeout: 0.1))
        let blocking: Bool = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: server.waitForRequests(3, timeout: 0.1)) }.start()
        }
        #expect(blocking)
    }

    @Test("A swapped-in generated feed decodes to the same articles in order")
    func generatedFeed() async throws {
        let server = try FakeNYTServer()
        let articles = (0..<250).map { ArticleFactory.article($0) }
        server.setBody(TopStoriesJSON.body(section: "arts", articles: articles), for: FakeNYTServer.topStoriesPath("arts"))
        let response = try await get(server, "/svc/topstories/v2/arts.json")
        let snapshot = try NYTClient.decodeTopStories(response.body, section: Section(rawValue: "arts"), fetchedDate: nil)
        #expect(snapshot.articles.count == 250)
        #expect(snapshot.skippedCount == 0)
        #expect(snapshot.fetchedDate == Date(timeIntervalSince1970: 1_763_661_731))
        #expect(snapshot.articles.map(\.id) == articles.map(\.id))
        let first = try #require(snapshot.articles.first)
        #expect(first.title == "Article 0")
        #expect(first.url == "https://www.nytimes.com/2026/11/20/test/article-0.html")
        #expect(first.byline == "By Test Writer")
        #expect(first.leadParagraph == "Abstract of article 0.")
        #expect(first.publishedDate == articles[0].publishedDate)
        #expect(snapshot.articles[249].publishedDate == articles[249].publishedDate)
    }

    @Test("Faults: 429 carries Retry-After, 503 is HTML, truncated JSON is half the body, a path's fault wins")
    func faults() async throws {
        let server = try FakeNYTServer()
        server.setFault(.rateLimited(retryAfter: 7))
        let limited = try await get(server, "/svc/topstories/v2/home.json")
        #expect(limited.status == 429)
        #expect(limited.headers["retry-after"] == "7")
        let fixture429 = try Fixtures.data("error_429.json")
        #expect(limited.body == fixture429)

        server.setFault(.serverError(status: 503), for: FakeNYTServer.topStoriesPath("home"))
        let failed = try await get(server, "/svc/topstories/v2/home.json")
        #expect(failed.status == 503)
        #expect(String(decoding: failed.body, as: UTF8.self).hasPrefix("<html>"))

        server.setFault(.truncatedJSON, for: FakeNYTServer.topStoriesPath("world"))
        let truncated = try await get(server, "/svc/topstories/v2/world.json")
        let full = try Fixtures.data("topstories_world.json")
        #expect(truncated.status == 200)
        #expect(truncated.body == full.prefix(full.count / 2))

        server.clearFaults()
        #expect(try await get(server, "/svc/topstories/v2/home.json").status == 200)
    }

    @Test("A hanging path holds the request until the client gives up; a slow one answers late")
    func hangAndSlow() async throws {
        let server = try FakeNYTServer()
        server.setFault(.hang, for: FakeNYTServer.topStoriesPath("home"))
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: TransportError.timeout) {
            try await get(server, "/svc/topstories/v2/home.json", timeout: 0.5)
        }
        #expect(clock.now - start < .seconds(30), "the 0.5 s timeout ends the wait, not URLSession's 60 s")

        server.setFault(.slow(seconds: 0.3), for: FakeNYTServer.topStoriesPath("world"))
        let slowStart = clock.now
        let slow = try await get(server, "/svc/topstories/v2/world.json")
        #expect(slow.status == 200)
        #expect(clock.now - slowStart >= .milliseconds(300))
    }

    @Test("Nothing answers on a refusing port")
    func refusingPort() async throws {
        let port = try RefusingPort()
        let result: Result<HTTPResponse, TransportError>
        do {
            result = .success(try await transport.send(HTTPRequest(url: port.baseURL.appendingPathComponent("svc"), timeout: 5)))
        } catch {
            result = .failure(error)
        }
        #expect(result == .failure(.offline(reason: "connection refused")))
    }
}

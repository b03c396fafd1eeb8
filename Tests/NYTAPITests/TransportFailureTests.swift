import Foundation
import NewsCore
import TestSupport
import Testing

@testable import NYTAPI

/// Failures below HTTP that are not "offline": each reaches the client as its own error and the layers
/// above as its own failure, and a failure's status is answered without reading all of its body.
@Suite("Transport failures", .timeLimit(.minutes(1)))
struct TransportFailureTests {
    static func client(_ baseURL: URL, transport: CurlTransport = CurlTransport(), timeout: TimeInterval = 15) throws -> NYTClient {
        try NYTClient(apiKey: "transport-failure-key", baseURL: baseURL, transport: transport, timeout: timeout)
    }

    /// What asking `client` for the world section's Top Stories fails with (nil when it does not).
    static func failure(of client: NYTClient) async -> APIError? {
        do {
            _ = try await client.topStories(.world)
            return nil
        } catch {
            return error
        }
    }

    @Test("A 500 whose body never ends is a server error at once, not at the timeout")
    func endlessErrorBody() async throws {
        let server = try FakeNYTServer()
        server.setFault(.endlessErrorBody(status: 500))
        let clock = ContinuousClock()
        let start = clock.now
        let error = await Self.failure(of: try Self.client(server.baseURL, timeout: 30))
        #expect(error == .server(status: 500))
        // At once: well within the 30 s timeout, with room for a machine busy with other tests.
        #expect(clock.now - start < .seconds(10))
    }

    @Test("The excerpt of a failure's body is its first 64 kB")
    func excerpt() async throws {
        let server = try FakeNYTServer()
        server.setFault(.endlessErrorBody(status: 503))
        let response = try await CurlTransport().send(HTTPRequest(url: server.baseURL.appendingPathComponent("svc"), timeout: 15))
        #expect(response.status == 503)
        #expect(response.body.count == CurlTransport.maximumErrorBody)
        #expect(response.body.starts(with: Data("<html><body>xxx".utf8)))
    }

    @Test("A body cut short of its Content-Length is truncated, not offline")
    func truncatedBody() async throws {
        let server = try FakeNYTServer()
        server.setFault(.shortBody)
        let error = await Self.failure(of: try Self.client(server.baseURL))
        #expect(error == .truncated)
        #expect(error?.refreshFailure == .truncated)
        #expect(error?.refreshFailure == .truncated)
    }

    @Test("Six redirects within the origin in a row are a redirect loop")
    func redirectLoop() async throws {
        let server = try FakeNYTServer()
        server.setFault(.redirect(to: FakeNYTServer.topStoriesPath("world"), status: 302))
        let error = await Self.failure(of: try Self.client(server.baseURL))
        #expect(error == .redirectLoop(limit: 5))
        #expect(error?.refreshFailure == .redirectLoop)
        #expect(server.requests.count == 6, "the first request and five redirects")
    }

    @Test("A certificate that does not verify is untrusted, not offline")
    func untrustedCertificate() async throws {
        let server = try await UntrustedTLSServer.start()
        let error = await Self.failure(of: try Self.client(server.baseURL, timeout: 10))
        guard case .certificateUntrusted(let reason)? = error else {
            Issue.record("expected certificateUntrusted, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("certificate"), "\(reason)")
        #expect(error?.refreshFailure == .certificateUntrusted)
    }

    @Test("A libcurl that cannot be loaded says so and what to install")
    func libcurlMissing() async throws {
        let server = try FakeNYTServer()
        let library = try #require(CurlLibrary.Instance.testing(soname: "libnytreader-no-such-curl.so.9"))
        let transport = CurlTransport(library: library)
        let error = await Self.failure(of: try Self.client(server.baseURL, transport: transport))
        guard case .libcurlUnavailable(let reason)? = error else {
            Issue.record("expected libcurlUnavailable, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("libnytreader-no-such-curl.so.9"), "\(reason)")
        let failure = try #require(error?.refreshFailure)
        #expect(failure == .libcurlMissing)
        #expect(server.requests.isEmpty)
    }
}

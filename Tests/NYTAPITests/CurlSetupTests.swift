import CCurl
import Foundation
import NewsCore
import TestSupport
import Testing

@testable import NYTAPI

/// Every option of a request is checked as it is set: one that libcurl refuses stops the request before
/// anything is sent, with the call and its code named.
@Suite("Setting up a libcurl request", .timeLimit(.minutes(1)))
struct CurlSetupTests {
    static func send(_ server: FakeNYTServer, failing options: String..., code: Int32 = Int32(NYT_CURL_BAD_FUNCTION_ARGUMENT)) async throws
        -> Result<HTTPResponse, TransportError>
    {
        let library = try #require(CurlLibrary.Instance.testing(failingOptions: options, failingCode: code))
        let request = HTTPRequest(
            url: server.baseURL.appendingPathComponent(FakeNYTServer.topStoriesPath("world")), headers: ["Accept": "application/json"],
            timeout: 5
        )
        do {
            return .success(try await CurlTransport(library: library).send(request))
        } catch {
            return .failure(error)
        }
    }

    @Test(
        "A restriction that cannot be set refuses the request: nothing reaches the server",
        arguments: [
            "CURLOPT_PROTOCOLS_STR", "CURLOPT_REDIR_PROTOCOLS_STR", "CURLOPT_FOLLOWLOCATION", "CURLOPT_MAXREDIRS",
        ])
    func restrictionRefused(option: String) async throws {
        let server = try FakeNYTServer()
        let result = try await Self.send(server, failing: option)
        #expect(result == .failure(.libraryCallFailed(call: "curl_easy_setopt(\(option))", code: Int(NYT_CURL_BAD_FUNCTION_ARGUMENT))))
        try await Task.sleep(for: .milliseconds(100))
        #expect(server.requests.isEmpty)
    }

    @Test(
        "Any other option that fails is a typed error too, and the request is not sent",
        arguments: [
            "CURLOPT_URL", "CURLOPT_ERRORBUFFER", "CURLOPT_TIMEOUT_MS", "CURLOPT_HTTPHEADER", "CURLOPT_WRITEFUNCTION",
            "CURLOPT_XFERINFOFUNCTION", "CURLOPT_MAXFILESIZE_LARGE",
        ])
    func otherOptionFails(option: String) async throws {
        let server = try FakeNYTServer()
        let result = try await Self.send(server, failing: option, code: Int32(NYT_CURL_UNKNOWN_OPTION))
        #expect(result == .failure(.libraryCallFailed(call: "curl_easy_setopt(\(option))", code: Int(NYT_CURL_UNKNOWN_OPTION))))
        try await Task.sleep(for: .milliseconds(100))
        #expect(server.requests.isEmpty)
    }

    @Test("A libcurl without the protocol list gets the protocols as a bitmask, and the request goes")
    func protocolBitmask() async throws {
        let server = try FakeNYTServer()
        let result = try await Self.send(server, failing: "CURLOPT_PROTOCOLS_STR", code: Int32(NYT_CURL_UNKNOWN_OPTION))
        #expect((try? result.get())?.status == 200, "\(result)")
        #expect(server.requests.count == 1)
        let listKnown = try await Self.send(server, failing: "CURLOPT_PROTOCOLS", code: Int32(NYT_CURL_UNKNOWN_OPTION))
        #expect((try? listKnown.get())?.status == 200, "the bitmask is not needed when the list is known: \(listKnown)")
        #expect(server.requests.count == 2)
    }

    @Test("A libcurl that knows neither form of the protocol restriction is not used")
    func noProtocolRestriction() async throws {
        let server = try FakeNYTServer()
        let result = try await Self.send(
            server, failing: "CURLOPT_PROTOCOLS_STR", "CURLOPT_PROTOCOLS", code: Int32(NYT_CURL_UNKNOWN_OPTION))
        #expect(result == .failure(.libraryCallFailed(call: "curl_easy_setopt(CURLOPT_PROTOCOLS)", code: Int(NYT_CURL_UNKNOWN_OPTION))))
        try await Task.sleep(for: .milliseconds(100))
        #expect(server.requests.isEmpty)
    }

    @Test("The client reports a failed call as libcurl failing, with the call in its description")
    func clientWords() async throws {
        let server = try FakeNYTServer()
        let library = try #require(CurlLibrary.Instance.testing(failingOptions: ["CURLOPT_PROTOCOLS_STR"]))
        let client = try NYTClient(apiKey: "setup-key", baseURL: server.baseURL, transport: CurlTransport(library: library), timeout: 5)
        do {
            _ = try await client.topStories(.world)
            Issue.record("the request was made")
        } catch {
            #expect(error == .libcurlFailed(call: "curl_easy_setopt(CURLOPT_PROTOCOLS_STR)", code: Int(NYT_CURL_BAD_FUNCTION_ARGUMENT)))
            #expect(error.description.contains("curl_easy_setopt(CURLOPT_PROTOCOLS_STR)"))
            #expect(error.refreshFailure == .libcurlFailed)
        }
        #expect(server.requests.isEmpty)
    }
}

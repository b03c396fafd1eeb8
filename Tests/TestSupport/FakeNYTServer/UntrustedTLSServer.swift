import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TLS server on 127.0.0.1 whose certificate nobody trusts (self-signed, made for the test), as an
/// interception would present: `openssl s_server` (Debian's `openssl` package). A client that verifies
/// certificates gives up in the handshake, before any request is sent.
public final class UntrustedTLSServer: @unchecked Sendable {
    /// Something went wrong starting the server.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The port the server listens on.
    public let port: UInt16
    private let directory: TemporaryDirectory
    private let server: ChildProcess

    /// Makes a key and a certificate for 127.0.0.1 and starts the server, on a thread of its own (waiting
    /// for openssl must not hold a thread of the concurrency pool the other tests share); returns once it
    /// listens.
    public static func start() async throws -> UntrustedTLSServer {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try UntrustedTLSServer() }) }.start()
        }
    }

    /// The same, blocking the calling thread.
    public init() throws {
        directory = try TemporaryDirectory(prefix: "nytreader-tls")
        let key = directory.path("key.pem")
        let certificate = directory.path("certificate.pem")
        let made = try Subprocess.run(
            "openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
                "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", certificate,
            ], timeout: 30)
        guard made.status == 0 else { throw Failure(description: "openssl req failed: \(made.errorOutput)") }
        let output = directory.path("s_server.out")
        server = try ChildProcess(
            "openssl", ["s_server", "-accept", "127.0.0.1:0", "-cert", certificate, "-key", key, "-www"],
            output: output, errorOutput: nil
        )
        // s_server names the port it was given: `ACCEPT 127.0.0.1:40123`.
        let deadline = Date().addingTimeInterval(10)
        var port: UInt16?
        while port == nil, Date() < deadline {
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            port = text.firstMatch(of: /ACCEPT 127\.0\.0\.1:(\d+)/).flatMap { UInt16($0.1) }
            if port == nil { usleep(10_000) }
        }
        guard let port else {
            _ = try? server.kill()
            throw Failure(description: "openssl s_server did not start listening")
        }
        self.port = port
    }

    deinit {
        _ = try? server.kill()
    }

    /// `https://127.0.0.1:<port>`.
    public var baseURL: URL {
        URL(string: "https://127.0.0.1:\(port)")!
    }
}

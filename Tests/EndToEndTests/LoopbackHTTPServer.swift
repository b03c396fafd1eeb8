import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP server on 127.0.0.1 that answers every request with 401 and a body quoting the request
/// line, the way a careless proxy might: the key in the URL comes back in the body.
final class KeyEchoingServer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32

    init() throws {
        (listener, port) = try Self.bindLoopback()
        guard listen(listener, 8) == 0 else { throw ServerError.cannotListen }
        let listener = self.listener
        Thread.detachNewThread {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                Self.answer(connection)
            }
        }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// A loopback port nothing listens on (bound, then released).
    static func closedPort() throws -> UInt16 {
        let (socket, port) = try bindLoopback()
        close(socket)
        return port
    }

    private static func answer(_ connection: Int32) {
        defer { close(connection) }
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.ends(with: Array("\r\n\r\n".utf8)) && request.count < 65_536 {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            request += buffer[0..<count]
        }
        let requestLine = String(decoding: request, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let body = #"{"fault":{"faultstring":"Invalid ApiKey for \#(requestLine)","detail":{"errorcode":"oauth.v2.InvalidApiKey"}}}"#
        let response = "HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        _ = Array(response.utf8).withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
    }

    private static func bindLoopback() throws -> (Int32, UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ServerError.cannotListen }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard bound == 0, named == 0 else {
            close(descriptor)
            throw ServerError.cannotListen
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    enum ServerError: Error {
        case cannotListen
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}

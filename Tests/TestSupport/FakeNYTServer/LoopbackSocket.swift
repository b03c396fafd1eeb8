import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// BSD socket helpers for the fake NYT server: bind, read a request head, write all bytes.
enum LoopbackSocket {
    /// Something went wrong with a socket call.
    struct Failure: Error, CustomStringConvertible {
        let call: String
        let code: Int32
        var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
    }

    /// A TCP socket bound to 127.0.0.1 on a port the kernel chose.
    static func bindEphemeral() throws -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(call: "socket", code: errno) }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let code = errno
            close(descriptor)
            throw Failure(call: "bind", code: code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            let code = errno
            close(descriptor)
            throw Failure(call: "getsockname", code: code)
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// Reads up to the blank line that ends a request head (at most 64 kB); nil when the peer closed first.
    static func readHead(_ connection: Int32) -> String? {
        var head = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        while head.count < 65_536 {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            head += buffer[0..<count]
            if let end = head.firstRange(of: terminator) {
                return String(decoding: head[..<end.lowerBound], as: UTF8.self)
            }
        }
        return nil
    }

    /// Writes every byte, stopping quietly when the peer has gone (no SIGPIPE); false when it has.
    @discardableResult
    static func writeAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Waits until the peer closes the connection or `stopping` turns true, checking every 50 ms.
    static func waitForPeerToClose(_ connection: Int32, stopping: () -> Bool) {
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !stopping() {
            var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 50)
            if ready < 0 && errno != EINTR { return }
            if ready > 0 {
                let count = recv(connection, &buffer, buffer.count, 0)
                if count <= 0 { return }
            }
        }
    }
}

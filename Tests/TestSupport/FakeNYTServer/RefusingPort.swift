import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback port nothing listens on: a connection to it is refused at once ("server down").
///
/// The port is bound and released again, so no other test's server is using it at that moment.
public struct RefusingPort: Sendable, Hashable {
    /// The port number.
    public let port: UInt16

    /// Finds a free loopback port.
    public init() throws {
        let socket = try LoopbackSocket.bindEphemeral()
        port = socket.port
        close(socket.descriptor)
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)")!
    }
}

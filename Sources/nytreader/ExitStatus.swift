import ArgumentParser
import NewsCore

/// The program's exit statuses (the BSD `sysexits` values scripts expect).
enum ExitStatus {
    static let ok: Int32 = 0
    /// Bad arguments.
    static let usage: Int32 = 64
    /// The cache could not be read or written.
    static let ioError: Int32 = 74
    /// The NYT or the network failed, or sent something unreadable.
    static let unavailable: Int32 = 69
    /// Rate limited: try again later.
    static let tryAgainLater: Int32 = 75
    /// The API key is missing or was rejected.
    static let keyProblem: Int32 = 77
    /// A system library or file is missing or unusable: libcurl, or the CA certificates (EX_OSFILE).
    static let systemFileMissing: Int32 = 72
    /// The NYT's answer broke HTTP: cut short, or redirects in a loop (EX_PROTOCOL).
    static let protocolError: Int32 = 76
    /// The NYT's certificate could not be verified: the clock, a proxy, or someone in between (EX_CONFIG).
    static let certificateProblem: Int32 = 78
    /// Not a terminal.
    static let notATerminal: Int32 = 2

    /// The status when the cache failed (every kind: the cache could not be opened, read or written).
    static func forStore(_ error: StoreError) -> Int32 {
        ioError
    }

    /// The status for a failed refresh.
    static func forFailure(_ failure: RefreshFailure) -> Int32 {
        switch failure {
        case .noAPIKey, .unauthorized: return keyProblem
        case .offlineByRequest: return usage
        case .rateLimited: return tryAgainLater
        case .cache: return ioError
        case .libcurlMissing, .libcurlFailed, .certificateStoreMissing: return systemFileMissing
        case .truncated, .redirectLoop: return protocolError
        case .certificateUntrusted: return certificateProblem
        case .notFound, .server, .timeout, .offline, .malformed, .redirectRefused, .apiStatus, .cancelled: return unavailable
        }
    }
}

extension RefreshFailure {
    /// After these, the next request of a command (the next section, the next month) cannot succeed either.
    var stopsFurtherRequests: Bool {
        switch self {
        case .noAPIKey, .offlineByRequest, .unauthorized, .rateLimited, .cache, .certificateUntrusted,
            .certificateStoreMissing, .libcurlMissing, .libcurlFailed:
            return true
        default: return false
        }
    }
}

/// A failure a command reports in a sentence on stderr before exiting with `status`.
struct CommandFailure: Error {
    let message: String
    let status: Int32
}

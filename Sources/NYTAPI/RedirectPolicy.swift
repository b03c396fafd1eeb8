import FoundationEssentials

/// Which redirects a request to the NYT may follow: only those that stay within its origin (scheme, host
/// and port), since the request's URL carries the API key. Any other is refused, never followed.
enum RedirectPolicy {
    /// Whether `status` is a redirect that names its target in `Location`.
    static func isRedirect(_ status: Int) -> Bool {
        [301, 302, 303, 307, 308].contains(status)
    }

    /// The URL to follow for `location` (absolute or relative to `url`), when it is in `url`'s origin.
    static func target(of location: String, from url: URL) throws(TransportError) -> URL {
        guard let target = URL(string: location, relativeTo: url)?.absoluteURL else {
            throw .redirectRefused(host: "an unreadable address")
        }
        guard let origin = Origin(target), origin == Origin(url) else {
            throw .redirectRefused(host: Origin(target)?.description ?? "an address without a host")
        }
        return target
    }
}

/// Scheme, host and port of a URL, the port made explicit (443 for https, 80 for http).
struct Origin: Hashable, CustomStringConvertible {
    let scheme: String
    let host: String
    let port: Int

    init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        guard let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil) else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    /// `scheme://host:port`, the host cut to a sane length (it comes from the network).
    var description: String { "\(scheme)://\(host.prefix(253)):\(port)" }
}

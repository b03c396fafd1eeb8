/// How long one exchange may take, from the request's timeout (`request_timeout_seconds`): the connection
/// within it, and the transfer never slower than 1 kB a second for that long (a server that stops sending);
/// a slow link that keeps moving goes on, up to the time a body of the largest size allowed takes at 64 kB
/// a second (an archive month of 30 MB takes minutes on some links: within the whole, it is not cut short
/// at the timeout as before).
struct TransferLimits: Hashable, Sendable {
    /// The rate below which the whole of a body at the cap may not take longer (bytes a second).
    static let slowestWholeRate = 64 << 10

    let connectMilliseconds: Int
    let stallSeconds: Int
    let wholeMilliseconds: Int

    init(timeout: Double, maximumBodySize: Int) {
        let timeout = min(max(timeout, 0.001), 86_400)
        connectMilliseconds = Int(timeout * 1_000)
        stallSeconds = max(1, Int(timeout.rounded(.up)))
        let transfer = Double(max(0, maximumBodySize)) / Double(Self.slowestWholeRate)
        wholeMilliseconds = Int(min(timeout + transfer, 86_400) * 1_000)
    }
}

import FoundationEssentials
import Logging
import NewsCore

/// A swift-log handler that writes one line per message to a `LogFile`:
/// `2024-05-01T12:00:00.123Z info nytreader: GET /svc/topstories/v2/world.json 200 312 ms 48213 bytes`,
/// followed by the metadata as `key=value` pairs. Times are UTC.
public struct FileLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?

    private let label: String
    private let file: LogFile
    private let now: @Sendable () -> Date

    public init(label: String, file: LogFile, level: Logger.Level = .info, now: @escaping @Sendable () -> Date = Date.init) {
        self.label = label
        self.file = file
        self.logLevel = level
        self.now = now
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let explicit = event.metadata { merged.merge(explicit) { _, new in new } }
        var line = "\(Self.timestamp(now())) \(event.level) \(label): \(event.message)"
        if let error = event.error {
            line += " error=\(error)"
        }
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
            line += " \(key)=\(value)"
        }
        // One entry, one line: a line break in a message or an escape sequence from the network
        // becomes a space or vanishes, so `less` and `tail` show the log safely.
        file.write(line.terminalSafe)
    }

    /// `2024-05-01T12:00:00.123Z`, computed without a formatter so it does not depend on the locale.
    static func timestamp(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let (days, millisecondOfDay) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        let (dayOffset, millisecond) = millisecondOfDay < 0 ? (-1, millisecondOfDay + 86_400_000) : (0, millisecondOfDay)
        let second = Int(millisecond / 1000)
        func digits(_ value: Int, _ width: Int) -> String { DecimalText.zeroPadded(value, width: width) }
        return CivilCalendar.isoDate(ofDay: Int(days) + dayOffset) + "T"
            + "\(digits(second / 3600, 2)):\(digits(second / 60 % 60, 2)):\(digits(second % 60, 2)).\(digits(Int(millisecond % 1000), 3))Z"
    }
}

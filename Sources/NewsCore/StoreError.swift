/// A failure of the cache: what kind it is (`code`, which decides what a person is told and the exit
/// status), the file, and what failed below in the words of the layer that saw it (`cause`, for the log).
public struct StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds a person can act on differently.
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// Another process held the write lock longer than a writer waits.
        case busy
        /// The disk (or the quota) is full.
        case diskFull
        /// The file or its folder cannot be written (permissions, a read-only file system).
        case readOnly
        /// The file is not an SQLite database, or is damaged.
        case corrupt
        /// A newer nytreader made the file; this one does not know its schema.
        case newerSchema
        /// The file could not be opened or created (a missing folder, a link, a directory).
        case cannotOpen
        /// The article a change was for is no longer in the cache (another process pruned or forgot it).
        case articleGone
        /// The cache file was moved, replaced or removed while open: what is written would be lost with it.
        case replaced
        /// Any other failure to read or write (an I/O error, a bug).
        case failed
    }

    public var code: Code
    /// The cache file, when the failure concerns one.
    public var path: String?
    /// What failed, for the log: never shown as the message, and never holding article text.
    public var cause: String

    public init(_ code: Code, path: String? = nil, cause: String) {
        self.code = code
        self.path = path
        self.cause = cause
    }

    /// `busy (/path/cache.sqlite): database is locked`: for logs.
    public var description: String {
        "\(code.rawValue)" + (path.map { " (\($0))" } ?? "") + ": \(cause)"
    }
}

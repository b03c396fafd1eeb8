import NewsCore

// How failures read, for a person: the one place their words are chosen, for the status line, the
// commands' messages on stderr and the log alike.

extension StoreError.Code {
    /// One short sentence a person can act on.
    public var message: String {
        switch self {
        case .busy: return "The cache is busy: another nytreader is writing it"
        case .diskFull: return "The disk is full: the cache could not be written"
        case .readOnly: return "The cache cannot be written (a read-only file or folder)"
        case .corrupt: return "The cache file is damaged or is not a cache; move it away to start a new one"
        case .newerSchema: return "The cache was made by a newer nytreader; use that version, or move the file away"
        case .cannotOpen: return "The cache could not be opened"
        case .failed: return "The cache could not be read or written"
        }
    }
}

extension StoreError {
    /// The sentence for the kind of failure.
    public var message: String { code.message }

    /// The sentence with the file and what failed below: for stderr and the log.
    public var detailedMessage: String {
        message + (path.map { " (\($0))" } ?? "") + ": \(cause.terminalSafe)"
    }
}

import NewsCore

/// Told the outcome of each refresh of `Feed` as it ends, e.g. to write it to the log.
public typealias RefreshObserver = @Sendable (Feed, RefreshOutcome) -> Void

import NYTAPI
import NewsCore

/// How the import of one archive month ended: the refresh outcome, and what the month's response held
/// when it was read whole.
public struct ArchiveImport: Hashable, Sendable {
    /// The outcome. A month whose response held fewer docs than the NYT counts for it (`ArchiveSummary.
    /// missingCount`) failed as malformed: its articles are kept, but it is not complete, and the next run
    /// imports it again.
    public var outcome: RefreshOutcome
    /// The response's counts; nil when it was not read whole, or when the month was skipped as complete.
    public var summary: ArchiveSummary?

    public init(outcome: RefreshOutcome, summary: ArchiveSummary?) {
        self.outcome = outcome
        self.summary = summary
    }
}

import FoundationEssentials

/// Asking the NYT for the next page of a search as the list reaches its end; drawn as the list's last row.
public enum MorePages: Hashable, Sendable {
    /// Nothing asked (the next page is asked once the selection reaches the last row).
    case idle
    /// The next page is on its way.
    case loading
    /// The next page waits for the spacing between two requests, until `date`.
    case waiting(until: Date)
    /// The last ask failed for this reason; what is shown stays.
    case failed(String)
}

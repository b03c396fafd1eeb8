import Logging
import NewsCore
import ReaderService
import ReaderViewModel

/// The words for a refresh's outcome, and the observer that writes every outcome to the log — from
/// `nytreader refresh` and from the reader's `r` and launch refreshes alike.
enum RefreshLog {
    /// Logs each refresh as it ends: one line with what changed, or why nothing did.
    static func observer(_ logger: Logger) -> RefreshObserver {
        { feed, outcome in
            switch outcome {
            case .refreshed(let changes, _):
                logger.info("refresh \(summary(of: feed, changes))")
            case .failed(.cancelled, _):
                logger.debug("refresh \(name(of: feed)) cancelled")
            case .failed(let failure, let cached):
                logger.warning("refresh \(name(of: feed)) failed: \(failure.message); the cache keeps \(cached.count) articles")
            }
        }
    }

    /// `world: 37 articles, 5 new, 2 updated` (`, 3 items left out` when the response had items that
    /// could not be read, repeated ones, or more than the cap on one response).
    static func summary(of feed: Feed, _ changes: RefreshChanges) -> String {
        let skipped = changes.skipped > 0 ? ", \(Counted(changes.skipped, "item")) left out" : ""
        // Counts as they are (no grouping): a script reads the line.
        let articles = "\(changes.total) article\(changes.total == 1 ? "" : "s")"
        return "\(name(of: feed)): \(articles), \(changes.inserted) new, \(changes.updated) updated\(skipped)"
    }

    /// The feed as the command line names it: the section, the search words, or `saved`.
    static func name(of feed: Feed) -> String {
        switch feed {
        case .topStories(let section): return section.rawValue
        // A person's words are printed as their controls made safe, as network text is.
        case .search(let query): return "search “\(query.text.terminalSafe)”"
        case .saved: return "saved"
        case .mostPopular(let kind, let period): return "popular \(kind.rawValue) \(period.rawValue)"
        case .latest: return "latest"
        case .archive(let month): return "archive \(month)"
        case .archiveMatches(let matches): return "archive matches \(matches.title.terminalSafe)"
        }
    }
}

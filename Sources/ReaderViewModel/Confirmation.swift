import NewsCore

/// A question on the status line before something that takes long to undo (forgetting a month of the
/// archive, importing one again): `y` goes on, `n` or Esc leaves everything as it was.
public struct Confirmation: Hashable, Sendable {
    /// What a yes does.
    public enum Step: Hashable, Sendable {
        /// Forget the search or archive month and its articles.
        case forget(Feed)
        /// Import the archive month again from the NYT.
        case importAgain(ArchiveMonth)
    }

    /// The question, ending in `y/n`.
    public var question: String
    public var step: Step

    public init(question: String, step: Step) {
        self.question = question
        self.step = step
    }
}

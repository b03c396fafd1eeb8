import ArticleStore

/// `archive --compact`'s progress on stderr when it is a terminal (`RedrawnLine`).
final class CompactionProgressLine: Sendable {
    private let line = RedrawnLine()

    func show(_ step: CompactionStep) {
        guard line.isShown else { return }
        switch step {
        case .packing(let fraction):
            guard line.isDue() else { return }
            line.draw("Packing the text of older articles: \(Int((min(1, max(0, fraction)) * 100).rounded(.down))) %")
        case .listingWords(let fraction):
            guard line.isDue() else { return }
            line.draw("Listing the words of the archive's indexes: \(Int((min(1, max(0, fraction)) * 100).rounded(.down))) %")
        case .rewriting:
            line.draw("Writing the cache again without its free pages…")
        }
    }

    /// Clears the line before the result is printed.
    func end() {
        line.clear()
    }
}

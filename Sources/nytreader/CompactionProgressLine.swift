import ArticleStore

/// `archive --compact`'s progress on stderr when it is a terminal (`RedrawnLine`).
final class CompactionProgressLine: Sendable {
    private let line = RedrawnLine()

    func show(_ step: CompactionStep) {
        guard line.isShown else { return }
        switch step {
        case .packing(let fraction):
            guard line.isDue() else { return }
            line.draw("Packing the text of older articles: \(Self.percent(fraction)) %")
        case .listingWords(let fraction):
            guard line.isDue() else { return }
            line.draw("Listing the words of the archive's indexes: \(Self.percent(fraction)) %")
        case .makingWordSets(let fraction):
            guard line.isDue() else { return }
            line.draw("Indexing the common words of the archive's indexes: \(Self.percent(fraction)) %")
        case .rewriting:
            line.draw("Writing the cache again without its free pages…")
        }
    }

    /// `fraction` (0…1) as whole percents, rounded down.
    private static func percent(_ fraction: Double) -> Int {
        Int((min(1, max(0, fraction)) * 100).rounded(.down))
    }

    /// Clears the line before the result is printed.
    func end() {
        line.clear()
    }
}

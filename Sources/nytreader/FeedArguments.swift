import NewsCore

/// The options that name a feed on the command line, for the commands a message suggests
/// (`nytreader refresh --query climate --from 2024-01-01`): the inverse of `FeedOptions`.
enum FeedArguments {
    /// `feed`'s options (`--section world`, `--popular viewed --period 7`); none for the saved articles and
    /// an archive period's matches, which the cache alone holds.
    static func arguments(for feed: Feed) -> [String] {
        switch feed {
        case .topStories(let section):
            return ["--section", section.rawValue]
        case .search(let query):
            var arguments = ["--query", query.text]
            if let begin = query.beginDate.flatMap(SearchDay.init(apiValue:)) { arguments += ["--from", begin.description] }
            if let end = query.endDate.flatMap(SearchDay.init(apiValue:)) { arguments += ["--to", end.description] }
            if query.sort != .newest { arguments += ["--sort", query.sort.rawValue] }
            return arguments
        case .mostPopular(let kind, let period):
            return ["--popular", kind.rawValue, "--period", String(period.rawValue)]
        case .latest:
            return ["--latest"]
        case .archive(let month):
            return ["--archive", month.description]
        case .saved, .archiveMatches:
            return []
        }
    }

    /// `words` as one shell command line: a word with anything but letters, digits and `-._/:=+,@` in
    /// single quotes (`'climate change'`), terminal-safe.
    static func commandLine(_ words: [String]) -> String {
        words.map { word in
            let plain =
                !word.isEmpty && word.unicodeScalars.allSatisfy { $0.isASCII && (Self.plain.contains($0) || $0.properties.isAlphabetic) }
            return plain ? word : "'" + word.replacing("'", with: "'\\''") + "'"
        }.joined(separator: " ").terminalSafe
    }

    private static let plain = Set("0123456789-._/:=+,@".unicodeScalars)
}

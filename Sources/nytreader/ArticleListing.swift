import Foundation
import NewsCore

/// How `list` and `search` print articles: aligned lines for people, a JSON array for programs.
struct ArticleListing {
    let timeZone: TimeZone

    init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    /// One line per article: read mark, publication time, section, title. Text is made terminal-safe.
    func lines(for entries: [ArticleEntry]) -> [String] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return entries.map { entry in
            let article = entry.article
            let mark = entry.isSaved ? "*" : (entry.isRead ? " " : "•")
            let section = Section.displayName(forArticleSection: article.section.terminalSafe)
            let padded = section.count >= 12 ? String(section.prefix(11)) + " " : section.padding(toLength: 12, withPad: " ", startingAt: 0)
            return "\(mark) \(formatter.string(from: article.publishedDate))  \(padded)\(article.title.terminalSafe)"
        }
    }

    /// The entries as one JSON array of objects with `uri`, `title`, `byline`, `section`, `published`
    /// (ISO 8601), `url`, `lead`, `read`, `saved`, and `snippet` for search hits.
    func json(for entries: [ArticleEntry], snippets: [String]? = nil) throws -> String {
        let objects = entries.enumerated().map { index, entry in
            ArticleJSON(entry: entry, snippet: snippets?[index])
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(objects), as: UTF8.self)
    }
}

/// One article in `--json` output. Every text passes through the same `terminalSafe` as the reader and
/// the plain output: JSON escaping alone is not enough, since `jq -r` turns `\u001b` back into ESC.
private struct ArticleJSON: Encodable {
    let uri: String
    let title: String
    let byline: String
    let section: String
    let published: Date
    let url: String
    let lead: String
    let read: Bool
    let saved: Bool
    let snippet: String?

    init(entry: ArticleEntry, snippet: String?) {
        uri = entry.article.id.rawValue.terminalSafe
        title = entry.article.title.terminalSafe
        byline = entry.article.byline.terminalSafe
        section = entry.article.section.terminalSafe
        published = entry.article.publishedDate
        url = entry.article.url.terminalSafe
        lead = entry.article.leadParagraph.terminalSafe
        read = entry.isRead
        saved = entry.isSaved
        self.snippet = snippet.map {
            $0.replacingOccurrences(of: String(SearchHit.highlightStart), with: "")
                .replacingOccurrences(of: String(SearchHit.highlightEnd), with: "").terminalSafe
        }
    }
}

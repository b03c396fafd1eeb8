import FoundationEssentials
import NewsCore
import TerminalUI

/// How `list` and `search` print articles: aligned lines for people, a JSON array for programs.
struct ArticleListing {
    /// nil: the system's local time, as the C library sees it (`TZ`, else `/etc/localtime`).
    let dates: ArticleDateFormat

    init(timeZone: TimeZone? = nil) {
        dates = ArticleDateFormat(timeZone: timeZone)
    }

    /// One line per article: the unread and saved marks, publication time, section, title. Text is made
    /// terminal-safe.
    func lines(for entries: [ArticleEntry]) -> [String] {
        entries.map { entry in
            let article = entry.article
            let section = Section.displayName(forArticleSection: article.section.terminalSafe)
            // Twelve columns, as the terminal counts them: a section of wide characters takes two a character.
            let (cut, width) = DisplayWidth.prefix(section, fitting: 11, ellipsis: false)
            let padded = cut + String(repeating: " ", count: 12 - width)
            return "\(entry.marks) \(dates.numeric(from: article.publishedDate))  \(padded)\(article.title.terminalSafe)"
        }
    }

    /// One article in full, for `show`: headline, kicker, byline, date and section, address, the lead
    /// paragraph and the abstract when it says something else, then read and saved. Terminal-safe.
    func detail(for entry: ArticleEntry, dates: ArticleDateFormat) -> [String] {
        let article = entry.article
        var lines = [article.title.terminalSafe]
        if !article.kicker.isEmpty { lines.append(article.kicker.terminalSafe.uppercased()) }
        if !article.byline.isEmpty { lines.append(article.byline.terminalSafe) }
        let section = [article.section, article.subsection].map { Section.displayName(forArticleSection: $0.terminalSafe) }
            .filter { !$0.isEmpty }.joined(separator: " › ")
        lines.append([dates.string(from: article.publishedDate), section].filter { !$0.isEmpty }.joined(separator: " · "))
        if !article.url.isEmpty { lines.append(article.url.terminalSafe) }
        lines.append("")
        lines.append(article.leadParagraph.terminalSafe)
        if !article.abstract.isEmpty, article.abstract != article.leadParagraph {
            lines.append("")
            lines.append(article.abstract.terminalSafe)
        }
        lines.append("")
        lines.append("read: \(entry.isRead ? "yes" : "no") · saved: \(entry.isSaved ? "yes" : "no")")
        return lines
    }

    /// One article in full as a JSON object: the fields of `json(for:)` plus `kicker`, `subsection` and
    /// `abstract`.
    func json(for entry: ArticleEntry) throws -> String {
        try encoded(ArticleJSON(entry: entry, snippet: nil, detailed: true))
    }

    /// The entries as one JSON array of objects with `uri`, `title`, `byline`, `section`, `sectionName`,
    /// `published` (ISO 8601), `url`, `lead`, `read`, `saved`, and `snippet` for search hits.
    func json(for entries: [ArticleEntry], snippets: [String]? = nil) throws -> String {
        try encoded(
            entries.enumerated().map { index, entry in
                ArticleJSON(entry: entry, snippet: snippets?[index])
            })
    }

    private func encoded(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// One article in `--json` output. Every text passes through the same `terminalSafe` as the reader and
/// the plain output: JSON escaping alone is not enough, since `jq -r` turns `\u001b` back into ESC.
private struct ArticleJSON: Encodable {
    let uri: String
    let title: String
    let byline: String
    /// The NYT's own value: a slug from Top Stories (`us`), a name from the other APIs (`U.S.`).
    let section: String
    /// The name the reader shows, the same whichever API the article came from (`U.S.`).
    let sectionName: String
    let published: Date
    let url: String
    let lead: String
    let read: Bool
    let saved: Bool
    let snippet: String?
    // `show --json` only.
    let kicker: String?
    let subsection: String?
    let abstract: String?

    init(entry: ArticleEntry, snippet: String?, detailed: Bool = false) {
        kicker = detailed ? entry.article.kicker.terminalSafe : nil
        subsection = detailed ? entry.article.subsection.terminalSafe : nil
        abstract = detailed ? entry.article.abstract.terminalSafe : nil
        uri = entry.article.id.rawValue.terminalSafe
        title = entry.article.title.terminalSafe
        byline = entry.article.byline.terminalSafe
        section = entry.article.section.terminalSafe
        sectionName = Section.displayName(forArticleSection: section)
        published = entry.article.publishedDate
        url = entry.article.url.terminalSafe
        lead = entry.article.leadParagraph.terminalSafe
        read = entry.isRead
        saved = entry.isSaved
        self.snippet = snippet.map {
            $0.replacing(String(SearchHit.highlightStart), with: "")
                .replacing(String(SearchHit.highlightEnd), with: "").terminalSafe
        }
    }
}

import CNcursesw
import Foundation
import Glibc
import NewsCore
import TestSupport
import Testing

/// Titles of scalars whose width the C library and Unicode's newer data tell differently: the reader in tmux
/// keeps every list row within its pane, the border in one column.
@Suite("Scalars of disputed width in the reader", .serialized, .timeLimit(.minutes(2)))
struct TuiWideTextTests {
    static let titles = [
        "Plain story before them",
        "I Ching \u{4DC0} \u{4DC1} \u{4DC2} \u{4DC3} \u{4DC4} \u{4DC5} \u{4DC6} \u{4DC7} \u{4DC8} \u{4DC9} \u{4DCA} \u{4DCB} signs",
        "Signs " + String(repeating: "\u{600}", count: 12) + " and a long headline after them",
        "Rounds " + String(repeating: "\u{1F260}\u{1F261}\u{1F262}", count: 6) + " end",
        "Shaking " + String(repeating: "\u{1FAE8}", count: 12) + " face",
        "Jamo " + String(repeating: "\u{D7B0}\u{D7C0}", count: 10) + " after",
    ]

    /// The display columns of `line` as tmux draws it (glibc's wcwidth in C.UTF-8).
    static func columns(_ line: Substring) throws -> Int {
        let utf8 = try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil))
        defer { freelocale(utf8) }
        let previous = uselocale(utf8)
        defer { uselocale(previous) }
        return line.unicodeScalars.reduce(0) { $0 + max(0, Int(nyt_wcwidth(wchar_t(bitPattern: $1.value)))) }
    }

    @Test("Each list row keeps the pane's border in its column, whatever its title holds")
    func bordersStay() throws {
        let server = try FakeNYTServer()
        let articles = Self.titles.enumerated().map { index, title in
            var article = ArticleFactory.article(index, title: title)
            article.abstract = String(repeating: "\u{4DC0}\u{1FAE8}", count: 80)
            return article
        }
        server.setBody(TopStoriesJSON.body(section: "home", articles: articles), for: FakeNYTServer.topStoriesPath("home"))
        let reader = try TuiHarness(environment: ["NYT_API_KEY": "wide-text-key"])
        try reader.launch("--api-base-url '\(server.baseURL.absoluteString)'", waitingFor: "Plain story before them")
        for step in 0..<Self.titles.count {
            let screen = try reader.tmux.waitFor("article \(step + 1)") { $0.contains("\(step + 1)/\(Self.titles.count)") }
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            var borders: Set<Int> = []
            for line in lines.dropFirst().prefix(Self.titles.count) {
                let border = try #require(line.firstIndex(of: "│"), "a row without its border:\n\(screen)")
                borders.insert(try Self.columns(line[..<border]))
                // The detail pane starts a column after the border: a list row that ran over it left text there.
                let after = line[line.index(after: border)...]
                #expect(after.isEmpty || after.hasPrefix(" "), "a list row ran over the border:\n\(screen)")
                #expect(try Self.columns(line) <= 120, "a row past the window:\n\(screen)")
            }
            #expect(borders.count == 1, "the border moved (\(borders.sorted())) with article \(step + 1) selected:\n\(screen)")
            try reader.tmux.press("j")
        }
        #expect(try reader.quit() == 0)
    }

    @Test("Closing the picker or the help over wide characters leaves every row as it was before")
    func overlayLeavesNoResidue() throws {
        let server = try FakeNYTServer()
        // Rows of wide characters at both parities: whatever column an overlay's edge takes, it cuts one.
        let articles = (0..<8).map { index in
            var article = ArticleFactory.article(
                index, title: (index % 2 == 0 ? "" : "a") + String(repeating: "東京", count: 30) + " \(index)")
            article.abstract = (index % 2 == 0 ? "" : "b") + String(repeating: "大規模な地震", count: 40)
            return article
        }
        server.setBody(TopStoriesJSON.body(section: "home", articles: articles), for: FakeNYTServer.topStoriesPath("home"))
        let reader = try TuiHarness(environment: ["NYT_API_KEY": "wide-text-key"])
        try reader.launch("--api-base-url '\(server.baseURL.absoluteString)'", waitingFor: "東京東京")
        let before = try reader.tmux.waitFor("the served feed") { $0.contains("1/8") && TuiHarness.showsLoadedRows($0) }
        for (key, opened) in [("s", "Feeds"), ("?", "Keys")] {
            try reader.tmux.press(key)
            try reader.tmux.waitFor("\(key) open") { $0.contains(opened) }
            try reader.tmux.press("Escape")
            let after = try reader.tmux.waitFor("\(key) closed") { !$0.contains("┌") }
            #expect(after == before, "after \(key) and Escape:\n\(after)\nbefore:\n\(before)")
        }
        #expect(try reader.quit() == 0)
    }
}

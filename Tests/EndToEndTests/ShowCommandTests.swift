import Foundation
import NewsCore
import TestSupport
import Testing

/// `nytreader show`: one cached article in full, by uri or web address, plain or as JSON.
@Suite("nytreader show", .serialized, .timeLimit(.minutes(2)))
struct ShowCommandTests {
    struct ShownArticle: Decodable {
        let uri: String
        let title: String
        let kicker: String
        let byline: String
        let section: String
        let subsection: String
        let published: String
        let url: String
        let lead: String
        let abstract: String
        let read: Bool
        let saved: Bool
    }

    @Test("On a terminal the text is wrapped between words at its width; the web address stays on one line")
    func wrappedOnTerminal() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        var article = ArticleFactory.article(3, title: "A headline long enough to be wrapped at forty columns of a terminal")
        article.abstract = Array(repeating: "Paragraphs of the article are wrapped between their words", count: 4).joined(separator: ", ")
        server.setBody(TopStoriesJSON.body(section: "world", articles: [article]), for: FakeNYTServer.topStoriesPath("world"))
        let stored = try await home.refresh(section: "world", from: server.baseURL)
        try #require(stored.status == 0, "\(stored.errorOutput)")
        let tmux = try TmuxSession(columns: 40, rows: 40, environment: home.environment())
        try tmux.run("clear; '\(ProgramBinary.url.path)' show '\(article.id.rawValue)' --db '\(home.database)'")
        try tmux.waitFor("the article shown") { $0.contains("read: no") }
        // Joined, rows the terminal wrapped are one line again: the program's own lines each fit.
        let joined = try tmux.command(["capture-pane", "-p", "-J"]).split(separator: "\n").map(String.init)
        let url = try #require(joined.first { $0.hasPrefix("https://") })
        #expect(url.count > 40, "\(url)")
        for line in joined where line != url && !line.contains("show '") {
            #expect(line.count <= 40, "\(line)")
        }
        #expect(joined.contains("A headline long enough to be wrapped at"), "\(joined)")
    }

    @Test("By uri and by address, plain and --json, hostile text made safe; an unknown article is exit 1")
    func show() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        var article = ArticleFactory.article(3, title: "Shown \u{1B}]2;PWNED\u{07}in full\u{202E}")
        article.kicker = "The Kicker"
        article.byline = "By Ann Writer"
        article.abstract = "The whole lead paragraph of the shown article."
        article.subsection = "politics"
        server.setBody(
            TopStoriesJSON.body(section: "world", articles: [ArticleFactory.article(1), article]),
            for: FakeNYTServer.topStoriesPath("world"))
        let stored = try await home.refresh(section: "world", from: server.baseURL)
        try #require(stored.status == 0, "\(stored.errorOutput)")

        let plain = try await home.run(["show", article.id.rawValue])
        #expect(plain.status == 0, "\(plain.errorOutput)")
        let lines = plain.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Shown in full")
        #expect(lines.contains("THE KICKER"))
        #expect(lines.contains("By Ann Writer"))
        #expect(lines.contains(article.url))
        #expect(lines.contains("The whole lead paragraph of the shown article."))
        #expect(lines.contains("read: no · saved: no"))
        #expect(!plain.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })

        let json = try await home.run(["show", article.url, "--json"])
        #expect(json.status == 0, "\(json.errorOutput)")
        let shown = try JSONDecoder().decode(ShownArticle.self, from: Data(json.output.utf8))
        #expect(shown.uri == article.id.rawValue)
        #expect(shown.title == "Shown in full")
        #expect(shown.kicker == "The Kicker")
        #expect(shown.subsection == "politics")
        #expect(shown.lead == "The whole lead paragraph of the shown article.")
        #expect(!shown.read && !shown.saved)

        // The address as people paste it: a share's query, a fragment, http, no www, spaces around it.
        let path = try #require(article.url.range(of: "nytimes.com/").map { String(article.url[$0.upperBound...]) })
        for pasted in [
            article.url + "?smid=nytcore-ios-share", article.url + "#comments", "http://www.nytimes.com/" + path,
            "https://nytimes.com/" + path, "  " + article.url + " ",
        ] {
            let found = try await home.run(["show", pasted, "--json"])
            #expect(found.status == 0, "\(pasted): \(found.errorOutput)")
            #expect(found.output.contains(article.id.rawValue), "\(pasted)")
        }

        let missing = try await home.run(["show", "nyt://article/not-cached"])
        #expect(missing.status == 1)
        #expect(missing.output.isEmpty)
        #expect(missing.errorOutput.contains("No cached article is nyt://article/not-cached"))
        let usage = try await home.run(["show", " "])
        #expect(usage.status == 64)
    }
}

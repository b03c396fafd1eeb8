import Foundation
import NewsCore
import TestSupport
import Testing

/// Titles, bylines and leads from the Big List of Naughty Strings and terminal attacks, through a real
/// refresh, out of every headless output: plain `list`, `list --json`, `search --json`. None may carry a
/// control, separator or bidi scalar, even after JSON decoding (`jq -r` would turn `\u001b` back into ESC).
@Suite("Naughty text on every headless output", .serialized, .timeLimit(.minutes(2)))
struct NaughtyOutputTests {
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: return true
        default: return false
        }
    }

    @Test("list, list --json and search --json hold no control or bidi scalar")
    func naughtyOutputs() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        let texts = NaughtyStrings.list + NaughtyStrings.terminalAttacks
        let articles = texts.enumerated().map { index, text in
            var article = ArticleFactory.article(index, title: "naughty \(text)")
            article.byline = "By \(text)"
            article.abstract = "Lead \(text)"
            article.section = text
            return article
        }
        server.setBody(TopStoriesJSON.body(section: "world", articles: articles), for: FakeNYTServer.topStoriesPath("world"))
        let refreshed = try await home.refresh(section: "world", from: server.baseURL)
        try #require(refreshed.status == 0, "\(refreshed.errorOutput)")

        let plain = try await home.run(["list", "--section", "world", "--limit", "5000"])
        #expect(plain.status == 0)
        let plainLines = plain.output.split(separator: "\n")
        #expect(plainLines.count > 500)
        let badPlain = plainLines.filter { $0.unicodeScalars.contains(where: Self.isForbidden) }
        #expect(badPlain.isEmpty, "\(badPlain.prefix(3).map(\.debugDescription))")

        let listed = try ListedArticle.decode(try await home.run(["list", "--section", "world", "--json", "--limit", "5000"]).output)
        let found = try ListedArticle.decode(try await home.run(["search", "naughty", "--json", "--limit", "5000"]).output)
        #expect(listed.count > 500)
        #expect(found.count > 400)
        for article in listed + found {
            for field in [article.uri, article.title, article.byline, article.section, article.url, article.lead] {
                #expect(!field.unicodeScalars.contains(where: Self.isForbidden), "\(field.debugDescription)")
            }
        }
    }
}

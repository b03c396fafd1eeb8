import Foundation
import NewsCore
import TerminalUI
import TestSupport
import Testing

/// Titles, bylines and leads from the Big List of Naughty Strings and terminal attacks, through a real
/// refresh, out of every headless output: plain `list`, `list --json`, `search --json`. None may carry a
/// control, separator or bidi scalar, even after JSON decoding (`jq -r` would turn `\u001b` back into ESC).
/// The time limit only catches a hang: alone the first test takes 2 s, beside the other suites on two cores
/// 111–131 s (it starts the program twice for each terminal attack).
@Suite("Naughty text on every headless output", .serialized, .timeLimit(.minutes(6)))
struct NaughtyOutputTests {
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
        let badPlain = plainLines.filter { $0.unicodeScalars.contains(where: NaughtyStrings.isUnsafe) }
        #expect(badPlain.isEmpty, "\(badPlain.prefix(3).map(\.debugDescription))")

        // Every string of every object, decoded (as jq -r would print it), not only the raw bytes.
        let listed = try Self.decodedStrings(try await home.run(["list", "--section", "world", "--json", "--limit", "5000"]).output)
        let found = try Self.decodedStrings(try await home.run(["search", "naughty", "--json", "--limit", "5000"]).output)
        #expect(listed.count > 500)
        #expect(found.count > 400)
        #expect(found.allSatisfy { $0["snippet"] != nil }, "search hits carry their snippet")
        for object in listed + found {
            for (field, value) in object {
                #expect(!value.unicodeScalars.contains(where: NaughtyStrings.isUnsafe), "\(field): \(value.debugDescription)")
            }
        }
        // The texts are still there, only cleaned: the title of a plain naughty string is whole.
        #expect(listed.contains { $0["title"] == "naughty " + "Ω≈ç√∫˜µ≤≥÷" })

        // One article in full, plain and as JSON: the terminal attacks in every field.
        for (offset, _) in NaughtyStrings.terminalAttacks.enumerated() {
            let uri = "nyt://article/test-\(NaughtyStrings.list.count + offset)"
            let plainShow = try await home.run(["show", uri])
            #expect(plainShow.status == 0, "\(plainShow.errorOutput)")
            #expect(!plainShow.output.split(separator: "\n").contains { $0.unicodeScalars.contains(where: NaughtyStrings.isUnsafe) })
            let shown = try #require(
                try JSONSerialization.jsonObject(with: Data(try await home.run(["show", uri, "--json"]).output.utf8)) as? [String: Any])
            for case (let field, let value as String) in shown {
                #expect(!value.unicodeScalars.contains(where: NaughtyStrings.isUnsafe), "show \(field): \(value.debugDescription)")
            }
        }
    }

    @Test("list lines up its titles in one column whatever the sections' characters (wide ones take two columns)")
    func sectionsOfWideCharacters() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        let sections = ["東京東京", "Averyverylongsection", "東京東京東京東京", "w", "é\u{301}t\u{E9}"]
        let articles = sections.enumerated().map { index, section in
            var article = ArticleFactory.article(index, title: "Title \(index)")
            article.section = section
            return article
        }
        server.setBody(TopStoriesJSON.body(section: "world", articles: articles), for: FakeNYTServer.topStoriesPath("world"))
        #expect(try await home.refresh(section: "world", from: server.baseURL).status == 0)
        let listed = try await home.run(["list", "--section", "world"])
        let lines = listed.output.split(separator: "\n")
        #expect(lines.count == sections.count, "\(listed.output)")
        let columns = Set(lines.map { line in DisplayWidth.of(String(line[..<line.range(of: "Title ")!.lowerBound])) })
        #expect(columns.count == 1, "titles start at columns \(columns.sorted()):\n\(listed.output)")
    }

    @Test("Error messages on stderr are terminal-safe, whatever text they repeat")
    func errorMessages() async throws {
        let home = try CliHome()
        for attack in NaughtyStrings.terminalAttacks {
            for arguments in [["show", attack], ["search", attack]] {
                let result = try await home.run(arguments)
                let lines = result.errorOutput.split(separator: "\n")
                if arguments[0] == "show" { #expect(result.status == 1 && !lines.isEmpty, "\(arguments.debugDescription) says why") }
                #expect(
                    !lines.contains { $0.unicodeScalars.contains(where: NaughtyStrings.isUnsafe) },
                    "\(arguments.debugDescription): \(result.errorOutput.debugDescription)")
            }
        }
    }

    @Test("refresh --query prints its summary terminal-safe, whatever the words hold")
    func querySummary() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        for attack in NaughtyStrings.terminalAttacks.prefix(6) {
            let result = try await home.run([
                "refresh", "--query", "elec" + attack, "--request-spacing", "0", "--api-base-url", server.baseURL.absoluteString,
            ])
            #expect(result.status == 0, "\(attack.debugDescription): \(result.errorOutput)")
            #expect(result.output.contains("search “elec"), "\(result.output.debugDescription)")
            #expect(
                !result.output.split(separator: "\n").contains { $0.unicodeScalars.contains(where: NaughtyStrings.isUnsafe) },
                "\(attack.debugDescription): \(result.output.debugDescription)")
        }
    }

    /// The string fields of each object of a JSON array, decoded.
    static func decodedStrings(_ output: String) throws -> [[String: String]] {
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        return objects.map { $0.compactMapValues { $0 as? String } }
    }
}

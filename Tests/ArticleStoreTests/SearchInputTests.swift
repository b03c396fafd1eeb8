import ArticleStore
import Foundation
import NewsCore
import TestSupport
import Testing

/// Whatever a person types, search answers (maybe nothing) and never fails on FTS5 syntax.
@Suite("Search input is never FTS syntax")
struct SearchInputTests {
    static func store() throws -> ArticleStore {
        let store = try ArticleStore(inMemoryWith: .standard)
        try store.apply(ArticleFactory.snapshot(.topStories(.world), 0..<20), origin: .network)
        return store
    }

    @Test(
        "Quotes, operators, column filters and a quote joined to a letter in one grapheme",
        arguments: [
            "\u{0D4E}\"", "ൎ\"abc", "\"", "\"\"\"", "a\"b", "*", "-", "NEAR(a b)", "a AND OR NOT b", "(((", "title:x", "^x",
            "a + b", "\u{0}", "\u{0D4E}\"\u{0D4E}\"", "e\u{301}\"", "👨‍👩‍👧\"", "x\u{200D}\"", "Article\"", "東\"京",
        ])
    func hostile(text: String) throws {
        _ = try Self.store().search(text, limit: 10)
    }

    @Test("Every naughty string and 2,000 seeded random strings of awkward scalars")
    func naughtyAndRandom() throws {
        let store = try Self.store()
        for text in NaughtyStrings.list + NaughtyStrings.terminalAttacks {
            _ = try store.search(text, limit: 5)
        }
        var random = SplitMix64(replaying: "NYTREADER_SEARCH_SEED")
        let pieces: [String] = [
            "\"", "*", "(", ")", ":", "^", "-", "+", "\u{0D4E}", "\u{301}", "\u{200D}", "a", "Z", "9", "東", "é", " ", "NEAR", "AND",
            "\u{0}", "😀",
        ]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 1...10, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            do {
                _ = try store.search(text, limit: 5)
            } catch {
                Issue.record("seed \(random.seed): \(text.debugDescription) → \(error)")
            }
        }
    }

    @Test("A word still finds its article when a quote is stuck to it")
    func quotedWordFinds() throws {
        let store = try Self.store()
        #expect(try store.search("Article\" 7", limit: 30).contains { $0.entry.article.title == "Article 7" })
    }
}

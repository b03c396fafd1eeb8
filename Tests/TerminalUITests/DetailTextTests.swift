import Foundation
import NewsCore
import ReaderViewModel
import TestSupport
import Testing

@_spi(Testing) @testable import TerminalUI

/// The detail pane makes lines only as far as it shows them, and the same lines as wrapping the whole text.
@Suite("Detail text made as far as it is shown")
struct DetailTextTests {
    static let dates = ArticleDateFormat(timeZone: TimeZone(identifier: "UTC")!)

    static func entry(lead: String, kicker: String = "") -> ArticleEntry {
        var article = ArticleFactory.article(0, title: "A headline")
        article.leadParagraph = lead
        article.kicker = kicker
        return ArticleEntry(article: article)
    }

    /// The lead paragraph's lines when the whole text is made: the lines after the header's last blank line.
    static func leadLines(_ text: DetailText) -> [String] {
        let lines = text.lines.map(\.text)
        let blank = lines.lastIndex(of: "") ?? -1
        return Array(lines[(blank + 1)...])
    }

    @Test("Made in chunks, the lines are those of the whole text made safe and wrapped at once", arguments: [7, 23, 80])
    func sameLines(width: Int) {
        // Long enough to cross many chunks; sequences, wide characters and clusters fall on their edges.
        let pieces =
            NaughtyStrings.list + NaughtyStrings.terminalAttacks + [
                String(repeating: "東京の新幹線 ", count: 150), "x\u{1B}]2;" + String(repeating: "a", count: 2_000) + "\u{07}y",
                "e" + String(repeating: "\u{301}", count: 100) + " zalgo", String(repeating: "👩‍💻🇫🇷", count: 300),
                String(repeating: " ", count: 3_000) + "after spaces", String(repeating: "W", count: 1_500),
            ]
        for shift in [0, 1, 2, 3] {
            let lead = String(repeating: "s", count: shift) + pieces.joined(separator: " ")
            var text = DetailText(entry: Self.entry(lead: lead), width: width, dateFormat: Self.dates)
            text.prepare(lineCount: .max)
            #expect(text.isComplete)
            #expect(Self.leadLines(text) == WordWrap.lines(lead.terminalSafe, width: width), "width \(width), shift \(shift)")
        }
    }

    @Test("The kicker is made safe, upper-cased and wrapped like the rest")
    func kicker() {
        var text = DetailText(entry: Self.entry(lead: "Lead.", kicker: "straße \u{1B}[31mcafé"), width: 40, dateFormat: Self.dates)
        text.prepare(lineCount: .max)
        #expect(text.lines.first == DetailLine(text: "STRASSE CAFÉ", style: TextStyle(role: .accent)))
    }

    @Test("A 5 MB lead paragraph: one page drawn makes a few lines, End makes them all")
    func hugeLead() {
        let lead = String(repeating: "A very long lead paragraph. ", count: 190_000)
        let entry = Self.entry(lead: lead)
        let texts = DetailTexts()
        var made = 0
        func make() -> DetailText {
            made += 1
            return DetailText(entry: entry, width: 60, dateFormat: Self.dates)
        }

        let first = texts.lines(for: entry, width: 60, from: 0, height: 40, make: make)
        #expect(first.lines.count == 40)
        #expect(first.scrollLimit == DetailText.unknownScrollLimit, "the end is not made")
        let page = texts.lines(for: entry, width: 60, from: 40, height: 40, make: make)
        // Six header lines (headline, blank, byline, date, address, blank), then the lead.
        let wrapped = WordWrap.lines(lead, width: 60)
        #expect(page.lines.map(\.text) == Array(wrapped[34..<74]))
        #expect(made == 1, "the text is kept between frames")
        var kept = DetailText(entry: entry, width: 60, dateFormat: Self.dates)
        kept.prepare(lineCount: 120)
        #expect(kept.lines.count < 200, "\(kept.lines.count) lines made for 120")

        // End: the view-model scrolls by the limit; the pane makes the rest and answers the real limit.
        let end = texts.lines(for: entry, width: 60, from: 40 + DetailText.unknownScrollLimit, height: 40, make: make)
        #expect(end.scrollLimit == 6 + wrapped.count - 40)
        #expect(end.lines.map(\.text) == Array(wrapped.suffix(40)))
        #expect(made == 1)
    }

    @Test("A short text is made whole on its first frame, so its scroll limit is exact")
    func shortText() {
        let texts = DetailTexts()
        let entry = Self.entry(lead: "One short paragraph.")
        let shown = texts.lines(for: entry, width: 40, from: 0, height: 4) { DetailText(entry: entry, width: 40, dateFormat: Self.dates) }
        #expect(shown.scrollLimit == 3, "7 lines (the address on one) in 4 rows")
        #expect(shown.lines.map(\.text) == ["A headline", "", "By Test Writer", "Thu 20 Nov 2025, 00:53 · World"])
    }

    @Test("The text of an article that changed, or of another width, is made again")
    func changedArticle() {
        let texts = DetailTexts()
        var entry = Self.entry(lead: "First lead.")
        var made = 0
        func make() -> DetailText {
            made += 1
            return DetailText(entry: entry, width: 40, dateFormat: Self.dates)
        }
        _ = texts.lines(for: entry, width: 40, from: 0, height: 20, make: make)
        entry.savedDate = Date(timeIntervalSince1970: 0)
        let saved = texts.lines(for: entry, width: 40, from: 0, height: 20, make: make)
        #expect(made == 2)
        #expect(saved.lines.contains { $0.text.hasSuffix("· saved") })
        _ = texts.lines(for: entry, width: 30, from: 0, height: 20, make: make)
        #expect(made == 3)
    }

    @Test("Texts made ahead are used when their article is drawn, and never push out the one drawn last")
    func madeAhead() {
        let texts = DetailTexts()
        let entries = (0..<6).map { index in
            var article = ArticleFactory.article(index, title: "Headline \(index)")
            article.leadParagraph = "Lead \(index)."
            return ArticleEntry(article: article)
        }
        var made: [Int] = []
        func lines(_ index: Int, ahead: Bool = false) -> [String] {
            texts.lines(for: entries[index], width: 40, from: 0, height: 10, keepingFirst: ahead) {
                made.append(index)
                return DetailText(entry: entries[index], width: 40, dateFormat: Self.dates)
            }.lines.map(\.text)
        }
        let drawn = lines(0)
        for index in 1...5 { _ = lines(index, ahead: true) }
        #expect(made == [0, 1, 2, 3, 4, 5])
        #expect(texts.holds(entries[0], width: 40), "the text drawn last stays")
        #expect(lines(0) == drawn)
        #expect(lines(5).first == "Headline 5", "the last made ahead is kept")
        #expect(made == [0, 1, 2, 3, 4, 5], "neither was made again")
    }
}

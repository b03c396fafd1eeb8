import Foundation
import NewsCore
import Testing

@testable import NYTAPI

/// Text fields of answers as the cache keeps them: entities decoded, control characters out, words kept apart.
@Suite("Control characters in NYT text")
struct NetworkTextTests {
    @Test(
        "A line loses every control, and escape sequences whole; a run between two words becomes one space",
        arguments: [
            ("Quake\u{0}Tokyo", "Quake Tokyo"),
            ("Quake\u{0} Tokyo", "Quake Tokyo"),
            ("Quake \u{0}\u{1}\u{1F}Tokyo", "Quake Tokyo"),
            ("\u{0}Lead\u{0}", "Lead"),
            ("Tab\there, line\nthere\r\nand\u{7F}DEL", "Tab here, line there and DEL"),
            ("\u{1B}[31mred\u{1B}[0m", "red"),
            ("Shown \u{1B}]2;PWNED\u{07}in full", "Shown in full"),
            ("Kick\u{9D}2;PWNED\u{07}er Wo\u{9B}2Jrld", "Kicker World"),
            ("C1 \u{9B}31mCSI\u{9D}0;title\u{9C} and OSC", "C1 CSI and OSC"),
            ("AT&amp;T&#0;Verizon &#10;&#27;[1mx", "AT&T Verizon x"),
            ("東京\u{0}大阪", "東京 大阪"),
            ("café — “quoted” 😀 \u{85}\u{9B}", "café — “quoted” 😀 "),
            ("right\u{202E}left", "right\u{202E}left"),
            ("", ""),
            ("\u{0}\u{0}", ""),
        ])
    func line(text: String, expected: String) {
        #expect(NetworkText.line(text) == expected)
    }

    @Test(
        "A paragraph keeps its line feeds and loses the other controls",
        arguments: [
            ("First.\nSecond.", "First.\nSecond."),
            ("First.\r\nSecond.\u{0}", "First.\nSecond."),
            ("a\u{0}b\tc\n\u{0}d", "a b c\nd"),
        ])
    func paragraph(text: String, expected: String) {
        #expect(NetworkText.paragraph(text) == expected)
    }

    static func topStories(_ item: String) throws -> [Article] {
        let body = #"{"status":"OK","results":[\#(item),{"uri":"nyt://article/other","title":"Other"}]}"#
        return try NYTClient.decodeTopStories(Data(body.utf8), section: .world, fetchedDate: Date(timeIntervalSince1970: 0)).articles
    }

    @Test("Decoded from JSON, `\\u0000` and the other escaped controls never reach an article")
    func throughTheMapping() throws {
        let item =
            #"{"uri":"nyt://article/nul","url":"https://www.nytimes.com/nul.html","title":"Quake\u0000Tokyo \u0007Shaken","#
            + #""abstract":"Line one\u0000.\nLine two\u001b","byline":"By A\tB","section":"wor\u0000ld","kicker":"K\u007f","#
            + #""multimedia":[{"url":"https://static01.nyt.com/x\u0000.jpg","format":"Large Thumbnail"}]}"#
        let article = try #require(try Self.topStories(item).first)
        #expect(article.title == "Quake Tokyo Shaken")
        #expect(article.title.utf8.count == 18)
        #expect(article.abstract == "Line one .\nLine two")
        #expect(article.leadParagraph == article.abstract)
        #expect(article.byline == "By A B")
        #expect(article.section == "wor ld")
        #expect(article.kicker == "K")
        #expect(article.url == "https://www.nytimes.com/nul.html")
        #expect(article.thumbnailURL == nil, "an address with a control is dropped, not repaired")
        let fields = [article.title, article.abstract, article.leadParagraph, article.byline, article.section, article.kicker]
        #expect(fields.allSatisfy { $0.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F || $0 == "\n" } })
    }

    @Test(
        "A uri with a control is refused (the item is skipped), an address with one dropped; a title of controls, or of nothing visible, is no title"
    )
    func identifiers() throws {
        let skipped = try Self.topStories(#"{"uri":"nyt://article/a\u0000b","title":"Uri with NUL"}"#)
        #expect(skipped.map(\.id.rawValue) == ["nyt://article/other"])
        let untitled = try Self.topStories(#"{"uri":"nyt://article/u","title":"\u0000\t\n"}"#)
        #expect(untitled.map(\.id.rawValue) == ["nyt://article/other"])
        // Nothing a terminal would show: zero-width spaces, a bidi override, a byte-order mark, a soft hyphen,
        // a combining accent alone, a variation selector.
        for invisible in [#"\u200b\u200b"#, #"\u202e"#, #"\ufeff"#, #"\u00ad"#, #"\u0301"#, #" \ufe0f "#] {
            let item = #"{"uri":"nyt://article/u","title":"\#(invisible)"}"#
            #expect(try Self.topStories(item).map(\.id.rawValue) == ["nyt://article/other"], "\(invisible)")
        }
        #expect(try Self.topStories(#"{"uri":"nyt://article/u","title":"e\u0301"}"#).count == 2, "a mark on a letter is a title")
        let addressed = try Self.topStories(#"{"uri":"nyt://article/a","url":"https://www.nytimes.com/\u0000a.html","title":"A"}"#)
        #expect(addressed.first?.url == "")
        for refused in ["javascript:alert(1)", "file:///etc/passwd", "data:text/html,x", "https://" + String(repeating: "a", count: 2_100)]
        {
            let item = #"{"uri":"nyt://article/a","url":"\#(refused)","title":"A"}"#
            #expect(try Self.topStories(item).first?.url == "", "\(refused.prefix(30))")
        }
        let elsewhere = try Self.topStories(#"{"uri":"nyt://article/a","url":"https://example.com/a.html","title":"A"}"#)
        #expect(elsewhere.first?.url == "https://example.com/a.html", "an address elsewhere is shown, only not opened")
    }

    @Test("The lead paragraph is the first of lead, abstract, snippet that is not blank once its controls are out")
    func leadAfterCleaning() throws {
        let body =
            #"{"status":"OK","response":{"docs":[{"uri":"nyt://article/s","headline":{"main":"S"},"lead_paragraph":"\u0000\u0001","abstract":"","snippet":"Snip\u0000pet"}]}}"#
        let page = try NYTClient.decodeArticleSearch(Data(body.utf8), fetchedDate: Date(timeIntervalSince1970: 0))
        #expect(page.articles.first?.leadParagraph == "Snip pet")
    }

    @Test("A title of ASCII space, a line break or a format character alone is blank; a letter or a mark on one is not")
    func blankTitles() throws {
        for (title, kept) in [
            (#"" \t ""#, false), (#""\u00a0\u200b""#, false), (#"" . ""#, true), (#""~""#, true), (#""e\u0301""#, true),
            (#""\u0301""#, false), (#""\u6771""#, true),
        ] {
            let stories = try Self.topStories(#"{"uri":"nyt://article/a","url":"https://www.nytimes.com/a.html","title":"# + title + "}")
            #expect(stories.contains { $0.id.rawValue == "nyt://article/a" } == kept, "\(title)")
        }
        // The ASCII answers `isBlank` gives without the Unicode tables are the tables' answers.
        for value in UInt8(0)...0x7F {
            let properties = Unicode.Scalar(value).properties
            let blank =
                properties.isWhitespace || properties.isDefaultIgnorableCodePoint
                || [.format, .control, .nonspacingMark, .enclosingMark].contains(properties.generalCategory)
            #expect(blank == (value <= 0x20 || value == 0x7F), "\(value)")
        }
    }
}

import TerminalUI
import Testing

@Suite("Display width")
struct DisplayWidthTests {
    @Test("Widths of ASCII, accents, CJK, emoji and combining marks")
    func widths() {
        #expect(DisplayWidth.of("Hello") == 5)
        #expect(DisplayWidth.of("Søren Café") == 10)
        #expect(DisplayWidth.of("新幹線") == 6)
        #expect(DisplayWidth.of("😀") == 2)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("👨‍👩‍👧") == 2)
        #expect(DisplayWidth.of("한국어") == 6)
    }

    @Test("Cutting never splits a wide character and ends with an ellipsis")
    func cutting() {
        #expect(DisplayWidth.prefix("Hello, world", fitting: 8) == ("Hello, …", 8))
        #expect(DisplayWidth.prefix("Hello", fitting: 5) == ("Hello", 5))
        #expect(DisplayWidth.prefix("新幹線が走る", fitting: 6) == ("新幹…", 5))
        #expect(DisplayWidth.prefix("新幹線が走る", fitting: 7) == ("新幹線…", 7))
        #expect(DisplayWidth.prefix("Cafe\u{301} au lait", fitting: 5) == ("Cafe\u{301}…", 5))
        #expect(DisplayWidth.prefix("anything", fitting: 0) == ("", 0))
    }
}

@Suite("Word wrap")
struct WordWrapTests {
    @Test("Wraps at spaces within the width")
    func spaces() {
        let lines = WordWrap.lines("The quick brown fox jumps over the lazy dog", width: 12)
        #expect(lines == ["The quick", "brown fox", "jumps over", "the lazy dog"])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 12 })
    }

    @Test("CJK text without spaces breaks between characters by width")
    func cjk() {
        let lines = WordWrap.lines("日本の新幹線は六十年以上走り続けている", width: 10)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 10 })
        #expect(lines.joined() == "日本の新幹線は六十年以上走り続けている")
        #expect(lines.first == "日本の新幹")
    }

    @Test("A word longer than the line is broken")
    func longWord() {
        let lines = WordWrap.lines("https://www.nytimes.com/2026/11/20/world/europe/long.html", width: 20)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 20 })
        #expect(lines.joined() == "https://www.nytimes.com/2026/11/20/world/europe/long.html")
    }
}

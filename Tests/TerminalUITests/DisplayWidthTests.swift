@_spi(Testing) import TerminalUI
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
        #expect(DisplayWidth.of("👨‍👩‍👧") == 6)
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

@Suite("Display width of graphemes")
struct GraphemeWidthTests {
    /// Widths as glibc's wcwidth (what ncursesw lays out by) and tmux 3.3a both draw them: measured with
    /// wcswidth and with tmux's cursor after printing each sequence (the joiner is not drawn, see `isDrawn`).
    static let emojiWidths: [(String, Int)] = [
        ("❤️", 1), ("☀️", 1), ("1️⃣", 1), ("🇫🇷", 2), ("🇯🇵", 2), ("👍🏽", 4), ("👩‍💻", 4), ("👨‍👩‍👧", 6), ("🎉", 2), ("❤", 1),
    ]

    @Test("Emoji presentation sequences are as wide as curses and tmux draw them", arguments: emojiWidths)
    func emoji(_ sequence: String, _ width: Int) {
        #expect(DisplayWidth.of(sequence) == width)
        #expect(DisplayWidth.of(Character(sequence)) == width)
        #expect(DisplayWidth.of("a\(sequence)b") == width + 2)
    }

    @Test("A list row keeps its separator column whatever emoji sequence the title holds", arguments: emojiWidths)
    func rowWithEmoji(_ sequence: String, _ width: Int) {
        let screen = GridScreen(rows: 1, columns: 12)
        let title = DisplayWidth.prefix("\(sequence)\(sequence)\(sequence)\(sequence)xyz", fitting: 9)
        #expect(title.width <= 9)
        screen.draw(title.text, row: 0, column: 0, style: .plain)
        screen.draw("│", row: 0, column: 10, style: .plain)
        #expect(screen.cell(row: 0, column: 10) == "│")
        // The cells the title took are exactly its counted width.
        let used = (0..<12).filter { screen.cell(row: 0, column: $0) != " " }.count
        #expect(used == title.width + 1)
    }

    @Test("The zero-width joiner is not drawn; the emoji it joined are drawn side by side")
    func joinerNotDrawn() {
        let screen = GridScreen(rows: 1, columns: 10)
        screen.draw("👩‍💻|", row: 0, column: 0, style: .plain)
        #expect(screen.lines == ["👩💻|"])
        #expect(screen.cell(row: 0, column: 4) == "|")
        screen.erase()
        screen.draw("1️⃣❤️|", row: 0, column: 0, style: .plain)
        #expect(screen.cell(row: 0, column: 0) == "1️⃣")
        #expect(screen.cell(row: 0, column: 1) == "❤️")
        #expect(screen.cell(row: 0, column: 2) == "|")
        #expect(!DisplayWidth.isDrawn("\u{200D}"))
        #expect(DisplayWidth.isDrawn("\u{FE0F}"))
    }

    @Test("Combining marks and zero-width characters take no column")
    func combining() {
        #expect(DisplayWidth.of("n\u{303}") == 1)
        #expect(DisplayWidth.of("a\u{20DD}") == 1)
        #expect(DisplayWidth.of("a\u{200B}b") == 2)
        #expect(DisplayWidth.of("Ä\u{308}\u{301}") == 1)
        #expect(DisplayWidth.of("각") == 2)
        #expect(DisplayWidth.of("\u{1100}\u{1161}\u{11A8}") == 2)
    }

    @Test("Cutting keeps a ZWJ sequence, a flag or a combining mark whole")
    func cuttingGraphemes() {
        #expect(DisplayWidth.prefix("ab👨‍👩‍👧cd", fitting: 9) == ("ab👨‍👩‍👧…", 9))
        #expect(DisplayWidth.prefix("ab👨‍👩‍👧cd", fitting: 8) == ("ab…", 3))
        #expect(DisplayWidth.prefix("ab👍🏽cd", fitting: 6) == ("ab…", 3))
        #expect(DisplayWidth.prefix("ab❤️❤️cd", fitting: 5) == ("ab❤️❤️…", 5))
        #expect(DisplayWidth.prefix("🇯🇵🇫🇷🇩🇪", fitting: 5) == ("🇯🇵🇫🇷…", 5))
        #expect(DisplayWidth.prefix("e\u{301}e\u{301}e\u{301}", fitting: 2) == ("e\u{301}…", 2))
        #expect(DisplayWidth.prefix("日本", fitting: 1) == ("…", 1))
        #expect(DisplayWidth.prefix("日本", fitting: 3, ellipsis: false) == ("日", 2))
        #expect(DisplayWidth.prefix("Hello", fitting: 3, ellipsis: false) == ("Hel", 3))
    }

    @Test("The in-memory screen puts a wide character in two cells and never half of one at the edge")
    func gridCells() {
        let screen = GridScreen(rows: 1, columns: 5)
        screen.draw("a日本", row: 0, column: 0, style: .plain)
        #expect(screen.cell(row: 0, column: 1) == "日")
        #expect(screen.cell(row: 0, column: 2) == "")
        #expect(screen.cell(row: 0, column: 3) == "本")
        screen.erase()
        screen.draw("ab日本", row: 0, column: 0, style: .plain)
        #expect(screen.lines == ["ab日"], "本 would need a sixth column")
    }
}

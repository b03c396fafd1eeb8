import NewsCore
import Testing

@Suite("Text helpers without Foundation")
struct TextHelperTests {
    @Test(
        "Fixed decimals round half away from zero, with the zeros kept",
        arguments: [
            (14.25, 1, "14.3"), (0.05, 1, "0.1"), (2.0, 1, "2.0"), (-1.25, 1, "-1.3"), (-0.04, 1, "0.0"), (999.96, 1, "1000.0"),
            (3.14159, 2, "3.14"), (7.5, 0, "8"), (0.001, 3, "0.001"),
        ])
    func fixed(value: Double, digits: Int, expected: String) {
        #expect(DecimalText.fixed(value, digits: digits) == expected)
    }

    @Test("Fixed decimals grouped: the thousands of the whole part by commas")
    func fixedGrouped() {
        #expect(DecimalText.fixed(2930.64, digits: 1, grouped: true) == "2,930.6")
        #expect(DecimalText.fixed(999.96, digits: 1, grouped: true) == "1,000.0")
        #expect(DecimalText.fixed(-1234567.5, digits: 0, grouped: true) == "-1,234,568")
        #expect(DecimalText.fixed(12.5, digits: 1, grouped: true) == "12.5")
    }

    @Test("Brief numbers drop a zero fraction")
    func brief() {
        #expect(DecimalText.brief(15) == "15")
        #expect(DecimalText.brief(2.5) == "2.5")
        #expect(DecimalText.brief(0.25) == "0.25")
        #expect(DecimalText.brief(.infinity) == "inf")
    }

    @Test("Zeros before a number up to a width; a longer number stays whole")
    func zeroPadded() {
        #expect(DecimalText.zeroPadded(7, width: 2) == "07")
        #expect(DecimalText.zeroPadded(2024, width: 4) == "2024")
        #expect(DecimalText.zeroPadded(5, width: 3) == "005")
        #expect(DecimalText.zeroPadded(12345, width: 2) == "12345")
        #expect(CivilCalendar.isoDate(ofDay: 0) == "1970-01-01")
        #expect(CivilCalendar.isoDate(ofDay: 19_783) == "2024-03-01")
    }

    @Test(
        "The parent of a path",
        arguments: [
            ("/a/b/c", "/a/b"), ("/a/b/c/", "/a/b"), ("/a", "/"), ("/", "/"), ("c", ""), ("a/b", "a"), ("//a//b", "//a"), ("", ""),
        ])
    func parent(path: String, expected: String) {
        #expect(PathText.parent(of: path) == expected)
    }

    @Test("Trimming white space at both ends, padding to a width")
    func trimmingAndPadding() {
        #expect("  climate \t\n".trimmed() == "climate")
        #expect(" \u{3000}東京\u{00A0}".trimmed() == "東京")
        #expect(" \n\t ".trimmed() == "")
        #expect("a b".trimmed() == "a b")
        #expect(" \t120\u{00A0}\t".trimmed(where: { $0 == " " || $0 == "\t" }) == "120\u{00A0}")
        #expect("  a b  ".trimmingTrailingSpaces() == "  a b")
        #expect("a\t ".trimmingTrailingSpaces() == "a\t")
        #expect("   ".trimmingTrailingSpaces() == "")
        #expect("World".padded(to: 8) == "World   ")
        #expect("Technology".padded(to: 4) == "Technology")
    }
}

import NewsCore
import Testing

@Suite("Archive months and ranges")
struct ArchiveMonthTests {
    /// November 2026.
    static let latest = ArchiveMonth(containingDay: 20_780)

    static func months(_ text: String) -> [String]? {
        ArchiveMonth.months(text, latest: latest)?.map(\.description)
    }

    @Test("A month, a year, a range of either, oldest first")
    func ranges() {
        #expect(Self.latest.description == "2026-11")
        #expect(Self.months("2024-03") == ["2024-03"])
        #expect(Self.months("2024")?.count == 12)
        let months2026: [String] = (1...11).map { (month: Int) -> String in month < 10 ? "2026-0\(month)" : "2026-\(month)" }
        #expect(Self.months("2026") == months2026)
        #expect(Self.months("2019-11..2020-02") == ["2019-11", "2019-12", "2020-01", "2020-02"])
        #expect(Self.months("2019..2020")?.count == 24)
        #expect(Self.months("1851-01") == ["1851-01"])
    }

    @Test(
        "Not months: before 1851, after this month, backwards, malformed",
        arguments: [
            "1850-12", "2026-12", "2027", "2024-13", "2024-00", "2024-3", "24-03", "2020..2019", "2024-03..", "..2024",
            "2024-03..2024-04..2024-05", "２０２４-03", "+024-03", "",
        ])
    func rejected(text: String) {
        #expect(Self.months(text) == nil)
    }

    @Test("An archive month's feed: key, title, read back from its key")
    func feed() throws {
        let month = try #require(ArchiveMonth("2024-03", latest: Self.latest))
        #expect(Feed.archive(month).key == "archive:2024-03")
        #expect(Feed.archive(month).title == "March 2024")
        #expect(Feed.archive(month).kind == .archive)
        #expect(Feed(key: "archive:2024-03") == .archive(month))
        #expect(month.next.description == "2024-04")
        #expect(ArchiveMonth("2024-12", latest: Self.latest)?.next.description == "2025-01")
    }
}

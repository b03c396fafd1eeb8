/// A calendar day a search is limited to: a real Gregorian day from 1851 (the NYT's first year) to next
/// year, read from `YYYY-MM-DD` (ASCII digits only: no sign, no spaces) and sent as `YYYYMMDD`.
public struct SearchDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The first year the NYT has articles for.
    public static let firstYear = 1851

    /// The day `text` names, when it is `YYYY-MM-DD`, real, and within 1851 … `latestYear`.
    public init?(_ text: String, latestYear: Int) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            (Self.firstYear...latestYear).contains(year), (1...12).contains(month),
            (1...CivilCalendar.days(inMonth: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day an Article Search date names as the API takes it (`20240131`), when it is a real one.
    public init?(apiValue: String) {
        let bytes = Array(apiValue.utf8)
        guard bytes.count == 8 else { return nil }
        let text =
            String(decoding: bytes[0..<4], as: UTF8.self) + "-" + String(decoding: bytes[4..<6], as: UTF8.self)
            + "-" + String(decoding: bytes[6..<8], as: UTF8.self)
        self.init(text, latestYear: 9_999)
    }

    /// `YYYYMMDD`, as the Article Search API takes it.
    public var apiValue: String {
        pad(year, 4) + pad(month, 2) + pad(day, 2)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    public static func < (lhs: SearchDay, rhs: SearchDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The latest year a search may name: the year after the one `secondsSince1970` falls in (UTC).
    public static func latestYear(at secondsSince1970: Double) -> Int {
        CivilCalendar.year(ofDay: CivilCalendar.day(atSeconds: secondsSince1970)) + 1
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        DecimalText.zeroPadded(value, width: width)
    }
}

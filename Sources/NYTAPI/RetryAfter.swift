import FoundationEssentials
import NewsCore

/// The `Retry-After` of a 429, bounded before anything uses it: a number of seconds or an HTTP date
/// (`Wed, 21 Oct 2026 07:28:00 GMT`), clamped to 1 s … 1 h. A server cannot make the program wait
/// forever, or trap on arithmetic with a huge value.
public enum RetryAfter {
    /// The shortest and longest waits a server can ask for.
    public static let bounds = 1...3_600

    /// The wait `value` asks for, in whole seconds within `bounds`; nil when it is neither a number nor an
    /// HTTP date.
    public static func seconds(_ value: String, now: Date) -> Int? {
        let text = value.trimmed(where: { $0 == " " || $0 == "\t" })
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // More digits than an Int holds is still "very long": the upper bound.
            return clamp(Int(text) ?? bounds.upperBound)
        }
        guard let date = HTTPDate.parse(text) else { return nil }
        let seconds = date.timeIntervalSince(now)
        guard seconds.isFinite else { return nil }
        return clamp(Int(max(Double(bounds.lowerBound), min(Double(bounds.upperBound), seconds.rounded(.up)))))
    }

    /// `seconds` within `bounds`.
    public static func clamp(_ seconds: Int) -> Int {
        min(max(seconds, bounds.lowerBound), bounds.upperBound)
    }
}

/// The IMF-fixdate form of HTTP dates (RFC 9110): `Sun, 06 Nov 1994 08:49:37 GMT`, read without a
/// locale-dependent formatter.
enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].count == 4, parts[0].hasSuffix(","), parts[5] == "GMT",
            let day = Int(parts[1]), (1...31).contains(day),
            let month = months.firstIndex(of: String(parts[2])).map({ $0 + 1 }),
            parts[3].count == 4, let year = Int(parts[3]), (1970...9999).contains(year)
        else { return nil }
        let clock = parts[4].split(separator: ":")
        guard clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }
}

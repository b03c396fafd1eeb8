import FoundationEssentials
import NewsCore

/// Parses the NYT's ISO 8601 timestamps in both forms it sends:
/// `2024-05-01T05:00:03-04:00` (Top Stories) and `2024-01-05T10:00:00+0000` (Article Search),
/// with optional fractional seconds and `Z`. A day that does not exist (`2026-02-30`), a year before the
/// NYT's first or after next year (`0001`, `9999`), or an offset beyond ±14 hours is no date: the field
/// is then read as missing, and the article takes another of its dates.
enum NYTDate {
    /// The last year a date may name: next year, as of the program's start.
    static let latestYear = CivilCalendar.year(ofDay: CivilCalendar.day(atSeconds: Date().timeIntervalSince1970)) + 1

    static func parse(_ text: String) -> Date? {
        parse(text) { _ in 0 }
    }

    /// `parse`, with a time written without an offset read as New York's (`NewYorkTime`): Most Popular's
    /// `updated` (`2026-11-20 08:14:02`). A day alone is its noon UTC, as in `parse`.
    static func parseNewYork(_ text: String) -> Date? {
        parse(text, localOffset: NewYorkTime.offset(atLocalSeconds:))
    }

    /// `localOffset` gives the offset east of UTC, in seconds, of a time written without one, from that
    /// time read as UTC.
    private static func parse(_ text: String, localOffset: (Int) -> Int) -> Date? {
        var text = text
        return text.withUTF8 { parse(utf8: $0, localOffset: localOffset) }
    }

    private static func parse(utf8: UnsafeBufferPointer<UInt8>, localOffset: (Int) -> Int) -> Date? {
        var cursor = Cursor(bytes: utf8)
        guard utf8.count >= 10, let year = cursor.number(4), cursor.expect(0x2D), let month = cursor.number(2),
            cursor.expect(0x2D), let day = cursor.number(2), (SearchDay.firstYear...latestYear).contains(year),
            (1...12).contains(month), (1...CivilCalendar.days(inMonth: month, year: year)).contains(day)
        else { return nil }
        // A day without a time (Most Popular's `published_date`) is its noon UTC (`DayOnlyTime`).
        var hour = cursor.atEnd ? DayOnlyTime.hour : 0
        var minute = 0
        var second = 0
        var fraction = 0.0
        var offsetSeconds: Int? = cursor.atEnd ? 0 : nil
        if !cursor.atEnd {
            guard cursor.expect(0x54) || cursor.expect(0x20),  // "T" or " "
                let h = cursor.number(2), cursor.expect(0x3A), let m = cursor.number(2)
            else { return nil }
            hour = h
            minute = m
            if cursor.expect(0x3A) {
                guard let s = cursor.number(2) else { return nil }
                second = s
            }
            if cursor.expect(0x2E) {  // "."
                var scale = 0.1
                while let digit = cursor.digit() {
                    fraction += Double(digit) * scale
                    scale /= 10
                }
            }
            if cursor.expect(0x5A) {  // "Z"
                offsetSeconds = 0
            } else if !cursor.atEnd {
                let sign: Int
                if cursor.expect(0x2B) { sign = 1 } else if cursor.expect(0x2D) { sign = -1 } else { return nil }
                guard let offsetHours = cursor.number(2), offsetHours <= 14 else { return nil }
                _ = cursor.expect(0x3A)
                let offsetMinutes = cursor.number(2) ?? 0
                guard offsetMinutes < 60 else { return nil }
                offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
            }
            guard cursor.atEnd, hour < 24, minute < 60, second < 61 else { return nil }
        }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let written = days * 86_400 + hour * 3600 + minute * 60 + second
        let seconds = written - (offsetSeconds ?? localOffset(written))
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// A position in the bytes of a timestamp.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var atEnd: Bool { index >= bytes.count }

        /// The next byte as a digit, consumed, when it is one.
        mutating func digit() -> Int? {
            guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else { return nil }
            index += 1
            return Int(bytes[index - 1] - 0x30)
        }

        /// The next `digits` bytes as a decimal number.
        mutating func number(_ digits: Int) -> Int? {
            var value = 0
            for _ in 0..<digits {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }

        /// Consumes `byte` when it is next.
        mutating func expect(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
    }
}

import FoundationEssentials
import NewsCore

/// Parses the NYT's ISO 8601 timestamps in both forms it sends:
/// `2024-05-01T05:00:03-04:00` (Top Stories) and `2024-01-05T10:00:00+0000` (Article Search),
/// with optional fractional seconds and `Z`.
enum NYTDate {
    static func parse(_ text: String) -> Date? {
        var utf8 = Array(text.utf8)
        guard utf8.count >= 10 else { return nil }
        var index = 0

        func number(_ digits: Int) -> Int? {
            guard index + digits <= utf8.count else { return nil }
            var value = 0
            for _ in 0..<digits {
                let byte = utf8[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
                index += 1
            }
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < utf8.count, utf8[index] == byte else { return false }
            index += 1
            return true
        }

        guard let year = number(4), expect(0x2D), let month = number(2), expect(0x2D), let day = number(2),
              (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var hour = 0, minute = 0, second = 0
        var fraction = 0.0
        var offsetSeconds = 0
        if index < utf8.count {
            guard expect(0x54) || expect(0x20),  // "T" or " "
                  let h = number(2), expect(0x3A), let m = number(2)
            else { return nil }
            hour = h
            minute = m
            if expect(0x3A) {
                guard let s = number(2) else { return nil }
                second = s
            }
            if expect(0x2E) {  // "."
                var scale = 0.1
                while index < utf8.count, utf8[index] >= 0x30, utf8[index] <= 0x39 {
                    fraction += Double(utf8[index] - 0x30) * scale
                    scale /= 10
                    index += 1
                }
            }
            if index < utf8.count {
                if expect(0x5A) {  // "Z"
                    offsetSeconds = 0
                } else {
                    let sign: Int
                    if expect(0x2B) { sign = 1 } else if expect(0x2D) { sign = -1 } else { return nil }
                    guard let offsetHours = number(2) else { return nil }
                    _ = expect(0x3A)
                    let offsetMinutes = number(2) ?? 0
                    offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
                }
            }
            guard index == utf8.count, hour < 24, minute < 60, second < 61 else { return nil }
        }
        utf8.removeAll()
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}

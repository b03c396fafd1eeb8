import FoundationEssentials
import NewsCore

#if canImport(Glibc)
    import Glibc
#endif

/// The detail pane's date, e.g. `Mon 23 Nov 2026, 05:32`, always in English.
///
/// Formatted by hand from the C library's broken-down time instead of a `DateFormatter`: a formatter, and
/// `TimeZone.current`, make Foundation load ICU's locale and time-zone data, resident memory the reader
/// otherwise never needs (measured in docs/performance.md).
public struct ArticleDateFormat: Sendable {
    /// nil: the system's local time (`TZ`, else `/etc/localtime`), as the C library sees it.
    let timeZone: TimeZone?

    public init(timeZone: TimeZone?) {
        self.timeZone = timeZone
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public func string(from date: Date) -> String {
        let parts = brokenDown(date)
        let weekday = Self.weekdays[Int(parts.tm_wday)]
        let month = Self.months[Int(parts.tm_mon)]
        return
            "\(weekday) \(parts.tm_mday) \(month) \(1_900 + parts.tm_year), \(Self.twoDigits(parts.tm_hour)):\(Self.twoDigits(parts.tm_min))"
    }

    /// `2026-11-23 05:32`, as `list` and `search` print it.
    public func numeric(from date: Date) -> String {
        let parts = brokenDown(date)
        return "\(1_900 + parts.tm_year)-\(Self.twoDigits(parts.tm_mon + 1))-\(Self.twoDigits(parts.tm_mday)) "
            + "\(Self.twoDigits(parts.tm_hour)):\(Self.twoDigits(parts.tm_min))"
    }

    private func brokenDown(_ date: Date) -> tm {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        // Both fail (EOVERFLOW) only for a year past what an Int32 holds; dates come with four-digit years.
        if let timeZone {
            seconds += time_t(timeZone.secondsFromGMT(for: date))
            _ = gmtime_r(&seconds, &parts)
        } else {
            _ = localtime_r(&seconds, &parts)
        }
        return parts
    }

    private static func twoDigits(_ value: Int32) -> String {
        DecimalText.zeroPadded(Int(value), width: 2)
    }
}

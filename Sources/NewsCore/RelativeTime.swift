import FoundationEssentials

/// Spans of time for people: ages for list rows and the status line (`5m`, `5 min ago`) and waits
/// (`12 s`, `2 min`, `1 h`).
public enum RelativeTime {
    /// Short ages for list rows, three columns at most: `now`, `5m`, `3h`, `2d`, `6w`, `2y`; from a hundred
    /// years on, the century written (`C19` for 1860), as a hit of Article Search can be that old.
    public static func short(from date: Date, to now: Date) -> String {
        let seconds = max(0, now.timeIntervalSince(date))
        switch seconds {
        case ..<60: return "now"
        case ..<3600: return "\(Int(seconds / 60))m"
        case ..<86_400: return "\(Int(seconds / 3600))h"
        case ..<(14 * 86_400): return "\(Int(seconds / 86_400))d"
        case ..<(100 * 7 * 86_400): return "\(Int(seconds / (7 * 86_400)))w"
        case ..<(100 * 365 * 86_400): return "\(Int(seconds / (365 * 86_400)))y"
        default: return "C\(CivilCalendar.year(ofDay: CivilCalendar.day(atSeconds: date.timeIntervalSince1970)) / 100 + 1)"
        }
    }

    /// Words for the status line: `just now`, `5 min ago`, `3 h ago`, `2 days ago`.
    public static func phrase(from date: Date, to now: Date) -> String {
        let seconds = max(0, now.timeIntervalSince(date))
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(Int(seconds / 60)) min ago"
        case ..<86_400: return "\(Int(seconds / 3600)) h ago"
        case ..<(2 * 86_400): return "1 day ago"
        default: return "\(Int(seconds / 86_400)) days ago"
        }
    }

    /// A wait (`try again in …`): seconds under a minute (`12 s`), then the nearest whole minutes
    /// (`2 min`), hours (`1 h`) or days (`3 days`).
    public static func duration(seconds: Int) -> String {
        let seconds = max(0, seconds)
        if seconds < 60 { return "\(seconds) s" }
        let minutes = nearest(seconds, unit: 60)
        if minutes < 60 { return "\(minutes) min" }
        let hours = nearest(seconds, unit: 3_600)
        if hours < 48 { return "\(hours) h" }
        return "\(nearest(seconds, unit: 86_400)) days"
    }

    /// `value` in whole `unit`s, halves rounded up (no overflow, whatever `value`).
    private static func nearest(_ value: Int, unit: Int) -> Int {
        value / unit + (value % unit >= unit - unit / 2 ? 1 : 0)
    }
}

import FoundationEssentials

/// Short ages for list rows and the status line: `now`, `5m`, `3h`, `2d`, `6w`, `2y`.
@_spi(Testing) public enum RelativeTime {
    public static func short(from date: Date, to now: Date) -> String {
        let seconds = max(0, now.timeIntervalSince(date))
        switch seconds {
        case ..<60: return "now"
        case ..<3600: return "\(Int(seconds / 60))m"
        case ..<86_400: return "\(Int(seconds / 3600))h"
        case ..<(14 * 86_400): return "\(Int(seconds / 86_400))d"
        case ..<(100 * 7 * 86_400): return "\(Int(seconds / (7 * 86_400)))w"
        default: return "\(Int(seconds / (365 * 86_400)))y"
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
}

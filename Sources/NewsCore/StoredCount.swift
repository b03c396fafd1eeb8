/// A count read back from the cache (articles, unread ones, pages, bytes), bounded: a damaged cache or
/// another program may have written any integer there, and a negative count or one near `Int.max` would
/// make ranges that trap and sums that overflow. No real count comes near the bound (the whole NYT is
/// about 15 million articles; a month's answer at most 256 MB).
public enum StoredCount {
    /// The largest count kept.
    public static let maximum = Int(Int32.max)

    /// `value` within 0 … `maximum`.
    public static func bounded(_ value: Int) -> Int {
        min(max(0, value), maximum)
    }
}

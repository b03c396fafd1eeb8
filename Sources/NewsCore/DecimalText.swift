/// Numbers as text for people, without a locale (the same on every machine).
public enum DecimalText {
    /// `value` with exactly `digits` decimals, rounded half away from zero: `fixed(14.25, digits: 1)` is `14.3`;
    /// with `grouped`, its thousands grouped by commas as `GroupedCount` groups them (`2,930.6`).
    public static func fixed(_ value: Double, digits: Int, grouped: Bool = false) -> String {
        guard value.isFinite else { return String(value) }
        var scale = 1.0
        for _ in 0..<max(0, digits) { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9.0e18 else { return String(value) }
        let units = UInt64(scaled)
        let whole = units / UInt64(scale)
        let sign = value < 0 && units > 0 ? "-" : ""
        let wholeText = grouped && whole <= UInt64(Int.max) ? GroupedCount(Int(whole)).description : String(whole)
        guard digits > 0 else { return sign + wholeText }
        let fraction = String(units % UInt64(scale))
        return sign + wholeText + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    /// `value` with zeros before it up to `width` digits: `zeroPadded(7, width: 2)` is `07`.
    public static func zeroPadded(_ value: Int, width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
    }

    /// `value` as briefly as it can be written: `15`, `2.5`, `0.25`.
    public static func brief(_ value: Double) -> String {
        if value.isFinite, value.rounded() == value, abs(value) < 9.0e18 { return String(Int64(value)) }
        return String(value)
    }
}

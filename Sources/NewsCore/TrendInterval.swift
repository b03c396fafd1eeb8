/// What a trend counts articles by: calendar years or months of the archive.
public enum TrendInterval: String, Hashable, Sendable, CaseIterable {
    case year
    case month
}

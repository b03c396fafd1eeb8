/// The window a Most Popular list covers: the last 1, 7 or 30 days.
public enum MostPopularPeriod: Int, Sendable, Hashable, CaseIterable {
    /// The last day.
    case day = 1
    /// The last 7 days.
    case week = 7
    /// The last 30 days.
    case month = 30
}

extension MostPopularPeriod {
    /// `today`, `7 days`, `30 days`.
    public var title: String { self == .day ? "today" : "\(rawValue) days" }
}

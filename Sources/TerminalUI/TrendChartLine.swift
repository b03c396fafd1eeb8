/// What a part of a trend chart is, for the screen that draws it to color: the CLI maps roles to ANSI
/// colors, the reader to its theme.
public enum TrendChartRole: Hashable, Sendable {
    /// Spaces and plain text.
    case plain
    /// The title line.
    case title
    /// Axis lines and tick marks.
    case axis
    /// Axis labels and the coverage line.
    case label
    /// The x axis under periods that were not imported.
    case gap
    /// The marks of the term at this index (its marker, line or bar, and its legend entry).
    case series(Int)
}

/// A run of a chart line's text in one role.
public struct TrendChartRun: Hashable, Sendable {
    public var text: String
    public var role: TrendChartRole

    public init(_ text: String, role: TrendChartRole) {
        self.text = text
        self.role = role
    }
}

/// One line of a rendered trend chart: runs of text, at most the chart's width in display columns,
/// without trailing spaces.
public struct TrendChartLine: Hashable, Sendable {
    public var runs: [TrendChartRun]

    public init(runs: [TrendChartRun]) {
        self.runs = runs
    }

    /// The line without its roles.
    public var text: String { runs.map(\.text).joined() }
}

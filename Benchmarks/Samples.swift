/// Repeated measurements of one figure, summarized by percentiles.
struct Samples {
    private(set) var values: [Double] = []

    init(_ values: [Double] = []) {
        self.values = values
    }

    mutating func append(_ value: Double) {
        values.append(value)
    }

    var count: Int { values.count }
    var median: Double { percentile(50) }

    /// The nearest-rank percentile `p` (0…100); 0 when there is no sample.
    func percentile(_ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}

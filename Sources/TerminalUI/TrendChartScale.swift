import NewsCore

/// The y axis of a trend chart: from 0 to a round top, in round steps (1, 2, 2.5 or 5 times a power of
/// ten), about one labelled tick every three rows.
struct TrendChartScale: Hashable {
    /// The value at the top of the axis.
    let maximum: Double
    /// The distance between ticks.
    let step: Double
    /// Decimals the labels need for `step`.
    let decimals: Int

    /// A scale reaching at least `largest` over `rows` rows.
    init(largest: Double, rows: Int) {
        let largest = largest > 0 && largest.isFinite ? largest : 1
        let intervals = Double(max(1, min(5, (rows - 1) / 3)))
        let rough = largest / intervals
        var power = 1.0
        while power * 10 <= rough { power *= 10 }
        while power > rough { power /= 10 }
        let step = [1, 2, 2.5, 5, 10].map { $0 * power }.first { $0 * intervals >= largest - largest * 1e-9 } ?? 10 * power
        self.step = step
        maximum = (largest / step - 1e-9).rounded(.up) * step
        decimals =
            (0...6).first { digits in
                let scaled = step * Self.powerOfTen(digits)
                return abs(scaled - scaled.rounded()) < 1e-6
            } ?? 6
    }

    private static func powerOfTen(_ digits: Int) -> Double {
        (0..<digits).reduce(1.0) { value, _ in value * 10 }
    }

    /// The tick values, from 0 up to `maximum`.
    var ticks: [Double] {
        let count = Int((maximum / step).rounded())
        return (0...count).map { Double($0) * step }
    }

    /// `value` as a tick label: `1,250`, `2.5`, `0.25`.
    func label(_ value: Double) -> String {
        decimals == 0 ? GroupedCount(Int(value.rounded())).description : DecimalText.fixed(value, digits: decimals)
    }
}

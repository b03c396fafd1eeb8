/// One figure of the benchmark: what was measured, its value, and the target it must not exceed.
struct Measurement: Encodable {
    /// Stable key for the JSON, e.g. `store.persist_1k`.
    let id: String
    /// What was measured, for people.
    let label: String
    /// nil when the figure could not be measured (see `detail`).
    let value: Double?
    let unit: String
    /// The upper bound the value must not exceed, when there is one.
    let target: Double?
    /// How the figure was taken (e.g. `median of 10 runs`), or why it is missing.
    let detail: String

    init(_ id: String, _ label: String, value: Double?, unit: String, target: Double? = nil, detail: String) {
        self.id = id
        self.label = label
        self.value = value
        self.unit = unit
        self.target = target
        self.detail = detail
    }

    /// Whether the value meets the target; nil when there is no target or no value.
    var met: Bool? {
        guard let value, let target else { return nil }
        return value <= target
    }

    enum CodingKeys: String, CodingKey {
        case id, label, value, unit, target, detail, met
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(label, forKey: .label)
        try container.encode(value.map(Self.rounded), forKey: .value)
        try container.encode(unit, forKey: .unit)
        try container.encode(target, forKey: .target)
        try container.encode(detail, forKey: .detail)
        try container.encode(met, forKey: .met)
    }

    /// The value as the table shows it.
    var formattedValue: String {
        guard let value else { return "—" }
        return Self.format(value)
    }

    var formattedTarget: String {
        target.map { "≤ \(Self.format($0))" } ?? ""
    }

    var verdict: String {
        switch met {
        case .some(true): return "ok"
        case .some(false): return "MISSED"
        case .none: return value == nil ? "n/a" : ""
        }
    }

    static func format(_ value: Double) -> String {
        switch value {
        case ..<10: return String(format: "%.2f", value)
        case ..<100: return String(format: "%.1f", value)
        default: return String(format: "%.0f", value)
        }
    }

    private static func rounded(_ value: Double) -> Double {
        (value * 1_000).rounded() / 1_000
    }
}

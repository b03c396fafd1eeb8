import Foundation

/// Every figure of one run, written as a console table, as JSON and as a Markdown table.
struct BenchReport: Encodable {
    let date: Date
    let machine: String
    let notes: [String]
    let measurements: [Measurement]

    /// The table printed at the end of `make bench`.
    func consoleTable() -> String {
        let header = ["figure", "value", "unit", "target", "", "how"]
        let rows = measurements.map { [$0.label, $0.formattedValue, $0.unit, $0.formattedTarget, $0.verdict, $0.detail] }
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 1 ? padding + cell : cell + padding
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        let rule = String(repeating: "─", count: widths.reduce(0, +) + 2 * (widths.count - 1))
        return ([line(header), rule] + rows.map(line) + [rule, machine]).joined(separator: "\n") + "\n"
    }

    /// The same figures as a Markdown table.
    func markdownTable() -> String {
        var lines = [
            "| figure | value | unit | target | | how |",
            "|---|---:|---|---|---|---|",
        ]
        for measurement in measurements {
            let verdict = measurement.met == false ? "**missed**" : measurement.verdict
            lines.append(
                "| \(measurement.label) | \(measurement.formattedValue) | \(measurement.unit) | "
                    + "\(measurement.formattedTarget) | \(verdict) | \(measurement.detail) |")
        }
        let stamp = ISO8601DateFormatter().string(from: date)
        if !notes.isEmpty {
            lines.append("")
            lines += notes.map { "- \($0)" }
        }
        lines.append("")
        lines.append("Run of \(stamp) on \(machine).")
        return lines.joined(separator: "\n") + "\n"
    }

    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// Replaces the text between `<!-- bench:begin -->` and `<!-- bench:end -->` in the Markdown file at `path`
    /// with this run's table.
    func updateDocument(at path: String) throws {
        try Self.replaceSection("bench", of: path, with: markdownTable())
    }

    /// Replaces the text between `<!-- NAME:begin -->` and `<!-- NAME:end -->` in the Markdown file at `path`.
    static func replaceSection(_ name: String, of path: String, with table: String) throws {
        let begin = "<!-- \(name):begin -->"
        let end = "<!-- \(name):end -->"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard let start = text.range(of: begin), let finish = text.range(of: end), start.upperBound <= finish.lowerBound else {
            throw BenchError.unexpected("\(path) has no \(begin) … \(end) markers")
        }
        let updated = text[..<start.upperBound] + "\n" + table + text[finish.lowerBound...]
        try String(updated).write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// The one-minute load average (`/proc/loadavg`), e.g. `1.25`: time figures mean little when it is high.
    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").first.map(String.init) ?? "?"
    }

    /// CPU model and core count, e.g. `2 × Intel Xeon …`.
    static func describeMachine() -> String {
        let cpuInfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuInfo.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        return "\(ProcessInfo.processInfo.activeProcessorCount) × \(model)"
    }
}

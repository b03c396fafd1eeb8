import Foundation
import Testing

@testable import nytreader_bench

@Suite("Benchmark figures and report")
struct BenchFiguresTests {
    @Test("Nearest-rank percentiles and the median")
    func percentiles() {
        let hundred = Samples((1...100).map(Double.init).shuffled())
        #expect(hundred.median == 50)
        #expect(hundred.percentile(99) == 99)
        #expect(hundred.percentile(100) == 100)
        #expect(Samples([3, 1, 2]).median == 2)
        #expect(Samples([5]).percentile(99) == 5)
        #expect(Samples().median == 0)
    }

    @Test("A figure meets its target when it does not exceed it")
    func targets() {
        #expect(Measurement("a", "a", value: 30, unit: "ms", target: 30, detail: "").verdict == "ok")
        #expect(Measurement("a", "a", value: 30.5, unit: "ms", target: 30, detail: "").verdict == "MISSED")
        #expect(Measurement("a", "a", value: nil, unit: "ms", target: 30, detail: "").verdict == "n/a")
        #expect(Measurement("a", "a", value: 3, unit: "ms", detail: "").met == nil)
        #expect(Measurement.format(0.0512) == "0.05")
        #expect(Measurement.format(27.66) == "27.7")
        #expect(Measurement.format(1142.4) == "1142")
    }

    @Test("The Markdown table replaces what stands between the bench markers, and only that")
    func documentUpdate() throws {
        let report = BenchReport(
            date: Date(timeIntervalSince1970: 0), machine: "test machine", notes: ["a note"],
            measurements: [Measurement("x", "first screen", value: 12.34, unit: "ms", target: 50, detail: "median of 10")]
        )
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-doc-\(UUID()).md").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "# Doc\n<!-- bench:begin -->\nold table\n<!-- bench:end -->\nafter\n".write(toFile: path, atomically: true, encoding: .utf8)
        try report.updateDocument(at: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text == """
                # Doc
                <!-- bench:begin -->
                | figure | value | unit | target | | how |
                |---|---:|---|---|---|---|
                | first screen | 12.3 | ms | ≤ 50.0 | ok | median of 10 |

                - a note

                Run of 1970-01-01T00:00:00Z on test machine.
                <!-- bench:end -->
                after

                """)
        try "no markers".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: BenchError.self) { try report.updateDocument(at: path) }
    }

    @Test("The title marker the screen is searched for fits a cut list row")
    func marker() {
        #expect(ReaderBenchmarks.marker(for: "Energy oil trump more than trade new") == "Energy oil tru")
        #expect(ReaderBenchmarks.marker(for: "東京の選挙で経済が") == "東京の選")
    }
}

import Foundation

/// How one mutant fared.
struct MutantResult {
    enum Verdict: String {
        /// Its tests failed.
        case killed
        /// Its tests passed with the guard broken.
        case survived = "SURVIVED"
        /// Its original text is not in the file (exactly once).
        case notApplied = "NOT APPLIED"
        /// The copy with the mutant did not build.
        case notBuilt = "NOT BUILT"
    }

    let mutant: Mutant
    let verdict: Verdict
    /// The test that failed first (`File.swift:12 "name"`), or what went wrong.
    let detail: String
    /// Building and testing, together.
    let seconds: Double

    /// One line for the terminal: verdict, name, seconds, detail.
    var line: String {
        let verdictColumn = verdict.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
        let nameColumn = mutant.name.padding(toLength: 34, withPad: " ", startingAt: 0)
        let time = String(format: "%5.0f s", seconds)
        return "\(verdictColumn)\(nameColumn)\(time)  \(detail)"
    }

    /// The results as a Markdown table: mutant, file, verdict, the test that noticed, seconds.
    static func table(_ results: [MutantResult]) -> String {
        var lines = ["| mutant | file | result | first failing test | seconds |", "|---|---|---|---|---:|"]
        for result in results {
            let detail = result.detail.replacingOccurrences(of: "|", with: "\\|")
            lines.append(
                "| `\(result.mutant.name)` | \(result.mutant.file) | \(result.verdict.rawValue) | \(detail) | \(String(format: "%.0f", result.seconds)) |"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

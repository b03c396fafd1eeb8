import Foundation

/// Builds and tests the scratch copy, one mutant at a time: the mutant is written into the copy, the copy
/// is built (incrementally) and its tests run, then the file gets its text back. The next mutant's build
/// recompiles the restored file along with its own.
struct MutantRunner {
    let checkout: ScratchCheckout
    let logs: URL
    let timeout: Int
    /// How many times each mutant's tests run: a mutant is killed only when they fail every time.
    let runs: Int

    /// The copy brought up to date with the working tree and built as it is: a mutant's build failure is
    /// then its own.
    func prepare() throws {
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let written = try checkout.update()
        say("scratch copy \(checkout.folder.path): \(written) files written; building it as it is…")
        let log = logs.appendingPathComponent("build.log")
        let build = try self.build(log: log, limit: timeout)
        guard build.status == 0 else {
            throw Command.Failure(description: "the scratch copy does not build without a mutant: \(log.path)")
        }
        say(String(format: "built in %.0f s", build.seconds))
    }

    /// The tests of `mutants` that fail on the copy without any mutant: each set of tests run `runs` times
    /// (every run must pass).
    func baselineFailures(of mutants: [Mutant]) throws -> [String] {
        var failing: [String] = []
        for tests in Set(mutants.map(\.tests)).sorted(by: { $0.joined() < $1.joined() }) {
            let name = "baseline-\(tests.joined(separator: "+").replacingOccurrences(of: "/", with: "_"))"
            for number in 1...runs {
                let log = logs.appendingPathComponent("\(name)\(runs > 1 ? ".\(number)" : "").log")
                let run = try test(tests, log: log, limit: timeout)
                let verdict = run.status == 0 ? "passed" : "FAILED"
                let of = runs > 1 ? " (run \(number) of \(runs))" : ""
                say(String(format: "baseline %@: %@%@ in %.0f s", tests.joined(separator: " "), verdict, of, run.seconds))
                if run.status != 0 { failing.append("\(tests.joined(separator: " ")) (\(log.path))") }
            }
        }
        return failing
    }

    /// Applies `mutant`, builds, tests, restores the file.
    func run(_ mutant: Mutant) throws -> MutantResult {
        let original = try checkout.text(of: mutant.file)
        let mutated: String
        do {
            mutated = try mutant.applied(to: original)
        } catch {
            return MutantResult(mutant: mutant, verdict: .notApplied, detail: "\(mutant.file): \(error)", seconds: 0)
        }
        try checkout.write(mutated, to: mutant.file)
        defer { try? checkout.write(original, to: mutant.file) }
        let limit = mutant.timeoutSeconds ?? timeout
        let buildLog = logs.appendingPathComponent("\(mutant.name).build.log")
        let build = try self.build(log: buildLog, limit: limit)
        guard build.status == 0 else {
            return MutantResult(mutant: mutant, verdict: .notBuilt, detail: buildLog.path, seconds: build.seconds)
        }
        var seconds = build.seconds
        var firstFailure: String?
        for run in 1...runs {
            let testLog = logs.appendingPathComponent("\(mutant.name).test\(runs > 1 ? ".\(run)" : "").log")
            let tests = try test(mutant.tests, log: testLog, limit: limit)
            seconds += tests.seconds
            if tests.status == 0 {
                let passed = runs > 1 ? " (run \(run) of \(runs))" : ""
                return MutantResult(
                    mutant: mutant, verdict: .survived, detail: "\(mutant.tests.joined(separator: " ")) passed\(passed)", seconds: seconds)
            }
            if firstFailure == nil {
                firstFailure =
                    tests.timedOut
                    ? "tests still running after \(limit) s (a hang counts as noticed)"
                    : TestLog(try String(contentsOf: testLog, encoding: .utf8)).firstFailure ?? "tests exited with \(tests.status)"
            }
        }
        let every = runs > 1 ? " (failed in each of \(runs) runs)" : ""
        return MutantResult(mutant: mutant, verdict: .killed, detail: (firstFailure ?? "") + every, seconds: seconds)
    }

    private func build(log: URL, limit: Int) throws -> Command.Ending {
        try Command.run(
            "swift", ["build", "--build-tests", "--scratch-path", checkout.buildFolder.path], in: checkout.folder, limit: limit, log: log
        )
    }

    /// The tests of `filters`, on the copy's debug build (the end-to-end tests drive its `nytreader`, never
    /// a binary named by NYTREADER_BIN).
    private func test(_ filters: [String], log: URL, limit: Int) throws -> Command.Ending {
        var environment = ProcessInfo.processInfo.environment
        environment["NYTREADER_BIN"] = nil
        return try Command.run(
            "swift", ["test", "--skip-build", "--scratch-path", checkout.buildFolder.path] + filters.flatMap { ["--filter", $0] },
            in: checkout.folder, limit: limit, log: log, environment: environment
        )
    }
}

import ArgumentParser
import Foundation

/// `mutate` (`make mutate`): applies each mutant of the list to a scratch copy of the checkout, one at a
/// time, builds it, runs the tests the mutant names and prints whether they noticed. Exits 1 when a
/// mutant survived, could not be applied (its original text is gone) or did not build.
@main
struct Mutate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mutate",
        abstract: "Breaks each guard of the mutant list in a scratch copy of the checkout and runs the tests that must notice.",
        discussion:
            "Run from the checkout's root (make mutate). The copy and its build folder are kept between runs, so builds are incremental."
    )

    @Argument(help: "Only the mutants of these names (default: every one).")
    var names: [String] = []

    @Option(help: ArgumentHelp("The mutant list.", valueName: "path"))
    var list = "Tools/mutate/mutants.txt"

    @Option(help: ArgumentHelp("Where the copy of the checkout, its build folder and the logs are kept.", valueName: "path"))
    var scratch = ".build-mutate"

    @Option(help: ArgumentHelp("The longest a mutant's build or tests may run, in seconds, unless it names its own.", valueName: "seconds"))
    var timeout = 1_800

    @Option(help: ArgumentHelp("Run each mutant's tests this many times: killed only when they fail every time.", valueName: "n"))
    var runs = 1

    @Flag(help: "Only check that every original snippet is in its file, exactly once.")
    var check = false

    @Flag(help: "First run every mutant's tests on the copy as it is: they must pass without the mutant.")
    var baseline = false

    @Option(help: ArgumentHelp("Also write the results as a Markdown table to this file.", valueName: "path"))
    var markdown: String?

    func run() throws {
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let all = try MutantList.parse(String(contentsOfFile: list, encoding: .utf8))
        let unknown = names.filter { name in !all.contains { $0.name == name } }
        guard unknown.isEmpty else { throw ValidationError("no mutant named \(unknown.joined(separator: ", "))") }
        let mutants = names.isEmpty ? all : all.filter { names.contains($0.name) }

        var results = mutants.compactMap { mutant -> MutantResult? in
            do {
                _ = try mutant.applied(to: String(contentsOf: root.appendingPathComponent(mutant.file), encoding: .utf8))
                return nil
            } catch {
                return MutantResult(mutant: mutant, verdict: .notApplied, detail: "\(mutant.file): \(error)", seconds: 0)
            }
        }
        if check || !results.isEmpty {
            for result in results { say(result.line) }
            if results.isEmpty { say("\(mutants.count) mutants: every original snippet is in its file, once.") }
            throw ExitCode(results.isEmpty ? 0 : 1)
        }

        let runner = MutantRunner(
            checkout: ScratchCheckout(source: root, folder: URL(fileURLWithPath: scratch).appendingPathComponent("checkout")),
            logs: URL(fileURLWithPath: scratch).appendingPathComponent("logs"),
            timeout: timeout,
            runs: max(1, runs)
        )
        Interruption.shared.install()
        let started = Date()
        do {
            try runner.prepare()
            if baseline {
                let failing = try runner.baselineFailures(of: mutants)
                guard failing.isEmpty else {
                    for failure in failing { say("tests fail without a mutant: \(failure)") }
                    throw ExitCode(1)
                }
            }
            for mutant in mutants {
                let result = try runner.run(mutant)
                say(result.line)
                results.append(result)
            }
        } catch let interrupted as Interrupted {
            say("\(interrupted) after \(results.count) of \(mutants.count) mutants; the scratch copy has its text back")
            throw ExitCode(interrupted.exitStatus)
        }
        let survivors = results.filter { $0.verdict != .killed }
        let minutes = Int(Date().timeIntervalSince(started) / 60)
        let seconds = Int(Date().timeIntervalSince(started)) % 60
        say(
            "\(results.count) mutants: \(results.count - survivors.count) killed, \(survivors.count) not"
                + (survivors.isEmpty ? "" : " (\(survivors.map(\.mutant.name).joined(separator: ", ")); logs in \(runner.logs.path))")
                + "; \(minutes) min \(seconds) s in all.")
        if let markdown {
            try MutantResult.table(results).write(toFile: markdown, atomically: true, encoding: .utf8)
        }
        if !survivors.isEmpty { throw ExitCode(1) }
    }
}

/// Prints `line` at once (standard output is buffered when it is not a terminal, as under `make`).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

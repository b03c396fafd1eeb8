import Foundation
import TestSupport
import Testing

/// What the commands say when there is nothing to show, and what `--help` lists.
@Suite("Headless commands: help and empty results", .timeLimit(.minutes(2)))
struct CliMessageTests {
    @Test("nytreader --help (and -h, help) lists the reader's own options beside the commands, not the hidden ones")
    func overview() async throws {
        let home = try CliHome()
        for arguments in [["--help"], ["-h"], ["help"]] {
            let result = try await onOwnThread { try Subprocess.run(ProgramBinary.url.path, arguments, environment: home.environment()) }
            #expect(result.status == 0, "\(arguments)")
            let help = result.output
            for option in ["--offline", "--section <section>", "--query <text>", "--popular <kind>", "--archive <YYYY-MM>", "--db <path>"] {
                #expect(help.contains("\n  \(option)"), "\(arguments): \(option) in \(help)")
            }
            #expect(help.contains("SUBCOMMANDS:") && help.contains("\n  refresh "), "\(arguments)")
            #expect(help.components(separatedBy: "\n  --version").count == 2, "--version listed once")
            #expect(!help.contains("request-spacing"), "a test knob stays out of the help")
        }
        for command in ["refresh", "archive", "read"] {
            let result = try await onOwnThread {
                try Subprocess.run(ProgramBinary.url.path, [command, "--help"], environment: home.environment())
            }
            #expect(!result.output.contains("request-spacing"), "\(command)")
        }
        for command in [["list"], ["search", "x"], ["searches"], ["trend", "x"]] {
            let result = try await onOwnThread {
                try Subprocess.run(ProgramBinary.url.path, command + ["--help"], environment: home.environment())
            }
            #expect(result.output.contains("--db <path>"), "\(command)")
            for unused in ["--offline", "--api-base-url", "--api-key-file"] {
                #expect(!result.output.contains(unused), "\(command) never reaches the NYT: no \(unused)")
            }
        }
    }

    @Test("Each command's help, asked with --help or -h after it, names it as nytreader's: the whole parser words it")
    func commandHelpNamesTheProgram() async throws {
        let home = try CliHome()
        for command in ["read", "refresh", "list", "search", "searches", "show", "sections", "config", "archive", "trend"] {
            for asking in ["--help", "-h"] {
                let result = try await onOwnThread {
                    try Subprocess.run(ProgramBinary.url.path, [command, asking], environment: home.environment())
                }
                #expect(result.status == 0, "\(command) \(asking)")
                #expect(result.output.contains("USAGE: nytreader \(command)"), "\(command) \(asking): \(result.output.prefix(300))")
            }
        }
        let reader = try await onOwnThread {
            try Subprocess.run(ProgramBinary.url.path, ["--offline", "--help"], environment: home.environment())
        }
        #expect(
            reader.status == 0 && reader.output.contains("USAGE: nytreader read"), "the reader's options then --help: the reader's help")
    }

    @Test("Every help's examples and tables fit 80 columns, where help is wrapped when piped: none is broken onto a line of its own")
    func helpFitsEightyColumns() async throws {
        let home = try CliHome()
        for command in ["", "refresh", "list", "search", "searches", "show", "sections", "config", "archive", "trend", "read"] {
            let arguments = (command.isEmpty ? [] : [command]) + ["--help"]
            let wide = try await onOwnThread {
                try Subprocess.run(ProgramBinary.url.path, arguments, environment: home.environment().merging(["COLUMNS": "1000"]) { $1 })
            }
            let discussion = wide.output.components(separatedBy: "\nUSAGE:")[0]
            let lines = discussion.split(separator: "\n")
            #expect(lines.contains { $0.hasPrefix("  nytreader") }, "\(arguments) has examples")
            for line in lines where line.hasPrefix("  ") {
                #expect(line.count <= 80, "\(arguments): \(line.count) columns: \(line)")
            }
        }
    }

    @Test("An empty saved list says how to save; a month not imported names the archive command; a feed never fetched its refresh")
    func nothingCached() async throws {
        let home = try CliHome()
        let saved = try await home.run(["list", "--saved"])
        #expect(saved.status == 0)
        #expect(saved.errorOutput == "nytreader: No saved articles yet: press b on an article in the reader to save it.\n")
        try home.writeConfig("[keys]\ntoggle_saved = \"B\"\n")
        let rebound = try await home.run(["list", "--saved"])
        #expect(
            rebound.errorOutput == "nytreader: No saved articles yet: press B on an article in the reader to save it.\n", "the key in force"
        )

        let month = try await home.run(["list", "--archive", "2024-03"])
        #expect(month.errorOutput == "nytreader: March 2024: not imported. To import it: nytreader archive 2024-03 --db \(home.database)\n")
        let latest = try await home.run(["list", "--latest"])
        #expect(
            latest.errorOutput == "nytreader: Latest: nothing cached. To fetch it: nytreader refresh --latest --db \(home.database)\n",
            "the command names the cache --db named: \(latest.errorOutput)")
        let popular = try await home.run(["list", "--popular", "shared", "--period", "30"])
        #expect(
            popular.errorOutput.hasSuffix(
                ": nothing cached. To fetch it: nytreader refresh --popular shared --period 30 --db \(home.database)\n"))
    }
}

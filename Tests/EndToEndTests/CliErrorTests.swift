import Foundation
import NewsCore
import ReaderViewModel
import SQLite
import TestSupport
import Testing

/// Mistakes on the command line and unusable cache files: each is a plain sentence on stderr and its
/// documented exit status, never a stack trace or a Swift runtime error, and nothing on stdout.
@Suite("Headless commands: bad arguments and unusable caches", .timeLimit(.minutes(3)))
struct CliErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    /// Bad arguments: exit status 64, the first stderr line says what is wrong.
    static let usageCases: [Case] = [
        Case(arguments: ["list", "--query", "x", "--from", "2024-13-01"], message: badDay("--from 2024-13-01")),
        Case(arguments: ["list", "--query", "x", "--to", "2024-02-30"], message: badDay("--to 2024-02-30")),
        Case(arguments: ["list", "--query", "x", "--from", "+123-01-01"], message: badDay("--from +123-01-01")),
        Case(arguments: ["list", "--query", "x", "--from", "1850-12-31"], message: badDay("--from 1850-12-31")),
        Case(arguments: ["list", "--query", "x", "--to", "\(latestYear + 1)-01-01"], message: badDay("--to \(latestYear + 1)-01-01")),
        Case(arguments: ["list", "--query", "x", "--to", "2023-02-29"], message: badDay("--to 2023-02-29")),
        Case(arguments: ["list", "--query", "x", "--from", " 2024-01-01"], message: badDay("--from  2024-01-01")),
        Case(
            arguments: ["refresh", "--query", "x", "--request-spacing", "inf"],
            message: "Error: --request-spacing must be a number of seconds from 0 to 3600."),
        Case(
            arguments: ["refresh", "--query", "x", "--request-spacing", "nan"],
            message: "Error: --request-spacing must be a number of seconds from 0 to 3600."),
        Case(
            arguments: ["refresh", "--query", "x", "--request-spacing=-1"],
            message: "Error: --request-spacing must be a number of seconds from 0 to 3600."),
        Case(
            arguments: ["refresh", "--query", "x", "--request-spacing", "3601"],
            message: "Error: --request-spacing must be a number of seconds from 0 to 3600."),
        Case(
            arguments: ["refresh", "--query", "x", "--from", "2024-02-01", "--to", "2024-01-01"],
            message: "Error: --from 2024-02-01 is after --to 2024-01-01."),
        Case(arguments: ["refresh", "--feed", "saved"], message: "Error: Saved articles live in the cache; there is nothing to refresh."),
        Case(
            arguments: ["refresh", "--archive", "2024-03"], message: "Error: An archive month is imported with 'nytreader archive 2024-03'."
        ),
        Case(arguments: ["refresh", "--query", "x", "--pages", "0"], message: "Error: --pages must be between 1 and 100."),
        Case(arguments: ["refresh", "--query", "x", "--pages", "101"], message: "Error: --pages must be between 1 and 100."),
        Case(arguments: ["refresh", "--query", "x", "--pages", "-2"], message: "Error: --pages must be between 1 and 100."),
        Case(arguments: ["refresh", "--section", "world", "--pages", "2"], message: "Error: --pages goes with --query."),
        Case(arguments: ["list", "--section", "nope"], message: "Error: Unknown section 'nope'. Run 'nytreader sections' to list them."),
        Case(arguments: ["trend", "x", "--height", "-1"], message: "Error: --height must be from 8 to 200."),
        Case(arguments: ["trend", "x", "--width", "-5"], message: "Error: --width must be from 40 to 1000."),
        Case(
            arguments: ["refresh", "--section", "nope"], message: "Error: Unknown section 'nope'. Run 'nytreader sections' to list them."),
        Case(
            arguments: ["list", "--section", "world", "--query", "x"],
            message: "Error: Give one of --feed, --section, --query, --popular, --latest and --archive."),
        Case(
            arguments: ["list", "--popular", "viewed", "--section", "world"],
            message: "Error: Give one of --feed, --section, --query, --popular, --latest and --archive."),
        Case(arguments: ["list", "--popular", "liked"], message: "Error: --popular takes viewed, emailed or shared, not 'liked'."),
        Case(arguments: ["refresh", "--popular", "viewed", "--period", "3"], message: "Error: --period takes 1, 7 or 30."),
        Case(arguments: ["list", "--section", "world", "--period", "7"], message: "Error: --period goes with --popular."),
        Case(arguments: ["list", "--limit", "-1"], message: "Error: --limit must be at least 1."),
        Case(arguments: ["list", "--limit", "0"], message: "Error: --limit must be at least 1."),
        Case(arguments: ["search", "word", "--limit", "-5"], message: "Error: --limit must be at least 1."),
        Case(
            arguments: ["refresh", "--all-sections", "--section", "world"],
            message: "Error: --all-sections cannot be combined with another feed option."),
        Case(arguments: ["refresh", "--offline"], message: "Error: --offline cannot be used with refresh."),
        Case(arguments: ["archive", "2024-01", "--offline"], message: "Error: --offline cannot be used to import months."),
        Case(arguments: ["list", "--saved", "--section", "world"], message: "Error: --saved cannot be combined with another feed option."),
        Case(
            arguments: ["archive", "2024-03..2024-01"],
            message: "Error: '2024-03..2024-01' runs backwards: the earlier month goes first, as in 2024-01..2024-03."),
        Case(
            arguments: ["archive", "--forget", "2024..2019-06"],
            message: "Error: '2024..2019-06' runs backwards: the earlier month goes first, as in 2019-06..2024."),
        Case(arguments: ["list", "--offline"], message: "Error: Unknown option '--offline'"),
        Case(arguments: ["search", "word", "--api-base-url", "http://127.0.0.1:1"], message: "Error: Unknown option '--api-base-url'"),
        Case(arguments: ["searches", "--api-key-file", "/tmp/key"], message: "Error: Unknown option '--api-key-file'"),
        Case(arguments: ["trend", "word", "--offline"], message: "Error: Unknown option '--offline'"),
        Case(
            arguments: ["trend", "-war"],
            message: "Error: Give at least one term to count (one that starts with - after --: nytreader trend -- -word)."),
    ]

    /// The year after this one: the latest a search may name.
    static let latestYear = SearchDay.latestYear(at: Date().timeIntervalSince1970)

    static func badDay(_ option: String) -> String {
        "Error: \(option) is not a real day like 2024-01-31 (from 1851 to \(latestYear))."
    }

    /// What no message may look like: a crash report, a stack trace or a Swift runtime error.
    static func expectNoCrashReport(_ result: Subprocess.Result) {
        for marker in ["Fatal error", "Stack dump", "Current stack trace", "#0 ", "Swift runtime failure", ".swift:"] {
            #expect(!result.errorOutput.contains(marker), "stderr holds \(marker): \(result.errorOutput)")
        }
    }

    @Test("Each bad argument is exit status 64 with a sentence saying what is wrong", arguments: usageCases)
    func badArgument(_ testCase: Case) async throws {
        let home = try CliHome()
        let result = try await home.run(testCase.arguments)
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        let lines = result.errorOutput.split(separator: "\n")
        #expect(lines.first.map(String.init) == testCase.message, "stderr: \(result.errorOutput)")
        #expect(lines.last?.hasPrefix("  See 'nytreader ") == true, "the usage error points to --help")
        Self.expectNoCrashReport(result)
        #expect(!FileManager.default.fileExists(atPath: home.database), "a bad argument touches no cache")
    }

    @Test("A cache that is not SQLite is one sentence and exit status 74; the file is left alone")
    func garbageDatabase() async throws {
        let home = try CliHome()
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: home.database))
        for command in [["list"], ["search", "word"], ["refresh", "--section", "world"]] {
            let result = try await home.run(command)
            #expect(result.status == 74, "\(command): \(result.errorOutput)")
            #expect(result.errorOutput == "nytreader: \(StoreError.Code.corrupt.message): \(home.database) (file is not a database).\n")
            #expect(result.output.isEmpty)
            Self.expectNoCrashReport(result)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: home.database)) == garbage)
    }

    @Test("A cache damaged past the pages read as it opens is said as damaged, exit 74, when a command reaches the damage")
    func damagedPages() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        let articles = (0..<3_000).map { ArticleFactory.article($0, title: "Harbor report number \($0)") }
        server.setBody(TopStoriesJSON.body(section: "world", articles: articles), for: FakeNYTServer.topStoriesPath("world"))
        let refresh = try await home.refresh(from: server.baseURL)
        try #require(refresh.status == 0, "\(refresh.errorOutput)")
        // The full-text index's pages overwritten: the cache opens, lists and shows; a search reaches the damage.
        let (pages, pageSize) = try DatabaseQueue(path: home.database).read { db in
            (
                try Int.fetchAll(db, sql: "SELECT pageno FROM dbstat WHERE name = 'articleFTS_data'"),
                try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0
            )
        }
        try #require(pages.count > 2 && pageSize > 0)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: home.database))
        for page in pages.dropFirst() {
            try handle.seek(toOffset: UInt64((page - 1) * pageSize))
            try handle.write(contentsOf: Data(repeating: 0xA5, count: pageSize))
        }
        try handle.close()
        let listed = try await home.run(["list", "--section", "world", "--limit", "5"])
        #expect(listed.status == 0, "the damage is in the index alone: \(listed.errorOutput)")
        let result = try await home.run(["search", "harbor", "--limit", "5000"])
        #expect(result.status == 74, "\(result.errorOutput)")
        #expect(
            result.errorOutput.hasPrefix("nytreader: \(StoreError.Code.corrupt.message): \(home.database) ("), "\(result.errorOutput)")
        Self.expectNoCrashReport(result)
    }

    @Test("Output that cannot be written (a full disk, a closed stdout) is a sentence on stderr and exit status 74")
    func unwritableOutput() async throws {
        let home = try CliHome()
        let filled = try await home.run(["list", "--section", "home"])
        try #require(filled.status == 0, "\(filled.errorOutput)")
        let commands = [["list", "--section", "home"], ["list", "--section", "home", "--json"], ["sections"], ["config"]]
        try Self.expectOutputUnwritable(commands.map { $0 + ["--db", home.database] }, home: home)
    }

    /// Runs each of `commands` with stdout on a full disk, then closed: exit status 74 and one sentence.
    static func expectOutputUnwritable(_ commands: [[String]], home: CliHome) throws {
        for (redirection, cause) in [("> /dev/full", "No space left on device"), (">&-", "Bad file descriptor")] {
            for command in commands {
                let result = try Subprocess.run(
                    "/bin/sh", ["-c", "exec \"$0\" \"$@\" \(redirection)", ProgramBinary.url.path] + command,
                    environment: home.environment(), timeout: 30)
                #expect(result.status == 74, "\(command) \(redirection): \(result.errorOutput)")
                #expect(
                    result.errorOutput == "nytreader: The output could not be written: write: \(cause).\n",
                    "\(command) \(redirection)")
                expectNoCrashReport(result)
            }
        }
    }

    @Test("Help, the version and a completion script that cannot be written are a sentence on stderr and exit status 74")
    func unwritableHelp() async throws {
        let home = try CliHome()
        try Self.expectOutputUnwritable(
            [["--help"], ["--version"], ["list", "--help"], ["help", "trend"], ["--generate-completion-script", "bash"]], home: home)
        let written = try Subprocess.run(ProgramBinary.url.path, ["--version"], environment: home.environment(), timeout: 30)
        #expect(written.status == 0 && written.output == "\(ProgramVersion.current)\n" && written.errorOutput.isEmpty)
    }

    @Test("A mistyped command is said as one, with the nearest command, exit 64: with --help too, not the reader's help")
    func unknownCommand() async throws {
        let home = try CliHome()
        for (arguments, nearest) in [
            (["refrsh", "--help"], " Did you mean 'refresh'?"), (["lst"], " Did you mean 'list'?"), (["xyzzy"], ""),
            (["help", "nosuch"], ""), (["help", "trnd"], " Did you mean 'trend'?"),
        ] {
            let result = try Subprocess.run(ProgramBinary.url.path, arguments, environment: home.environment(), timeout: 30)
            #expect(result.status == 64, "\(arguments): \(result.errorOutput)")
            #expect(result.output.isEmpty)
            let word = arguments.first { $0 != "help" && !$0.hasPrefix("-") } ?? ""
            #expect(
                result.errorOutput == "nytreader: Unknown command '\(word)'.\(nearest) The commands: read, refresh, list, search, "
                    + "searches, show, archive, trend, sections, config, help ('nytreader --help').\n", "\(result.errorOutput)")
        }
        let twoCommands = try Subprocess.run(
            ProgramBinary.url.path, ["help", "archive", "trend"], environment: home.environment(), timeout: 30)
        #expect(twoCommands.status == 64 && twoCommands.output.isEmpty, "\(twoCommands.output)")
        #expect(twoCommands.errorOutput.hasPrefix("nytreader: 'help' takes one command: nytreader help COMMAND"))
        let one = try Subprocess.run(ProgramBinary.url.path, ["help", "trend"], environment: home.environment(), timeout: 30)
        #expect(one.status == 0 && one.output.contains("USAGE: nytreader trend"))
    }

    @Test("An empty --db is a bad argument (exit 64), for the commands that read and those that write")
    func emptyDatabase() async throws {
        let home = try CliHome()
        for command in [["list"], ["search", "x"], ["refresh", "--section", "world"], ["archive", "--status"]] {
            let result = try await home.run(command, database: "")
            #expect(result.status == 64, "\(command): \(result.errorOutput)")
            #expect(result.errorOutput.hasPrefix("Error: --db needs the path of a cache file."), "\(command): \(result.errorOutput)")
        }
    }

    @Test("The default cache's folder that cannot be made is said as the cache's, as with --db, exit status 74")
    func defaultFolderCannotBeMade() throws {
        let home = try CliHome()
        #expect(FileManager.default.createFile(atPath: home.directory.path("data"), contents: Data("a file".utf8)))
        let result = try Subprocess.run(ProgramBinary.url.path, ["list"], environment: home.environment(), timeout: 30)
        #expect(result.status == 74, "\(result.errorOutput)")
        #expect(result.errorOutput.hasPrefix("nytreader: The cache "), "\(result.errorOutput)")
        #expect(result.errorOutput.contains("\(home.directory.path("data"))/nytreader/cache.sqlite"), "\(result.errorOutput)")
    }

    @Test("A directory as --db is one sentence and exit status 74")
    func directoryAsDatabase() async throws {
        let home = try CliHome()
        let result = try await home.run(["list"], database: home.url.path)
        #expect(result.status == 74)
        #expect(
            result.errorOutput
                == "nytreader: The cache could not be opened: \(home.url.path) (\(home.url.path) is a folder, not a cache file).\n")
        #expect(result.output.isEmpty)
        Self.expectNoCrashReport(result)
    }

    @Test("A cache whose folder cannot be made is one sentence and exit status 74")
    func databaseUnderAFile() async throws {
        let home = try CliHome()
        let file = home.url.appendingPathComponent("plain-file")
        try Data("not a folder".utf8).write(to: file)
        let database = file.appendingPathComponent("cache.sqlite").path
        let result = try await home.run(["list"], database: database)
        #expect(result.status == 74)
        #expect(result.errorOutput.hasPrefix("nytreader: The cache could not be opened: \(database) ("), "\(result.errorOutput)")
        #expect(result.errorOutput.split(separator: "\n").count == 1)
        #expect(result.output.isEmpty)
        Self.expectNoCrashReport(result)
    }
}

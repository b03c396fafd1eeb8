import Foundation
import NewsCore
import TestSupport
import Testing

@Suite("Config file, API key sources, log file and completions, through the built program", .timeLimit(.minutes(3)))
struct CommandLineConfigTests {
    /// A fresh HOME for one test, with the program's default locations under it.
    struct Home {
        let directory: TemporaryDirectory
        var url: URL { directory.url }
        var configDirectory: URL { url.appendingPathComponent(".config/nytreader") }
        var dataDirectory: URL { url.appendingPathComponent(".local/share/nytreader") }
        var stateDirectory: URL { url.appendingPathComponent(".local/state/nytreader") }
        var logFile: URL { stateDirectory.appendingPathComponent("nytreader.log") }

        init() throws {
            directory = try TemporaryDirectory()
        }

        func environment(_ extra: [String: String] = [:]) -> [String: String] {
            ["HOME": url.path, "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"].merging(extra) { _, new in new }
        }

        func writeConfig(_ text: String) throws {
            try FileManager.default.createDirectory(at: configDirectory, withIntermediateDirectories: true)
            try text.write(to: configDirectory.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        }

        func writeKey(_ key: String, to url: URL, mode: Int) throws {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try (key + "\n").write(to: url, atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        }

        func log() -> String {
            let rotated = logFile.appendingPathExtension("1")
            return [rotated, logFile].compactMap { try? String(contentsOf: $0, encoding: .utf8) }.joined()
        }
    }

    func run(_ arguments: [String], _ environment: [String: String]) throws -> Subprocess.Result {
        try Subprocess.run(ProgramBinary.url.path, arguments, environment: environment, timeout: 30)
    }

    static func permissions(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue
    }

    // MARK: - Version, help, completions

    @Test("--version prints the program's version")
    func version() throws {
        let home = try Home()
        let result = try run(["--version"], home.environment())
        #expect(result.status == 0)
        #expect(result.output == ProgramVersion.current + "\n")
    }

    @Test(
        "--help of the root and of every command shows examples and the NYT's attribution",
        arguments: [[], ["read"], ["refresh"], ["list"], ["search"], ["sections"], ["config"]])
    func helpWithExamples(command: [String]) throws {
        let home = try Home()
        let result = try run(command + ["--help"], home.environment())
        #expect(result.status == 0)
        #expect(result.errorOutput.isEmpty)
        let usage = command.first.map { "USAGE: nytreader \($0) " } ?? "       nytreader <subcommand> [<options>]"
        #expect(result.output.contains(usage), "the help of \(command), not another command's")
        #expect(result.output.contains("Example"), "\(command) --help:\n\(result.output)")
        #expect(result.output.contains("Data provided by The New York Times."), "\(command) --help:\n\(result.output)")
    }

    @Test("Completion scripts for bash, zsh and fish name the commands and options", arguments: ["bash", "zsh", "fish"])
    func completions(shell: String) throws {
        let home = try Home()
        let result = try run(["--generate-completion-script", shell], home.environment())
        #expect(result.status == 0)
        let options = ["api-key-file", "db", "verbose"].map { shell == "fish" ? "-l '\($0)'" : "--\($0)" }
        for word in ["refresh", "config", "sections"] + options {
            let present = result.output.contains(word)
            #expect(present, "the \(shell) completion lacks \(word)")
        }
        // The values each option takes: sections, orders, Most Popular kinds and periods; file names for paths.
        for value in ["sundayreview", "books/review", "relevance", "emailed"] {
            #expect(result.output.contains(value), "the \(shell) completion lacks \(value)")
        }
        #expect(result.output.contains(shell == "fish" ? "-rfka '1 7 30'" : "'1'$'\\n''7'$'\\n''30'") || shell == "zsh", "periods")
        #expect(result.output.contains("('1' '7' '30')") || shell != "zsh", "periods")
        let files = ["bash": "'--db')\n        __nytreader_add_completions -f", "zsh": ":path:_files", "fish": "cache.sqlite.' -rF"]
        #expect(result.output.contains(files[shell]!), "the \(shell) completion offers file names for --db")
        #expect(result.output.contains("---completion"), "the searches kept and the months imported come from the cache")
        switch shell {
        case "bash":
            let registers = result.output.contains("complete -F _nytreader_joining_colons nytreader")
            #expect(registers, "the bash script registers its function for nytreader")
            let script = home.url.appendingPathComponent("nytreader.bash")
            try result.output.write(to: script, atomically: true, encoding: .utf8)
            let syntax = try Subprocess.run("bash", ["-n", script.path])
            #expect(syntax.status == 0, "bash -n: \(syntax.errorOutput)")
        case "zsh":
            let header = result.output.prefix(20)
            #expect(header.hasPrefix("#compdef nytreader"))
        default:
            let registers = result.output.contains("complete -c 'nytreader'")
            #expect(registers, "the fish script completes nytreader")
        }
    }

    // MARK: - Files

    @Test("A fresh HOME gets 0700 directories and 0600 files for the cache and the log")
    func fileModes() throws {
        let home = try Home()
        let port = try RefusingPort().port
        let result = try run(
            ["refresh", "--section", "world", "--api-base-url", "http://127.0.0.1:\(port)"],
            home.environment(["NYT_API_KEY": "modes-test-key"])
        )
        #expect(result.status == 69, "stderr: \(result.errorOutput)")
        #expect(Self.permissions(home.dataDirectory) == 0o700)
        #expect(Self.permissions(home.stateDirectory) == 0o700)
        #expect(Self.permissions(home.url.appendingPathComponent(".local/state")) == 0o700)
        let database = home.dataDirectory.appendingPathComponent("cache.sqlite")
        #expect(Self.permissions(database) == 0o600)
        #expect(Self.permissions(home.logFile) == 0o600)
        #expect(!FileManager.default.fileExists(atPath: home.configDirectory.path), "nothing is written to the config directory")
    }

    @Test("The cache's -wal and -shm files are 0600 while a program has the cache open")
    func companionFileModes() throws {
        let home = try Home()
        let server = try FakeNYTServer()
        server.setFault(.hang)
        let output = home.directory.path("refresh.out")
        // SQLite removes -wal and -shm when the last connection closes: look while a refresh waits on the server.
        let refresh = try ChildProcess(
            ProgramBinary.url.path,
            ["refresh", "--section", "world", "--api-base-url", server.baseURL.absoluteString],
            environment: home.environment(["NYT_API_KEY": "modes-test-key"]),
            output: output, errorOutput: nil
        )
        defer { _ = try? refresh.kill() }
        let database = home.dataDirectory.appendingPathComponent("cache.sqlite").path
        #expect(server.waitForRequests(1, timeout: 20), "the refresh reached the server")
        for suffix in ["-wal", "-shm"] {
            let companion = URL(fileURLWithPath: database + suffix)
            #expect(FileManager.default.fileExists(atPath: companion.path), "\(companion.lastPathComponent) exists while the cache is open")
            #expect(Self.permissions(companion) == 0o600, "\(companion.lastPathComponent)")
        }
    }

    @Test("A cache in the default place that others could read is made private")
    func existingCacheMadePrivate() throws {
        let home = try Home()
        try FileManager.default.createDirectory(at: home.dataDirectory, withIntermediateDirectories: true)
        let database = home.dataDirectory.appendingPathComponent("cache.sqlite")
        try Data().write(to: database)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: database.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home.dataDirectory.path)
        let list = try run(["list", "--limit", "1"], home.environment())
        #expect(list.status == 0, "stderr: \(list.errorOutput)")
        #expect(Self.permissions(database) == 0o600)
        #expect(Self.permissions(home.dataDirectory) == 0o700)
    }

    @Test("--db puts the cache where it says, 0600, and config reports it")
    func databaseOption() throws {
        let home = try Home()
        let database = home.url.appendingPathComponent("elsewhere.sqlite")
        let list = try run(["list", "--db", database.path, "--limit", "1"], home.environment())
        #expect(list.status == 0, "stderr: \(list.errorOutput)")
        #expect(Self.permissions(database) == 0o600)
        #expect(!FileManager.default.fileExists(atPath: home.dataDirectory.path))
        let config = try run(["config", "--db", database.path], home.environment())
        #expect(config.output.contains("database:      \(database.path) (option --db)"))
    }

    // MARK: - Config file

    @Test("Problems in the config file are one warning line each; the program goes on with the rest")
    func configProblems() throws {
        let home = try Home()
        try home.writeConfig(
            """
            default_section = "world"
            colour = false
            retention_days = "forever"
            """)
        let config = try run(["config"], home.environment())
        #expect(config.status == 0)
        #expect(
            config.errorOutput == """
                nytreader: ~/.config/nytreader/config.toml line 2: unknown key 'colour'
                nytreader: ~/.config/nytreader/config.toml line 3: 'retention_days' must be a whole number from 1 to 3650 (got "forever")

                """)
        #expect(config.output.contains("default_section = \"world\"         # config file line 1"))
        #expect(config.output.contains("retention_days = 30               # default"))

        let list = try run(["list", "--section", "world", "--limit", "2"], home.environment())
        #expect(list.status == 0)
        #expect(list.output.split(separator: "\n").count == 2)
        #expect(list.errorOutput.split(separator: "\n").count == 2)
    }

    @Test("A [keys] entry with an unknown action or key is a warning from every command, config included")
    func keyBindingProblems() throws {
        let home = try Home()
        try home.writeConfig(
            """
            colors = false
            [keys]
            refresh = "ctrl-zz"
            reload = "R"
            quit = "Q"
            """)
        let warnings = """
            nytreader: ~/.config/nytreader/config.toml line 3: 'keys.refresh': unknown key 'ctrl-zz' (e.g. R, ctrl-r, \
            up, pgdn, home, enter, esc, tab, space)
            nytreader: ~/.config/nytreader/config.toml line 4: 'keys.reload': unknown action (actions: up, down, \
            page_up, page_down, first, last, open, back, switch_pane, refresh, refresh_followed, search, nyt_search, trend, \
            sections, browser, copy_link, toggle_read, toggle_saved, saved, next_unread, unread_only, mark_all_read, forget, \
            narrow_list, widen_list, zoom_list, help, quit)

            """
        let config = try run(["config"], home.environment())
        #expect(config.status == 0)
        #expect(config.errorOutput == warnings)
        let quit = config.output.split(separator: "\n").first { $0.hasPrefix("quit = \"Q\" ") }
        #expect(quit?.hasSuffix("# config file line 5") == true, "\(config.output)")
        for (entry, line) in [("refresh = \"ctrl-zz\"", 3), ("reload = \"R\"", 4)] {
            let shown = config.output.split(separator: "\n").first { $0.contains(entry) }
            #expect(shown?.hasPrefix("# " + entry) == true, "a rejected entry is not shown as in effect: \(config.output)")
            #expect(shown?.hasSuffix("# config file line \(line), not used (see the warning)") == true)
        }
        let list = try run(["list", "--limit", "1"], home.environment())
        #expect(list.status == 0)
        #expect(list.errorOutput == warnings)
    }

    @Test("A [keys] entry that takes another action's last key is warned about and shown in effect, as the reader applies it")
    func keyTakenFromAnother() throws {
        let home = try Home()
        try home.writeConfig("colors = false\n[keys]\nsaved = \"m\"\n")
        let config = try run(["config"], home.environment())
        #expect(config.status == 0)
        #expect(config.errorOutput.contains("'keys.saved': m was toggle_read's key, which now has none"), "\(config.errorOutput)")
        let saved = config.output.split(separator: "\n").first { $0.contains("saved = \"m\"") }
        #expect(saved?.hasPrefix("saved = \"m\"") == true, "not commented out: \(config.output)")
        #expect(saved?.hasSuffix("# config file line 3") == true, "\(saved ?? "")")
    }

    @Test("A config file that is not TOML is one warning with its line; every default applies")
    func configSyntaxError() throws {
        let home = try Home()
        try home.writeConfig("colors = false\n[keys\nrefresh = \"R\"\n")
        let config = try run(["config"], home.environment())
        #expect(config.status == 0)
        #expect(config.errorOutput.hasPrefix("nytreader: ~/.config/nytreader/config.toml line 2: not valid TOML ("))
        #expect(config.errorOutput.split(separator: "\n").count == 1)
        #expect(config.output.contains("enabled = true                    # default"))
    }

    @Test("config lists every setting, set or not: mouse, copy_links and each [colors] role with the reader's color")
    func everySetting() throws {
        let home = try Home()
        try home.writeConfig("[colors]\nunread = \"magenta\"\n")
        let config = try run(["config"], home.environment())
        #expect(config.status == 0 && config.errorOutput.isEmpty, "\(config.errorOutput)")
        for line in [
            "mouse = true                      # default", "copy_links = true                 # default", "[colors]",
            "enabled = true                    # default", "title = ", "selected = ", "dim = ", "accent = ", "status = ", "error = ",
            "unread = \"magenta\"                # config file line 2",
        ] {
            #expect(config.output.contains("\n" + line), "\(line) in \(config.output)")
        }
        let help = try run(["config", "--help"], home.environment())
        for name in [
            "default_section", "mouse", "copy_links", "list_width", "request_timeout_seconds", "enabled", "title", "selected", "dim",
            "unread",
        ] {
            #expect(help.output.contains("  \(name) = "), "\(name) in config --help")
        }
    }

    // MARK: - API key

    @Test("The key comes from NYT_API_KEY, then --api-key-file, then the default file")
    func keyPrecedence() throws {
        let home = try Home()
        let optionFile = home.url.appendingPathComponent("option.key")
        try home.writeKey("option-key", to: optionFile, mode: 0o600)
        try home.writeKey("default-key", to: home.configDirectory.appendingPathComponent("api-key"), mode: 0o600)

        let fromEnvironment = try run(["config", "--api-key-file", optionFile.path], home.environment(["NYT_API_KEY": "env-key"]))
        #expect(fromEnvironment.output.contains("API key:       set (NYT_API_KEY)"))
        let fromOption = try run(["config", "--api-key-file", optionFile.path], home.environment())
        #expect(fromOption.output.contains("API key:       set (file \(optionFile.path))"))
        let fromDefault = try run(["config"], home.environment())
        #expect(fromDefault.output.contains("API key:       set (file \(home.configDirectory.path)/api-key)"))
        for result in [fromEnvironment, fromOption, fromDefault] {
            #expect(result.errorOutput.isEmpty)
            for key in ["env-key", "option-key", "default-key"] {
                #expect(!result.output.contains(key))
            }
        }
    }

    @Test("A key file others can read is warned about once")
    func keyFileWarning() throws {
        let home = try Home()
        let keyFile = home.configDirectory.appendingPathComponent("api-key")
        try home.writeKey("readable-key", to: keyFile, mode: 0o644)
        let warning = "nytreader: the API key file \(keyFile.path) is readable by other users; run chmod 600 \(keyFile.path)\n"
        let config = try run(["config"], home.environment())
        #expect(config.errorOutput == warning)
        let status = try run(["archive", "--status"], home.environment())
        #expect(status.errorOutput == warning)
        #expect(try run(["list", "--limit", "1"], home.environment()).errorOutput.isEmpty, "list reads no key")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile.path)
        #expect(try run(["archive", "--status"], home.environment()).errorOutput.isEmpty)
    }

    @Test("No log line and no message ever holds the key, even when the server echoes it")
    func keyNeverLeaks() throws {
        let home = try Home()
        let key = "Zq7-fake-key-4711"
        let keyFile = home.url.appendingPathComponent("nyt.key")
        try home.writeKey(key, to: keyFile, mode: 0o600)
        let server = try FakeNYTServer(servesFixtures: false)
        server.setFault(.echoRequestLine)
        let closedPort = try RefusingPort().port

        let results = [
            try run(
                ["refresh", "--section", "world", "--api-base-url", "http://127.0.0.1:\(closedPort)"],
                home.environment(["NYT_API_KEY": key])),
            try run(
                [
                    "refresh", "--query", "climate", "--verbose", "--api-base-url", "http://127.0.0.1:\(server.port)",
                    "--api-key-file", keyFile.path,
                ], home.environment()),
            try run(
                ["refresh", "--section", "arts", "--api-base-url", "http://127.0.0.1:\(server.port)"],
                home.environment(["NYT_API_KEY": key])),
            try run(["config", "--verbose"], home.environment(["NYT_API_KEY": key])),
            try run(["list", "--verbose", "--section", "world"], home.environment(["NYT_API_KEY": key])),
        ]
        #expect(results.map(\.status) == [69, 77, 77, 0, 0])
        #expect(results[0].errorOutput.contains("Offline — the NYT could not be reached"))
        #expect(results[1].errorOutput.contains("NYT rejected the API key (401)"))
        for result in results {
            #expect(!result.output.contains(key))
            #expect(!result.errorOutput.contains(key))
        }

        let log = home.log()
        #expect(!log.contains(key))
        #expect(log.contains("warning nytreader: GET /svc/topstories/v2/world.json?api-key=<redacted> failed after"))
        #expect(log.contains("refresh world failed: Offline — the NYT could not be reached"))
        #expect(
            log.range(
                of:
                    #"info nytreader: GET /svc/search/v2/articlesearch\.json\?q=climate&sort=newest&page=0&api-key=<redacted> 401 \d+ ms \d+ bytes"#,
                options: .regularExpression) != nil, "log:\n\(log)")
        #expect(
            log.contains(
                "body: {\"fault\":{\"faultstring\":\"Invalid ApiKey for GET /svc/search/v2/articlesearch.json?q=climate&sort=newest&page=0&api-key=<redacted> HTTP/1.1\""
            ), "the echoed key is redacted")
        #expect(log.contains("GET /svc/topstories/v2/arts.json?api-key=<redacted> 401"))
        let debugRequests = log.split(separator: "\n").filter { $0.contains(" debug nytreader: GET ") }
        #expect(debugRequests.count == 2, "only the --verbose run logs at debug level: \(debugRequests)")
        #expect(debugRequests.allSatisfy { $0.contains("articlesearch.json") })
    }
}

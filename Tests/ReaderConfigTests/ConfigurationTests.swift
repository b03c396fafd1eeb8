import Foundation
@_spi(Testing) import ReaderConfig
import TestSupport
import Testing

@Suite("The effective configuration")
struct ConfigurationTests {
    /// A fresh HOME whose `~/.config/nytreader/config.toml` holds `config`.
    static func home(config: String) throws -> TemporaryDirectory {
        let home = try TemporaryDirectory()
        let configDirectory = home.url.appendingPathComponent(".config/nytreader")
        try FileManager.default.createDirectory(at: configDirectory, withIntermediateDirectories: true)
        try config.write(to: configDirectory.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        return home
    }

    @Test("The report lists the files, whether a key is set, and every setting with its source")
    func report() throws {
        let home = try Self.home(
            config: """
                retention_days = 7
                [keys]
                refresh = "R"
                """)
        let secret = "report-secret-key"
        let configuration = Configuration(
            environment: ["HOME": home.url.path, "NYT_API_KEY": secret, "NO_COLOR": "1"],
            databaseOption: "/tmp/other.sqlite",
            apiKeyFileOption: nil,
            verbose: true
        )
        let root = home.url.path
        #expect(configuration.problems.isEmpty)
        #expect(
            configuration.report(standardColors: [.header: 4, .muted: 8, .error: 1, .status: -1]) == [
                "config file:   \(root)/.config/nytreader/config.toml",
                "database:      /tmp/other.sqlite (option --db)",
                "API key file:  \(root)/.config/nytreader/api-key (not read: NYT_API_KEY is set)",
                "log file:      \(root)/.local/state/nytreader/nytreader.log (level debug, option --verbose)",
                "image cache:   \(root)/.cache/nytreader/images",
                "API key:       set (NYT_API_KEY)",
                "",
                "default_section = \"home\"          # default",
                "refresh_after_minutes = 15        # default",
                "auto_refresh_minutes = 15         # default",
                "retention_days = 7                # config file line 1",
                "maximum_articles = 20000          # default",
                "feeds = [\"home\"]                  # default",
                "mark_read_on_select = false       # default",
                "mouse = true                      # default",
                "copy_links = true                 # default",
                "list_width = 40                   # default",
                "request_timeout_seconds = 15      # default",
                "images = \"off\"                    # environment NO_COLOR",
                "image_height_percent = 40         # default",
                "image_cache_mb = 200              # default",
                "prefetch_images = false           # default",
                "",
                "[colors]",
                "enabled = false                   # environment NO_COLOR",
                "title = \"blue\"                    # default",
                "dim = 8                           # default",
                "status = \"default\"                # default",
                "error = \"red\"                     # default",
                "",
                "[keys]",
                "refresh = \"R\"                     # config file line 3",
            ])
        #expect(!configuration.report().joined().contains(secret))
    }

    @Test("[keys] entries the reader rejects, and those naming no action, are listed commented out, as not in effect")
    func unusedKeyBindings() throws {
        let home = try Self.home(
            config: """
                [keys]
                refresh = "F13"
                reload = "R"
                """)
        let configuration = Configuration(environment: ["HOME": home.url.path], databaseOption: nil, apiKeyFileOption: nil, verbose: false)
        #expect(
            Array(configuration.report(unusedKeyBindings: [.refresh]).suffix(3)) == [
                "[keys]                            # none rebound; the reader's defaults apply",
                "# refresh = \"F13\"                   # config file line 2, not used (see the warning)",
                "# reload = \"R\"                      # config file line 3, not used (see the warning)",
            ])
        #expect(
            Array(configuration.report().suffix(3)) == [
                "[keys]",
                "refresh = \"F13\"                   # config file line 2",
                "# reload = \"R\"                      # config file line 3, not used (see the warning)",
            ])
    }

    @Test("With no key and no config file the report says so")
    func emptyHome() throws {
        let home = try TemporaryDirectory()
        let configuration = Configuration(environment: ["HOME": home.url.path], databaseOption: nil, apiKeyFileOption: nil, verbose: false)
        let report = configuration.report()
        #expect(report.first == "config file:   \(home.url.path)/.config/nytreader/config.toml (not found; defaults in use)")
        #expect(report.contains("API key:       not set"))
        #expect(report.contains("API key file:  \(home.url.path)/.config/nytreader/api-key (default; not found)"))
        #expect(report.last == "[keys]                            # none rebound; the reader's defaults apply")
        #expect(configuration.database == Setting(home.url.appendingPathComponent(".local/share/nytreader/cache.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: home.url.appendingPathComponent(".local").path), "building it creates nothing")
    }

    @Test("Paths holding a line break or an escape are one terminal-safe line each")
    func hostilePaths() throws {
        let home = try TemporaryDirectory()
        let root = home.url.path + "/a\nb\u{1B}[2Jc"
        let configuration = Configuration(environment: ["HOME": root], databaseOption: nil, apiKeyFileOption: nil, verbose: false)
        let report = configuration.report()
        #expect(report.allSatisfy { !$0.contains("\n") && !$0.contains("\u{1B}") }, "\(report)")
        #expect(report.first?.hasPrefix("config file:   \(home.url.path)/a bc/.config/nytreader/config.toml") == true, "\(report)")
    }

    @Test("A key file named by the option that is missing makes the key unusable, said without a key")
    func unusableKey() throws {
        let home = try TemporaryDirectory()
        let configuration = Configuration(
            environment: ["HOME": home.url.path], databaseOption: nil, apiKeyFileOption: "/nonexistent/key", verbose: false
        )
        #expect(configuration.report().contains("API key:       not usable: The API key file /nonexistent/key does not exist."))
        #expect(configuration.report().contains("API key file:  /nonexistent/key (option --api-key-file; not found)"))
    }
}

import FoundationEssentials
import NewsCore
import TerminalPictures

/// Everything the program reads before it opens anything: the paths, the settings (with the config
/// file's problems), where the database is and where the API key comes from. Building one has no
/// side effect: nothing is created and the key is not read until `apiKey()`.
public struct Configuration: Sendable {
    public let paths: AppPaths
    public let settings: Settings
    /// Problems in the config file, one warning each; the settings concerned kept their defaults.
    public let problems: [ConfigProblem]
    /// The cache database: `--db` or the XDG default.
    public let database: Setting<URL>
    /// Where the API key is looked for.
    let keySource: APIKeySource
    /// Debug-level logging (`--verbose`).
    public let verbose: Bool

    private let environment: [String: String]

    /// - Parameters:
    ///   - databaseOption: the `--db` value.
    ///   - apiKeyFileOption: the `--api-key-file` value.
    public init(environment: [String: String], databaseOption: String?, apiKeyFileOption: String?, verbose: Bool) {
        let paths = AppPaths(environment: environment)
        self.paths = paths
        self.environment = environment
        (settings, problems) = Settings.load(
            configFile: paths.configFile,
            displayName: paths.abbreviated(paths.configFile),
            environment: environment
        )
        database =
            databaseOption.map { Setting(URL(fileURLWithPath: $0), source: .option("--db")) }
            ?? Setting(paths.database)
        keySource = APIKeySource(
            environment: environment,
            keyFile: apiKeyFileOption.map { URL(fileURLWithPath: $0) },
            defaultKeyFile: paths.apiKeyFile
        )
        self.verbose = verbose
    }

    /// Reads the API key from the first source that has one.
    public func apiKey() throws(APIKeyError) -> APIKey? {
        try keySource.resolve()
    }

    // MARK: - Report

    /// What `nytreader config` prints: the files in use, whether a key is set (never the key), then every
    /// setting as a line of TOML with where it came from.
    /// - Parameters:
    ///   - unusedKeyBindings: the `[keys]` entries the reader's key map rejects; they are shown commented
    ///     out, as not in effect, like the entries that name no action.
    ///   - standardColors: the reader's own color of each role, listed for the roles `[colors]` leaves.
    public func report(unusedKeyBindings: Set<Action> = [], standardColors: [ColorRole: Int] = [:]) -> [String] {
        let keyLine: String
        do {
            keyLine = try apiKey()?.description ?? "not set"
        } catch {
            keyLine = "not usable: \(error)"
        }
        let configState = FileManager.default.fileExists(atPath: paths.configFile.path) ? "" : " (not found; defaults in use)"
        let keyFileState: String
        if environment[APIKeySource.variable].map({ !$0.trimmed().isEmpty }) == true {
            keyFileState = " (not read: \(APIKeySource.variable) is set)"
        } else {
            let exists = FileManager.default.fileExists(atPath: keySource.effectiveKeyFile.path)
            keyFileState =
                " (\(keySource.effectiveKeyFile == paths.apiKeyFile ? "default" : "option --api-key-file")\(exists ? "" : "; not found"))"
        }
        // Paths from the environment may hold line breaks or escapes: shown terminal-safe, one line each.
        var lines = [
            "config file:   \(paths.configFile.path.terminalSafe)\(configState)",
            "database:      \(database.value.path.terminalSafe) (\(database.source))",
            "API key file:  \(keySource.effectiveKeyFile.path.terminalSafe)\(keyFileState)",
            "log file:      \(paths.logFile.path.terminalSafe) (level \(verbose ? "debug, option --verbose" : "info"))",
            "image cache:   \(paths.imageCache.path.terminalSafe)",
            "API key:       \(keyLine)",
            "",
        ]
        lines += settingLines(unusedKeyBindings: unusedKeyBindings, standardColors: standardColors)
        return lines
    }

    /// `15` for a whole number, `0.5` otherwise: as TOML has it.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Every setting as `name = value  # source`, then the `[colors]` table with every role (its color
    /// from the file, else from `standardColors`), then the `[keys]` table, where entries in
    /// `unusedKeyBindings` and those naming no action are commented out.
    func settingLines(unusedKeyBindings: Set<Action>, standardColors: [ColorRole: Int] = [:]) -> [String] {
        func line(_ name: String, _ value: String, _ source: SettingSource) -> String {
            let assignment = "\(name) = \(value)"
            return assignment.padded(to: max(assignment.count + 1, 34)) + "# \(source)"
        }
        let timeout = settings.requestTimeoutSeconds.value
        let usedBindings = settings.keyBindings.filter { !unusedKeyBindings.contains($0.key) }
        let bindings =
            settings.keyBindings.map { (name: $0.key.rawValue, binding: $0.value, used: usedBindings[$0.key] != nil) }
            + settings.unknownKeyBindings.map { (name: $0.key, binding: $0.value, used: false) }
        var lines: [String] = [
            line("default_section", Self.quoted(settings.defaultSection.value.rawValue), settings.defaultSection.source),
            line("refresh_after_minutes", String(settings.refreshAfterMinutes.value), settings.refreshAfterMinutes.source),
            line("auto_refresh_minutes", Self.number(settings.autoRefreshMinutes.value), settings.autoRefreshMinutes.source),
            line("retention_days", String(settings.retentionDays.value), settings.retentionDays.source),
            line("maximum_articles", String(settings.maximumArticles.value), settings.maximumArticles.source),
        ]
        let feeds = "[" + settings.followedFeeds.value.map { Self.quoted($0.name) }.joined(separator: ", ") + "]"
        lines += [
            line("feeds", feeds, settings.followedFeeds.source),
            line("mark_read_on_select", String(settings.markReadOnSelect.value), settings.markReadOnSelect.source),
            line("mouse", String(settings.mouse.value), settings.mouse.source),
            line("copy_links", String(settings.copyLinks.value), settings.copyLinks.source),
            line("list_width", String(settings.listWidth.value), settings.listWidth.source),
            line("request_timeout_seconds", Self.number(timeout), settings.requestTimeoutSeconds.source),
            line("images", Self.quoted(settings.images.value.rawValue), settings.images.source),
            line("image_height_percent", String(settings.imageHeightPercent.value), settings.imageHeightPercent.source),
            line("image_cache_mb", String(settings.imageCacheMegabytes.value), settings.imageCacheMegabytes.source),
            line("prefetch_images", String(settings.prefetchImages.value), settings.prefetchImages.source),
        ]
        // `colors = true|false` and the table are one setting: the table, which holds every role, says it.
        lines += ["", "[colors]", line("enabled", String(settings.colors.value), settings.colors.source)]
        for role in ColorRole.configurable {
            guard let name = role.configName,
                let color = settings.colorTheme[role] ?? standardColors[role].map({ Setting($0) })
            else { continue }
            let value =
                color.value < 0 ? "\"default\"" : color.value < 8 ? Self.quoted(Settings.colorNames[color.value]) : String(color.value)
            lines.append(line(name, value, color.source))
        }
        lines += [
            "",
            usedBindings.isEmpty ? "[keys]                            # none rebound; the reader's defaults apply" : "[keys]",
        ]
        for (name, binding, used) in bindings.sorted(by: { $0.name < $1.name }) {
            let assignment = line(Self.tomlKey(name), Self.quoted(binding.value), binding.source)
            lines.append(used ? assignment : "# " + assignment + ", not used (see the warning)")
        }
        return lines
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.terminalSafe.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    /// A bare key when it can be one, else a quoted key.
    private static func tomlKey(_ name: String) -> String {
        let bare = !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
        return bare ? name : quoted(name)
    }
}

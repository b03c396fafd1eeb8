import FoundationEssentials
import NewsCore
import TOMLKit
import TerminalPictures

/// Reads the TOML config file into `Settings`. Every problem becomes a `ConfigProblem` and the setting
/// concerned keeps its default; a file that is not valid TOML gives one problem and all defaults.
@_spi(Testing) public enum ConfigFile {
    /// Applies the file at `url` to `settings`. A missing file is no problem: the defaults stand.
    /// - Parameter displayName: how messages name the file (e.g. `~/.config/nytreader/config.toml`).
    public static func load(_ url: URL, displayName: String, into settings: inout Settings) -> [ConfigProblem] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            return [
                ConfigProblem(
                    file: displayName, line: nil, key: nil,
                    message: "cannot be read as UTF-8 text; using the defaults")
            ]
        }
        return apply(text, displayName: displayName, to: &settings)
    }

    /// Applies the TOML document `text` to `settings`; returns the problems, in line order.
    public static func apply(_ text: String, displayName: String, to settings: inout Settings) -> [ConfigProblem] {
        let index = ConfigLineIndex(text: text)
        if let line = index.unreadableHeaderLine {
            return [
                ConfigProblem(
                    file: displayName, line: line, key: nil,
                    message: "not valid TOML (a table header starts with its name: [name]); using the defaults")
            ]
        }
        if let line = index.unreadableDateTimeLine {
            return [
                ConfigProblem(
                    file: displayName, line: line, key: nil,
                    message: "not valid TOML (a date's T is followed by its time: 1979-05-27T07:32:00Z); using the defaults")
            ]
        }
        if let line = ConfigLineIndex.unreadableArrayValueLine(in: text) {
            return [
                ConfigProblem(
                    file: displayName, line: line, key: nil,
                    message: "not valid TOML (an array holds values between its brackets: [1, 2]); using the defaults")
            ]
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            return [
                ConfigProblem(
                    file: displayName, line: error.source.begin.line, key: nil,
                    message: "not valid TOML (\(error.description.terminalSafe)); using the defaults")
            ]
        } catch {
            return [ConfigProblem(file: displayName, line: nil, key: nil, message: "not valid TOML; using the defaults")]
        }
        var problems: [ConfigProblem] = []
        func problem(_ path: [String], _ message: String) {
            problems.append(
                ConfigProblem(
                    file: displayName, line: index.line(of: path),
                    key: path.joined(separator: "."), message: message))
        }
        for key in table.keys {
            guard let value = table[key] else { continue }
            let source = SettingSource.configFile(line: index.line(of: [key]))
            if key == keysTable {
                applyKeyBindings(value, index: index, to: &settings, problem: problem)
            } else if key == colorsTable, let table = value.table {
                applyColorTheme(table, index: index, to: &settings, problem: problem)
            } else if let setter = setters[key] {
                if let message = setter(value, source, &settings) { problem([key], message) }
            } else {
                problem([key], "unknown key '\(key.terminalSafe)'")
            }
        }
        return problems.sorted { ($0.line ?? 0, $0.key ?? "") < ($1.line ?? 0, $1.key ?? "") }
    }

    // MARK: - Keys

    /// The table of key rebindings.
    static let keysTable = "keys"

    /// Sets one setting from a TOML value; returns what is wrong with the value, or nil.
    private typealias Setter = @Sendable (TOMLValueConvertible, SettingSource, inout Settings) -> String?

    /// The top-level keys, by name.
    private static let setters: [String: Setter] = [
        "default_section": { value, source, settings in
            guard let name = value.string else { return "'default_section' must be a section name in quotes, like \"world\"" }
            guard let section = Section(validating: name) else {
                return "'default_section' has an unknown section '\(name.terminalSafe)' (see 'nytreader sections')"
            }
            settings.defaultSection = Setting(section, source: source)
            return nil
        },
        "refresh_after_minutes": { value, source, settings in
            integer(value, key: "refresh_after_minutes", in: Settings.Limits.refreshAfterMinutes) {
                settings.refreshAfterMinutes = Setting($0, source: source)
            }
        },
        "auto_refresh_minutes": { value, source, settings in
            number(value, key: "auto_refresh_minutes", in: Settings.Limits.autoRefreshMinutes, unit: "minutes", lowest: "0 (off)") {
                settings.autoRefreshMinutes = Setting($0, source: source)
            }
        },
        "retention_days": { value, source, settings in
            integer(value, key: "retention_days", in: Settings.Limits.retentionDays) {
                settings.retentionDays = Setting($0, source: source)
            }
        },
        "maximum_articles": { value, source, settings in
            integer(value, key: "maximum_articles", in: Settings.Limits.maximumArticles) {
                settings.maximumArticles = Setting($0, source: source)
            }
        },
        "colors": { value, source, settings in
            boolean(value, key: "colors") { settings.colors = Setting($0, source: source) }
        },
        "mouse": { value, source, settings in
            boolean(value, key: "mouse") { settings.mouse = Setting($0, source: source) }
        },
        "copy_links": { value, source, settings in
            boolean(value, key: "copy_links") { settings.copyLinks = Setting($0, source: source) }
        },
        "feeds": { value, source, settings in
            let example = "like [\"home\", \"world\", \"popular:viewed:1\", \"latest\"]"
            guard let array = value.array else { return "'feeds' must be a list of feed names in quotes, \(example)" }
            guard array.count <= Settings.Limits.followedFeeds.upperBound else {
                return "'feeds' lists \(array.count) feeds; at most \(Settings.Limits.followedFeeds.upperBound)"
            }
            var feeds: [Feed] = []
            var unknown: [String] = []
            for element in array {
                guard let name = element.string else { return "'feeds' must be a list of feed names in quotes, \(example)" }
                guard let feed = Feed(name: name) else {
                    unknown.append("'\(name.terminalSafe.prefix(60))'")
                    continue
                }
                if !feeds.contains(feed) { feeds.append(feed) }
            }
            guard unknown.isEmpty else {
                // Every one named at once, so one edit mends them all.
                let names =
                    unknown.count > 5
                    ? unknown.prefix(5).joined(separator: ", ") + " and \(unknown.count - 5) more" : unknown.joined(separator: ", ")
                return "'feeds' has \(unknown.count == 1 ? "an unknown feed" : "unknown feeds") \(names) "
                    + "(a section, latest, saved, popular:viewed|emailed|shared:1|7|30, archive:YYYY-MM)"
            }
            settings.followedFeeds = Setting(feeds, source: source)
            return nil
        },
        "list_width": { value, source, settings in
            integer(value, key: "list_width", in: Settings.Limits.listWidth) {
                settings.listWidth = Setting($0, source: source)
            }
        },
        "mark_read_on_select": { value, source, settings in
            boolean(value, key: "mark_read_on_select") { settings.markReadOnSelect = Setting($0, source: source) }
        },
        "request_timeout_seconds": { value, source, settings in
            number(value, key: "request_timeout_seconds", in: Settings.Limits.requestTimeoutSeconds, unit: "seconds") {
                settings.requestTimeoutSeconds = Setting($0, source: source)
            }
        },
        "images": { value, source, settings in
            let names = PictureSetting.configValues
            guard let name = value.string, let images = PictureSetting(configValue: name) else {
                return "'images' must be one of \(names) in quotes, like \"auto\"\(shown(value))"
            }
            settings.images = Setting(images, source: source)
            return nil
        },
        "image_height_percent": { value, source, settings in
            integer(value, key: "image_height_percent", in: Settings.Limits.imageHeightPercent) {
                settings.imageHeightPercent = Setting($0, source: source)
            }
        },
        "image_cache_mb": { value, source, settings in
            integer(value, key: "image_cache_mb", in: Settings.Limits.imageCacheMegabytes) {
                settings.imageCacheMegabytes = Setting($0, source: source)
            }
        },
        "prefetch_images": { value, source, settings in
            boolean(value, key: "prefetch_images") { settings.prefetchImages = Setting($0, source: source) }
        },
    ]

    /// Sets a number (whole or not) within `limits`; what is wrong otherwise, naming the key, the unit and
    /// the range (`lowest` words the lower bound when it means more than its number).
    private static func number(
        _ value: TOMLValueConvertible, key: String, in limits: ClosedRange<Double>, unit: String, lowest: String? = nil,
        set: (Double) -> Void
    ) -> String? {
        guard let number = value.double ?? value.int.map(Double.init), limits.contains(number) else {
            let from = lowest ?? String(Int(limits.lowerBound))
            return "'\(key)' must be a number of \(unit) from \(from) to \(Int(limits.upperBound))\(shown(value))"
        }
        set(number)
        return nil
    }

    /// Sets a boolean; what is wrong otherwise, naming the key.
    private static func boolean(_ value: TOMLValueConvertible, key: String, set: (Bool) -> Void) -> String? {
        guard let flag = value.bool else { return "'\(key)' must be true or false" }
        set(flag)
        return nil
    }

    private static func integer(
        _ value: TOMLValueConvertible, key: String, in limits: ClosedRange<Int>, set: (Int) -> Void
    ) -> String? {
        guard let number = value.int, limits.contains(number) else {
            return "'\(key)' must be a whole number from \(limits.lowerBound) to \(limits.upperBound)\(shown(value))"
        }
        set(number)
        return nil
    }

    private static func applyKeyBindings(
        _ value: TOMLValueConvertible, index: ConfigLineIndex, to settings: inout Settings,
        problem: ([String], String) -> Void
    ) {
        guard let table = value.table else {
            problem([keysTable], "'keys' must be a table of action = \"key\" pairs, like [keys] refresh = \"R\"")
            return
        }
        for name in table.keys {
            let path = [keysTable, name]
            guard let key = table[name]?.string else {
                problem(path, "'keys.\(name.terminalSafe)' must be a key name in quotes, like \"R\"")
                continue
            }
            guard !key.trimmed().isEmpty else {
                problem(path, "'keys.\(name.terminalSafe)' names no key: give one in the quotes, like \"R\"")
                continue
            }
            let binding = Setting(key, source: .configFile(line: index.line(of: path)))
            guard let action = Action(rawValue: name) else {
                problem(
                    path,
                    "'keys.\(name.terminalSafe)': unknown action (actions: \(Action.allCases.map(\.rawValue).joined(separator: ", ")))")
                settings.unknownKeyBindings[name] = binding
                continue
            }
            settings.keyBindings[action] = binding
        }
    }

    /// `colors` as a table: `enabled` and a color for each role.
    static let colorsTable = "colors"

    private static func applyColorTheme(
        _ table: TOMLTable, index: ConfigLineIndex, to settings: inout Settings, problem: ([String], String) -> Void
    ) {
        for name in table.keys {
            let path = [colorsTable, name]
            guard let value = table[name] else { continue }
            let source = SettingSource.configFile(line: index.line(of: path))
            if name == "enabled" {
                guard let enabled = value.bool else {
                    problem(path, "'colors.enabled' must be true or false\(shown(value))")
                    continue
                }
                settings.colors = Setting(enabled, source: source)
                continue
            }
            guard let role = ColorRole(configName: name) else {
                let roles = ColorRole.configurable.compactMap(\.configName).joined(separator: ", ")
                problem(path, "unknown color role '\(name.terminalSafe)' (roles: \(roles), and enabled)")
                continue
            }
            let number: Int?
            if let text = value.string {
                number = text == "default" ? -1 : Settings.colorNames.firstIndex(of: text.lowercased())
            } else if let integer = value.int, (0...255).contains(integer) {
                number = integer
            } else {
                number = nil
            }
            guard let number else {
                problem(
                    path, "'colors.\(name)' must be \(Settings.colorNames.joined(separator: ", ")), default, or 0 to 255\(shown(value))")
                continue
            }
            settings.colorTheme[role] = Setting(number, source: source)
        }
    }

    /// ` (got -3)` for a scalar value, nothing for tables and arrays.
    private static func shown(_ value: TOMLValueConvertible) -> String {
        switch value.type {
        case .table, .array: return ""
        default: return " (got \(value.debugDescription.terminalSafe.prefix(40)))"
        }
    }
}

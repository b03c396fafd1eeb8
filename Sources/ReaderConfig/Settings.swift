import FoundationEssentials
import NewsCore
import TerminalPictures

/// Where a setting's value came from, for `nytreader config`.
public enum SettingSource: Hashable, Sendable, CustomStringConvertible {
    /// The built-in default.
    case defaultValue
    /// The config file, at `line` when it could be found.
    case configFile(line: Int?)
    /// An environment variable, e.g. `NO_COLOR`.
    case environment(String)
    /// A command-line option, e.g. `--db`.
    case option(String)

    public var description: String {
        switch self {
        case .defaultValue: return "default"
        case .configFile(let line?): return "config file line \(line)"
        case .configFile(nil): return "config file"
        case .environment(let variable): return "environment \(variable)"
        case .option(let option): return "option \(option)"
        }
    }
}

/// A value and where it came from.
public struct Setting<Value: Hashable & Sendable>: Hashable, Sendable {
    public var value: Value
    public var source: SettingSource

    public init(_ value: Value, source: SettingSource = .defaultValue) {
        self.value = value
        self.source = source
    }
}

/// The effective settings: built-in defaults, overridden by the config file, then by the environment.
/// Every field has a default, so a missing or broken config file still gives a working program.
public struct Settings: Hashable, Sendable {
    /// The Top Stories section the reader opens (`default_section`).
    public var defaultSection = Setting(Section.home)
    /// On launch, a feed cached longer ago than this many minutes is refreshed (`refresh_after_minutes`).
    public var refreshAfterMinutes = Setting(15)
    /// While the reader is open, the feed on screen is refreshed every this many minutes; 0 turns it off
    /// (`auto_refresh_minutes`).
    public var autoRefreshMinutes = Setting(15.0)
    /// Articles that left every feed and are not saved are kept this many days (`retention_days`).
    public var retentionDays = Setting(30)
    /// The most unsaved articles the cache keeps (`maximum_articles`).
    public var maximumArticles = Setting(20_000)
    /// Whether the reader uses colors (`colors`; off with `NO_COLOR` unless the file says so, always off
    /// with `TERM=dumb`).
    public var colors = Setting(true)
    /// Foreground colors by role from the `[colors]` table: a color number (0–255, the first eight being
    /// black red green yellow blue magenta cyan white) or -1 for the terminal's default.
    public var colorTheme: [ColorRole: Setting<Int>] = [:]
    /// Whether the reader takes mouse clicks and the wheel (`mouse`).
    public var mouse = Setting(true)
    /// Whether `y` copies an article's link to the clipboard through the terminal (`copy_links`).
    public var copyLinks = Setting(true)
    /// The feeds the person follows, by name (`feeds`): first in the reader's picker, refreshed together by
    /// `R` and by `nytreader refresh` without a feed option.
    public var followedFeeds = Setting([Feed.topStories(.home)])
    /// Whether resting the selection on an article for half a second marks it read (`mark_read_on_select`).
    public var markReadOnSelect = Setting(false)
    /// Seconds the NYT may take to connect, or stall, before a request is given up (`request_timeout_seconds`).
    public var requestTimeoutSeconds = Setting(15.0)
    /// How the detail pane shows an article's photo (`images`: auto, kitty, iterm, sixel, symbols or off;
    /// off with `NO_COLOR` unless the file names one).
    public var images = Setting(PictureSetting.auto)
    /// The most of the detail pane's height the photo takes, in percent (`image_height_percent`).
    public var imageHeightPercent = Setting(40)
    /// The most megabytes of pictures kept for offline reading (`image_cache_mb`); 0 keeps none.
    public var imageCacheMegabytes = Setting(200)
    /// Whether a refresh in the reader also fetches its articles' photos ahead of time, within
    /// `image_cache_mb` (`prefetch_images`).
    public var prefetchImages = Setting(false)
    /// The list's share of a wide terminal's width, in percent (`list_width`; `<` and `>` change it).
    public var listWidth = Setting(40)
    /// Key rebindings from the `[keys]` table: action → key names, e.g. `.refresh` → `R`. The key names are
    /// only checked to be non-empty strings here; the reader's key map decides what they mean.
    public var keyBindings: [Action: Setting<String>] = [:]
    /// `[keys]` entries that name no action, by their name: reported as problems, kept to be listed as not
    /// in effect.
    public var unknownKeyBindings: [String: Setting<String>] = [:]

    /// The built-in defaults.
    public init() {}

    /// `[keys]` as action → key names pairs.
    public var keys: [Action: String] { keyBindings.mapValues(\.value) }

    /// The environment variable that sets `images` for one run, over the config file.
    public static let imagesVariable = "NYTREADER_IMAGES"

    /// The eight named colors, numbered 0–7 as terminals number them.
    static let colorNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// The allowed ranges, used to check the config file and quoted in its messages.
    public enum Limits {
        public static let refreshAfterMinutes = 0...525_600
        public static let autoRefreshMinutes = 0.0...1_440.0
        public static let retentionDays = 1...3_650
        public static let maximumArticles = 100...1_000_000
        public static let requestTimeoutSeconds = 1.0...300.0
        public static let followedFeeds = 0...100
        public static let imageHeightPercent = 10...90
        public static let imageCacheMegabytes = 0...100_000
        public static let listWidth = 20...80
    }
}

extension Settings {
    /// The defaults, then the config file at `configFile`, then the environment (`NO_COLOR`, `TERM`).
    /// Returns the problems found in the file; the settings they concern keep their defaults.
    public static func load(
        configFile: URL,
        displayName: String,
        environment: [String: String]
    ) -> (settings: Settings, problems: [ConfigProblem]) {
        var settings = Settings()
        let problems = ConfigFile.load(configFile, displayName: displayName, into: &settings)
        let environmentProblems = settings.applyEnvironment(environment)
        return (settings, problems + environmentProblems)
    }

    /// `NO_COLOR` (set and not empty) turns colors off unless the config file turns them on, as
    /// no-color.org asks, and pictures off unless the file sets `images`; `TERM=dumb` always turns colors
    /// off. `NYTREADER_IMAGES` (a value of `images`) wins over the file.
    /// Returns the problems of the variables it reads: a value of `NYTREADER_IMAGES` that is none of
    /// `images`' values is said, and left unused.
    mutating func applyEnvironment(_ environment: [String: String]) -> [ConfigProblem] {
        var problems: [ConfigProblem] = []
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        if environment["TERM"] == "dumb" {
            colors = Setting(false, source: .environment("TERM=dumb"))
        } else if noColor, colors.source == .defaultValue {
            colors = Setting(false, source: .environment("NO_COLOR"))
        }
        if let value = environment[Self.imagesVariable], !value.isEmpty {
            if let setting = PictureSetting(configValue: value) {
                images = Setting(setting, source: .environment(Self.imagesVariable))
            } else {
                problems.append(
                    ConfigProblem(
                        file: "the environment", line: nil, key: nil,
                        message:
                            "\(Self.imagesVariable)=\(value.terminalSafe.prefix(60)) is not used: it must be one of \(PictureSetting.configValues)"
                    ))
            }
        }
        if noColor, images.source == .defaultValue {
            images = Setting(.off, source: .environment("NO_COLOR"))
        }
        return problems
    }
}

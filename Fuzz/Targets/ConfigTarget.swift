import NewsCore
@_spi(Testing) import ReaderConfig
import TerminalUI

/// The config file: any bytes, read as UTF-8, applied as `config.toml` (TOMLKit's parser, then the
/// settings, the `[keys]` and `[colors]` tables and the line index), then the key bindings read into a key
/// map. Every value set must be within its limits, every message one line of safe text with a real line.
enum ConfigTarget {
    static let target = FuzzTarget(name: "config") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        var settings = Settings()
        let problems = ConfigFile.apply(text, displayName: "config.toml", to: &settings)
        let lineCount = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
        for problem in problems {
            requireSafe(problem.description)
            if let line = problem.line {
                FuzzCheck.require((1...max(1, lineCount)).contains(line), "line \(line) of \(lineCount): \(problem)")
            }
        }
        let lines = problems.map { $0.line ?? 0 }
        FuzzCheck.require(lines == lines.sorted(), "problems out of line order: \(lines)")
        FuzzCheck.require(Settings.Limits.refreshAfterMinutes.contains(settings.refreshAfterMinutes.value), "refresh_after_minutes")
        FuzzCheck.require(Settings.Limits.autoRefreshMinutes.contains(settings.autoRefreshMinutes.value), "auto_refresh_minutes")
        FuzzCheck.require(Settings.Limits.retentionDays.contains(settings.retentionDays.value), "retention_days")
        FuzzCheck.require(Settings.Limits.maximumArticles.contains(settings.maximumArticles.value), "maximum_articles")
        FuzzCheck.require(Settings.Limits.requestTimeoutSeconds.contains(settings.requestTimeoutSeconds.value), "request_timeout_seconds")
        for (role, color) in settings.colorTheme {
            FuzzCheck.require(ColorRole.configurable.contains(role) && (-1...255).contains(color.value), "color \(role) = \(color.value)")
        }
        let keyMap = KeyMap(overrides: settings.keys)
        for problem in keyMap.problems { requireSafe(problem.message) }
        _ = KeyMap.reference(keyMap)
    }

    /// Text printed to the terminal holds nothing the sanitizer would remove.
    private static func requireSafe(_ text: String) {
        FuzzCheck.require(text.terminalSafe.unicodeScalars.elementsEqual(text.unicodeScalars), "unsafe text: \(text.debugDescription)")
    }
}

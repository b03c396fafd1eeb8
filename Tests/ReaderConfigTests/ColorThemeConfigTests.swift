import Foundation
import NewsCore
@_spi(Testing) import ReaderConfig
import Testing

/// The `[colors]` table: `enabled` and a foreground color per role, each bad entry one warning with its line.
@Suite("The [colors] table")
struct ColorThemeConfigTests {
    static func apply(_ text: String) -> (Settings, [ConfigProblem]) {
        var settings = Settings()
        let problems = ConfigFile.apply(text, displayName: "config.toml", to: &settings)
        return (settings, problems)
    }

    @Test("Named colors, default and 0–255 set their roles; enabled turns colors on or off")
    func good() {
        let (settings, problems) = Self.apply(
            """
            [colors]
            enabled = false
            unread = "magenta"
            title = 202
            dim = "default"
            error = "RED"
            """)
        #expect(problems.isEmpty)
        #expect(settings.colors.value == false)
        #expect(settings.colorTheme.mapValues(\.value) == [.unread: 5, .header: 202, .muted: -1, .error: 1])
        #expect(settings.colorTheme[.unread]?.source == .configFile(line: 3))
    }

    @Test("A bad color, an unknown role or a bad enabled is one warning each, with its line; the rest applies")
    func bad() {
        let (settings, problems) = Self.apply(
            """
            [colors]
            error = "pink"
            selected = 300
            sparkle = "red"
            enabled = "yes"
            unread = "green"
            """)
        #expect(problems.map(\.line) == [2, 3, 4, 5])
        #expect(
            problems[0].message
                == "'colors.error' must be black, red, green, yellow, blue, magenta, cyan, white, default, or 0 to 255 (got \"pink\")")
        #expect(
            problems[2].message == "unknown color role 'sparkle' (roles: title, selected, dim, accent, status, error, unread, and enabled)")
        #expect(settings.colorTheme.mapValues(\.value) == [.unread: 2])
        #expect(settings.colors.value == true)
    }

    @Test("colors = false at the top level still works")
    func plainSwitch() {
        let (settings, problems) = Self.apply("colors = false\n")
        #expect(problems.isEmpty)
        #expect(settings.colors.value == false)
        #expect(settings.colorTheme.isEmpty)
    }
}

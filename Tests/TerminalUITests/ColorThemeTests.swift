import ReaderConfig
@testable import TerminalUI
import Testing

/// The theme the screen uses: the config's role names reach the right roles.
@Suite("Color theme")
struct ColorThemeTests {
    @Test("Every role the config accepts is a role of the screen, and every colored role can be set")
    func rolesAgree() {
        let colored = ColorRole.allCases.compactMap(\.configName)
        #expect(Set(colored) == Set(Settings.colorRoles))
    }

    @Test("Overrides replace the standard colors; numbers the terminal cannot show keep them")
    func overrides() {
        let theme = ColorTheme.configured(["unread": 5, "title": 202, "dim": -1], colorCount: 256)
        #expect(theme.foregrounds[.unread] == 5)
        #expect(theme.foregrounds[.header] == 202)
        #expect(theme.foregrounds[.muted] == -1)
        #expect(theme.foregrounds[.error] == 1)
        let eight = ColorTheme.configured(["title": 202], colorCount: 8)
        #expect(eight.foregrounds[.header] == 4)
    }
}

import NewsCore
import Testing

@testable import TerminalUI

/// The theme the screen uses: the config's roles reach the right colors.
@Suite("Color theme")
struct ColorThemeTests {
    @Test("Every colored role can be set from the config, by a name of its own")
    func rolesAgree() {
        let colored = Set(ColorTheme.standard().foregrounds.keys)
        #expect(Set(ColorRole.configurable) == colored)
        #expect(Set(ColorRole.configurable.compactMap(\.configName)).count == colored.count)
        #expect(ColorRole.configurable.allSatisfy { ColorRole(configName: $0.configName!) == $0 })
        #expect(ColorRole(configName: "normal") == nil)
    }

    @Test("Overrides replace the standard colors; numbers the terminal cannot show keep them")
    func overrides() {
        let theme = ColorTheme.configured([.unread: 5, .header: 202, .muted: -1], colorCount: 256)
        #expect(theme.foregrounds[.unread] == 5)
        #expect(theme.foregrounds[.header] == 202)
        #expect(theme.foregrounds[.muted] == -1)
        #expect(theme.foregrounds[.error] == 1)
        let eight = ColorTheme.configured([.header: 202], colorCount: 8)
        #expect(eight.foregrounds[.header] == 4)
    }
}

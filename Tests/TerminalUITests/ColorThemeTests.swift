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

    @Test("On a direct-color terminal the numbers 8–255 are sent as their RGB colors (xterm's palette); 0–7 and -1 stay")
    func directColor() {
        let direct = ColorTheme.configured([.unread: 196, .header: 244, .error: 9, .accent: 21], colorCount: 1 << 24)
        func color(_ role: ColorRole) -> Int? { direct.foregrounds[role].map(Int.init) }
        #expect(color(.muted) == 0x7F7F7F, "bright black, not RGB (0, 0, 8)")
        #expect(color(.error) == 0xFF0000)
        #expect(color(.unread) == 0xFF0000, "196 in the color cube")
        #expect(color(.accent) == 0x0000FF, "21 in the color cube")
        #expect(color(.header) == 0x808080, "244 on the gray ramp")
        #expect(color(.selection) == 6 && color(.status) == -1, "the terminal's own colors 0–7 are kept")
        let palette = ColorTheme.configured([:], colorCount: 256)
        #expect(palette.foregrounds[.muted].map(Int.init) == 8, "a palette terminal keeps the numbers")
    }
}

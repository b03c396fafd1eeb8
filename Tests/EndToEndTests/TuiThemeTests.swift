import Foundation
import TestSupport
import Testing

/// The `[colors]` table in a real terminal.
@Suite("Color theme in the reader", .serialized, .timeLimit(.minutes(2)))
struct TuiThemeTests {
    @Test("[colors] unread = \"magenta\" draws the unread marks in magenta; a bad value is a warning with its line")
    func theme() throws {
        let reader = try TuiHarness()
        try reader.writeConfig("[colors]\nunread = \"magenta\"\nerror = \"pink\"\n")
        try reader.launch()
        let styled = try reader.styledScreen()
        let marks = styled.components(separatedBy: "•").dropLast().map { String($0.suffix(12)) }
        #expect(marks.count > 5)
        #expect(marks.dropFirst().allSatisfy { $0.contains("35m") }, "unread marks in magenta: \(marks.prefix(3))")
        #expect(!styled.contains("[32m•"), "not in the standard green")
        #expect(try reader.quit() == 0)
        let screen = try reader.tmux.screen()
        #expect(screen.contains("config.toml line 3: 'colors.error' must be black, red"), "\(screen)")
    }
}

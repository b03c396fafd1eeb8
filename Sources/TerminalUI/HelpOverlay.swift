import NewsCore
import ReaderViewModel

/// Every key and what it does, as the key map binds them, with each action's name in the `[keys]` table;
/// the config file's warnings; the NYT attribution. It scrolls when the terminal is too short for it
/// (`↑ more` / `↓ more` in its edges), and its bottom edge names the keys that close it.
struct HelpOverlay {
    static let attribution = "Data provided by The New York Times"
    static let title = "Keys"

    let keyMap: KeyMap

    /// One line of the help: an action's keys, what it does and its `[keys]` name; or a line of text.
    enum Line: Hashable {
        case entry(keys: String, summary: String, name: String)
        case text(String, TextStyle)
    }

    /// The overlay's entries: the keys bound to each action, what it does, and its `[keys]` name.
    func entries() -> [(keys: String, summary: String, name: String)] {
        var entries = Action.allCases.map { action in
            (keys: keyMap.keys(for: action).map(\.label).joined(separator: " "), summary: action.summary, name: action.rawValue)
        }
        entries.append((keys: "Ctrl-Z", summary: "suspend (fg to come back)", name: ""))
        if keyMap.action(for: .control("l")) == nil {
            entries.append((keys: "Ctrl-L", summary: "redraw the screen", name: ""))
        }
        return entries
    }

    /// The keys of the `/` and `f` prompts, which edit their line as a shell does (`PromptKeys`).
    static let promptEntries = PromptKeys.groups.map { (keys: $0.keys, summary: $0.summary, name: "") }
    static let promptTitle = "In the / and f prompts:"
    static let warningsTitle = "Config warnings (the setting keeps its default):"

    /// Every line, from the top: the config warnings when there are any (what the start's notice sends
    /// people here to read), wrapped between words at `width` columns (their lines after the first
    /// indented); the entries and the attribution (all of it in one screen at 120×40 without warnings);
    /// then the prompts' keys.
    func lines(warnings: [String], width: Int) -> [Line] {
        var lines: [Line] = []
        if !warnings.isEmpty {
            lines.append(.text(Self.warningsTitle, TextStyle(role: .error, bold: true)))
            let indent = "  "
            for warning in warnings {
                let wrapped = WordWrap.lines(warning.terminalSafe, width: max(1, width - indent.count))
                lines += wrapped.enumerated().map { index, line in .text(index == 0 ? line : indent + line, TextStyle(role: .error)) }
            }
            lines.append(.text("", .plain))
        }
        lines += entries().map { Line.entry(keys: $0.keys, summary: $0.summary, name: $0.name) }
        lines.append(.text("", .plain))
        lines.append(.text(Self.attribution, TextStyle(role: .muted)))
        lines.append(.text("", .plain))
        lines.append(.text(Self.promptTitle, TextStyle(role: .muted)))
        lines += Self.promptEntries.map { Line.entry(keys: $0.keys, summary: $0.summary, name: $0.name) }
        return lines
    }

    /// `? Esc q close`: the keys that close the help, as bound.
    var closingKeys: String {
        let keys = [Action.help, .focusList, .quit].compactMap { keyMap.keys(for: $0).first?.label }
        return keys.isEmpty ? "" : keys.joined(separator: " ") + " close"
    }

    /// Draws the lines from `state.helpScroll` on; returns how far the help can scroll and how many lines
    /// show at this size.
    func draw(_ state: ReaderState, in area: Rect, on screen: any Screen) -> (scrollLimit: Int, height: Int) {
        let entries = entries() + Self.promptEntries
        let keysWidth = min(18, entries.map { DisplayWidth.of($0.keys) }.max() ?? 0)
        let summaryWidth = entries.map { DisplayWidth.of($0.summary) }.max() ?? 0
        let nameWidth = entries.map { DisplayWidth.of($0.name) }.max() ?? 0
        // The warnings are as wide as the entries, or the box where the terminal is narrower.
        let entriesWidth = keysWidth + 2 + summaryWidth + 2 + nameWidth
        let lines = lines(warnings: state.configWarnings, width: max(20, min(entriesWidth, area.width - 4)))
        let textWidth =
            lines.map { line -> Int in
                if case .text(let text, _) = line { return DisplayWidth.of(text) }
                return 0
            }.max() ?? 0
        let width = max(keysWidth + 2 + summaryWidth + 2 + nameWidth, textWidth, DisplayWidth.of(closingKeys) + 12)
        let box = OverlayBox(contentRows: lines.count, contentWidth: width, in: area)
        box.draw(title: Self.title, on: screen)
        let content = box.content
        guard content.height > 0, content.width > 0 else { return (0, 0) }
        let limit = max(0, lines.count - content.height)
        let first = min(max(0, state.helpScroll), limit)
        if first > 0 { box.drawNote(SectionPickerOverlay.moreAbove, onTopEdge: true, on: screen) }
        if first < limit {
            box.drawNote(SectionPickerOverlay.moreBelow + " · " + closingKeys, onTopEdge: false, on: screen)
        } else if !closingKeys.isEmpty {
            box.drawNote(closingKeys, onTopEdge: false, on: screen)
        }
        let keyStyle = TextStyle(role: .accent, bold: true)
        let nameStyle = TextStyle(role: .muted)
        for (offset, line) in lines[first..<min(lines.count, first + content.height)].enumerated() {
            let row = content.row + offset
            switch line {
            case .text(let text, let style):
                screen.draw(DisplayWidth.prefix(text, fitting: content.width).text, row: row, column: content.column, style: style)
            case .entry(let keys, let summary, let name):
                let shownKeysWidth = min(keysWidth, content.width)
                screen.draw(DisplayWidth.prefix(keys, fitting: shownKeysWidth).text, row: row, column: content.column, style: keyStyle)
                // The names form a column after the summaries; in a narrow box the summaries are cut for them,
                // down to 12 columns, and then the names are left out.
                let summaryColumn = keysWidth + 2
                let nameColumn = min(summaryColumn + summaryWidth + 2, content.width - nameWidth)
                let showsName = !name.isEmpty && nameColumn >= summaryColumn + 12 + 2
                let summaryRoom = (showsName ? nameColumn - 2 : content.width) - summaryColumn
                if summaryRoom > 0 {
                    screen.draw(
                        DisplayWidth.prefix(summary, fitting: summaryRoom).text, row: row, column: content.column + summaryColumn,
                        style: .plain)
                }
                if showsName {
                    screen.draw(name, row: row, column: content.column + nameColumn, style: nameStyle)
                }
            }
        }
        return (limit, content.height)
    }
}

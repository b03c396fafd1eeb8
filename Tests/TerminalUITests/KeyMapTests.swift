import NewsCore
import Testing

@testable import TerminalUI

@Suite("Keys to actions")
struct KeyMapTests {
    @Test("Every action has a default key, and the defaults are the documented ones")
    func defaults() {
        let map = KeyMap()
        for action in Action.allCases {
            #expect(!map.keys(for: action).isEmpty, "\(action) has no key")
        }
        let expected: [(Key, Action)] = [
            (.up, .moveUp), (.character("k"), .moveUp), (.down, .moveDown), (.character("j"), .moveDown),
            (.pageUp, .pageUp), (.pageDown, .pageDown), (.home, .moveToFirst), (.character("g"), .moveToFirst),
            (.end, .moveToLast), (.character("G"), .moveToLast), (.enter, .focusDetail), (.right, .focusDetail),
            (.character("l"), .focusDetail), (.left, .focusList), (.character("h"), .focusList), (.escape, .focusList),
            (.tab, .switchPane), (.character("r"), .refresh), (.character("/"), .search), (.character("s"), .pickSection),
            (.character("o"), .openInBrowser), (.character("m"), .toggleRead), (.character("b"), .toggleSaved),
            (.character("S"), .showSaved), (.character("n"), .nextUnread), (.character("A"), .markAllRead),
            (.character("?"), .help), (.character("q"), .quit), (.control("c"), .quit),
        ]
        for (key, action) in expected {
            #expect(map.action(for: key) == action, "\(key)")
        }
        #expect(map.action(for: .character("x")) == nil)
    }

    @Test("The [keys] table moves an action to other keys")
    func overrides() {
        let map = KeyMap(overrides: [.refresh: "R", .quit: "ctrl-q, Q", .moveDown: "space"])
        #expect(map.problems.isEmpty)
        #expect(map.action(for: .character("R")) == .refresh)
        #expect(map.action(for: .character("r")) == nil)
        #expect(map.action(for: .control("q")) == .quit)
        #expect(map.action(for: .character("Q")) == .quit)
        #expect(map.action(for: .character("q")) == nil)
        #expect(map.action(for: .control("c")) == nil)
        #expect(map.action(for: .character(" ")) == .moveDown)
        #expect(map.keys(for: .quit).map(\.label) == ["Q", "Ctrl-Q"])
    }

    @Test("A key taken from another action leaves that action")
    func takeOver() {
        let map = KeyMap(overrides: [.toggleSaved: "s"])
        #expect(map.action(for: .character("s")) == .toggleSaved)
        #expect(map.action(for: .character("b")) == nil)
        #expect(map.keys(for: .pickSection).isEmpty)
    }

    @Test("Unknown keys are reported and change nothing")
    func problems() {
        let map = KeyMap(overrides: [.refresh: "F13", .quit: ""])
        #expect(map.problems.map(\.action) == [.quit, .refresh])
        #expect(map.problems[0].message == "'keys.quit': no key given")
        #expect(map.problems[1].message == "'keys.refresh': unknown key 'F13' (e.g. R, ctrl-r, up, pgdn, home, enter, esc, tab, space)")
        #expect(map.action(for: .character("r")) == .refresh)
        #expect(map.action(for: .character("q")) == .quit)
    }

    @Test(
        "Key names",
        arguments: [
            ("x", Key.character("x")), ("ctrl-r", .control("r")), ("C-x", .control("x")), ("^a", .control("a")),
            ("Up", .up), ("pgdn", .pageDown), ("PageUp", .pageUp), ("home", .home), ("End", .end), ("enter", .enter),
            ("esc", .escape), ("tab", .tab), ("shift-tab", .backTab), ("backspace", .backspace), ("space", .character(" ")),
        ])
    func names(name: String, key: Key) {
        #expect(Key(name: name) == key)
    }

    @Test("Names that are not keys")
    func badNames() {
        #expect(Key(name: "") == nil)
        #expect(Key(name: "ctrl-1") == nil)
        #expect(Key(name: "ctrl-ab") == nil)
        #expect(Key(name: "F13") == nil)
    }

    @Test("While the search field is open, letters type and Enter/Esc/Backspace edit; arrows still move")
    func searchTyping() {
        #expect(TerminalApp.textEdit(for: .character("q")) == .insert("q"))
        #expect(TerminalApp.textEdit(for: .character("é")) == .insert("é"))
        #expect(TerminalApp.textEdit(for: .enter) == .submit)
        #expect(TerminalApp.textEdit(for: .escape) == .cancel)
        #expect(TerminalApp.textEdit(for: .backspace) == .deleteBackward)
        #expect(TerminalApp.textEdit(for: .down) == nil)
        #expect(TerminalApp.textEdit(for: .control("c")) == nil)
    }
}

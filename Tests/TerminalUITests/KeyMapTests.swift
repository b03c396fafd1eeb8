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
        let map = KeyMap(overrides: [.refresh: "ctrl-r", .quit: "ctrl-q, Q", .moveDown: "space"])
        #expect(map.problems.isEmpty)
        #expect(map.action(for: .control("r")) == .refresh)
        #expect(map.action(for: .character("r")) == nil)
        #expect(map.action(for: .control("q")) == .quit)
        #expect(map.action(for: .character("Q")) == .quit)
        #expect(map.action(for: .character("q")) == nil)
        #expect(map.action(for: .control("c")) == .quit, "Ctrl-C still quits")
        #expect(map.action(for: .character(" ")) == .moveDown)
        #expect(map.keys(for: .quit).map(\.label) == ["Q", "Ctrl-C", "Ctrl-Q"])
    }

    @Test("A key taken from another action leaves that action")
    func takeOver() {
        let map = KeyMap(overrides: [.toggleSaved: "s"])
        #expect(map.action(for: .character("s")) == .toggleSaved)
        #expect(map.action(for: .character("b")) == nil)
        #expect(map.keys(for: .pickSection).isEmpty)
        #expect(
            map.problems.map(\.message) == [
                "'keys.toggle_saved': s was sections's key, which now has none (give it one: sections = \"...\")"
            ],
            "an action left without a key is said")
        let stealing = KeyMap(overrides: [.refresh: "R"])
        #expect(stealing.problems.map(\.action) == [.refresh], "R was refresh_followed's")
        #expect(KeyMap(overrides: [.refresh: "R", .refreshFollowed: "ctrl-r"]).problems.isEmpty, "given another, nothing to say")
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

    @Test("Every prompt edits its line the same way: letters, ←/→, Home/End, Ctrl-U, Ctrl-W, ↑/↓ for history, Tab for scope")
    func lineEditing() {
        #expect(TerminalApp.lineEdit(for: .character("q")) == .insert("q"))
        #expect(TerminalApp.lineEdit(for: .character("é")) == .insert("é"))
        #expect(TerminalApp.lineEdit(for: .enter) == .submit)
        #expect(TerminalApp.lineEdit(for: .escape) == .cancel)
        #expect(TerminalApp.lineEdit(for: .backspace) == .deleteBackward)
        #expect(TerminalApp.lineEdit(for: .control("u")) == .deleteToStart)
        #expect(TerminalApp.lineEdit(for: .control("w")) == .deleteWordBackward)
        #expect(TerminalApp.lineEdit(for: .up) == .previousEntry)
        #expect(TerminalApp.lineEdit(for: .down) == .nextEntry)
        #expect(TerminalApp.lineEdit(for: .tab) == .switchScope)
        #expect(TerminalApp.lineEdit(for: .pageDown) == nil)
        #expect(TerminalApp.lineEdit(for: .control("c")) == nil)
    }

    @Test("Ctrl-C quits unless the [keys] table gives it to an action; rebinding quit keeps it")
    func interrupt() {
        let rebound = KeyMap(overrides: [.quit: "ctrl-q, Q"])
        #expect(rebound.action(for: .control("c")) == .quit, "quit = \"ctrl-q, Q\" leaves Ctrl-C quitting")
        #expect(rebound.action(for: .control("q")) == .quit && rebound.action(for: .character("Q")) == .quit)
        #expect(rebound.action(for: .character("q")) == nil)
        let taken = KeyMap(overrides: [.copyLink: "ctrl-c"])
        #expect(taken.action(for: .control("c")) == .copyLink, "Ctrl-C given to another action is that action's")
        #expect(taken.keys(for: .quit) == [.character("q")])
    }

    @Test("The hints name the keys in force: the first key of each action, none for an action left without one")
    func hints() {
        let hints = KeyMap(overrides: [.quit: "ctrl-q, Q", .help: "F", .refresh: "R"]).hints
        #expect(hints.line([(.help, "help"), (.quit, "quit")]) == "F help  Q quit")
        #expect(hints.hint(.refresh, "refreshes") == "R refreshes")
        #expect(KeyMap().hints.line([(.help, "help"), (.quit, "quit")]) == "? help  q quit")
        var bindings = KeyMap.defaultBindings
        bindings[.character("r")] = nil
        #expect(KeyMap(bindings: bindings).hints.hint(.refresh, "refreshes") == nil)
    }
}

import TerminalPictures
import Testing

/// `images = auto` follows libchafa's terminal rules; an explicit setting is taken as it is.
@Suite("Picture protocol choice")
struct PictureProtocolTests {
    func auto(_ environment: [String: String], answer: String? = nil) -> PictureProtocol? {
        PictureProtocol.choose(
            setting: .auto, environment: environment,
            deviceAttributes: answer.flatMap { DeviceAttributes(answer: Array($0.utf8)) })
    }

    static let sixelAnswer = "\u{1B}[?64;1;2;4;6;9;15;18;21;22c"
    static let plainAnswer = "\u{1B}[?64;1;2;6;9;15;18;21;22c"

    @Test("Kitty by TERM=xterm-kitty, KITTY_WINDOW_ID or KITTY_PID; Ghostty and Warp speak it too")
    func kitty() {
        #expect(auto(["TERM": "xterm-kitty"]) == .kitty)
        #expect(auto(["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"]) == .kitty)
        #expect(auto(["TERM": "xterm-256color", "KITTY_PID": "4242"]) == .kitty)
        #expect(auto(["TERM": "xterm-ghostty"]) == .kitty)
        #expect(auto(["TERM": "xterm-256color", "TERM_PROGRAM": "ghostty"]) == .kitty)
        #expect(auto(["TERM": "xterm-256color", "TERM_PROGRAM": "WarpTerminal"]) == .kitty)
        #expect(auto(["TERM": "xterm-256color", "KITTY_WINDOW_ID": ""]) == .symbols)
    }

    @Test("iTerm2 by TERM_PROGRAM=iTerm.app or LC_TERMINAL=iTerm2, even when it also answers 4")
    func iterm() {
        #expect(auto(["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"]) == .iterm)
        #expect(auto(["TERM": "xterm-256color", "LC_TERMINAL": "iTerm2"]) == .iterm)
        #expect(auto(["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], answer: Self.sixelAnswer) == .iterm)
    }

    @Test("Sixel by the terminals libchafa knows for it, or a device attributes answer listing 4")
    func sixel() {
        for environment in [
            ["TERM": "foot"], ["TERM": "foot-extra"], ["TERM": "mlterm"], ["TERM": "xterm", "MLTERM": "3.9.3"],
            ["TERM": "yaft-256color"], ["TERM": "xterm-256color", "TERMINAL_NAME": "contour"],
            ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], ["TERM": "xterm-256color", "TERM_PROGRAM": "mintty"],
            ["TERM": "rio"], ["TERM": "xterm-256color", "KONSOLE_VERSION": "220370"],
            ["TERM": "xterm-256color", "KONSOLE_VERSION": "240202"],
        ] {
            #expect(auto(environment) == .sixel, "\(environment)")
        }
        #expect(auto(["TERM": "xterm-256color", "KONSOLE_VERSION": "211201"]) == .symbols)
        #expect(auto(["TERM": "xterm-256color"], answer: Self.sixelAnswer) == .sixel)
        #expect(auto(["TERM": "xterm-256color"], answer: Self.plainAnswer) == .symbols)
    }

    @Test("Symbols inside tmux and screen, whatever the terminal outside says")
    func multiplexers() {
        let kittyOutside = ["KITTY_WINDOW_ID": "1", "TERM_PROGRAM": "iTerm.app"]
        for inside in [
            ["TMUX": "/tmp/tmux-0/default,1234,0", "TERM": "tmux-256color"], ["TERM": "tmux-256color"],
            ["TERM": "screen-256color"], ["TERM": "screen.xterm-256color"], ["STY": "1234.pts-0.host", "TERM": "xterm"],
            ["TERM_PROGRAM": "tmux", "TERM": "xterm-256color"],
        ] {
            #expect(auto(inside.merging(kittyOutside) { inside, _ in inside }, answer: Self.sixelAnswer) == .symbols, "\(inside)")
        }
    }

    @Test("Anything else gets symbols")
    func fallback() {
        #expect(auto(["TERM": "xterm-256color"]) == .symbols)
        #expect(auto(["TERM": "linux"]) == .symbols)
        #expect(auto([:]) == .symbols)
        #expect(auto(["TERM": "xterm-256color", "COLORTERM": "truecolor", "VTE_VERSION": "7200"]) == .symbols)
    }

    @Test("NO_COLOR and TERM=dumb turn pictures off under auto, not an explicit setting")
    func noColor() {
        #expect(auto(["TERM": "xterm-kitty", "NO_COLOR": "1"]) == nil)
        #expect(auto(["TERM": "xterm-256color", "NO_COLOR": "1"], answer: Self.sixelAnswer) == nil)
        #expect(auto(["TERM": "xterm-kitty", "NO_COLOR": ""]) == .kitty)
        #expect(auto(["TERM": "dumb"]) == nil)
        let environment = ["TERM": "xterm-256color", "NO_COLOR": "1", "TMUX": "x"]
        for setting in [PictureSetting.kitty, .iterm, .sixel, .symbols] {
            let chosen = PictureProtocol.choose(setting: setting, environment: environment, deviceAttributes: nil)
            #expect(chosen?.rawValue == setting.rawValue)
        }
        #expect(PictureProtocol.choose(setting: .off, environment: ["TERM": "xterm-kitty"], deviceAttributes: nil) == nil)
    }

    @Test("The config's values")
    func configValues() {
        #expect(PictureSetting.allCases.map(\.rawValue) == ["auto", "kitty", "iterm", "sixel", "symbols", "off"])
        #expect(PictureSetting(configValue: "sixel") == .sixel)
        #expect(PictureSetting(configValue: "Sixel") == nil)
        #expect(PictureSetting(configValue: "sixels") == nil)
    }
}

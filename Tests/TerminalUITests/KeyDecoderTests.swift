import CNcursesw
import TestSupport
import Testing

@testable import TerminalUI

/// What curses reads, turned into keys.
@Suite("Decoding keys")
struct KeyDecoderTests {
    /// The key of a function key's code (`KEY_CODE_YES`), or of a character's code typed as its bytes in
    /// UTF-8's layout (`OK`): nil when they make none.
    static func key(_ status: Int32, _ code: Int32, mouse: KeyDecoder.MouseReport? = nil) -> Key? {
        var text = UTF8Input()
        let inputs = status == OK ? CodePointBytes.utf8Layout(UInt32(bitPattern: code)).map(Int32.init) : [code]
        let keys = inputs.flatMap { KeyDecoder.keys(input: $0, text: &text, mouse: { mouse.map { [$0] } ?? [] }) }
        #expect(keys.count <= 1, "one key's input gave \(keys)")
        return keys.first
    }

    @Test("Characters, control letters and the keys they stand for")
    func characters() {
        #expect(Self.key(OK, 0x71) == .character("q"))
        #expect(Self.key(OK, 0x1F600) == .character("😀"))
        #expect(Self.key(OK, 3) == .control("c"))
        #expect(Self.key(OK, 9) == .tab)
        #expect(Self.key(OK, 13) == .enter)
        #expect(Self.key(OK, 27) == .escape)
        #expect(Self.key(OK, 127) == .backspace)
        #expect(Self.key(OK, 0xD800) == nil, "a surrogate is no character")
        #expect(Self.key(OK, 0x110000) == nil)
        for control: Int32 in [0, 0x1C, 0x1D, 0x1E, 0x1F, 0x80, 0x85, 0x9B, 0x9F] {
            #expect(Self.key(OK, control) == nil, "\(control): no text to type into a prompt")
        }
    }

    @Test("Function keys; an unknown one or a code out of range is no key")
    func functionKeys() {
        #expect(Self.key(KEY_CODE_YES, KEY_UP) == .up)
        #expect(Self.key(KEY_CODE_YES, KEY_NPAGE) == .pageDown)
        #expect(Self.key(KEY_CODE_YES, KEY_BTAB) == .backTab)
        #expect(Self.key(KEY_CODE_YES, KEY_RESIZE) == .resize)
        #expect(Self.key(KEY_CODE_YES, KEY_FIND) == .home, "ESC [ 1 ~ under TERM=xterm-256color (tmux, PuTTY)")
        #expect(Self.key(KEY_CODE_YES, KEY_SELECT) == .end, "ESC [ 4 ~")
        #expect(Self.key(KEY_CODE_YES, KEY_SR) == .up && Self.key(KEY_CODE_YES, KEY_SNEXT) == .pageDown, "with Shift")
        for (name, key) in [
            ("kUP5", Key.up), ("kDN2", .down), ("kLFT3", .left), ("kRIT6", .right), ("kHOM5", .home), ("kEND7", .end),
            ("kPRV5", .pageUp), ("kNXT3", .pageDown),
        ] {
            #expect(KeyDecoder.modifiedKey(named: name) == key, "\(name): the key whatever its modifiers")
        }
        for name in ["kDC5", "kUP", "kUPx", "KEY_UP", ""] {
            #expect(KeyDecoder.modifiedKey(named: name) == nil, "\(name)")
        }
        #expect(Self.key(KEY_CODE_YES, KEY_F0 + 5) == nil)
        #expect(Self.key(KEY_CODE_YES, -1) == nil)
    }

    @Test("A mouse report becomes a press or a turn of the wheel at its cell; other buttons are no key")
    func mouse() {
        let press = KeyDecoder.MouseReport(row: 4, column: 30, kind: 1)
        #expect(Self.key(KEY_CODE_YES, KEY_MOUSE, mouse: press) == .mouse(MouseEvent(kind: .press, row: 4, column: 30)))
        let wheel = KeyDecoder.MouseReport(row: 2, column: 3, kind: 3)
        #expect(Self.key(KEY_CODE_YES, KEY_MOUSE, mouse: wheel) == .mouse(MouseEvent(kind: .wheelDown, row: 2, column: 3)))
        #expect(Self.key(KEY_CODE_YES, KEY_MOUSE, mouse: KeyDecoder.MouseReport(row: 1, column: 1, kind: 0)) == nil)
        #expect(Self.key(KEY_CODE_YES, KEY_MOUSE, mouse: nil) == nil, "curses had no event")
    }

    @Test("A resize read between a character's bytes leaves it whole; an arrow drops its bytes")
    func resizeWithinCharacter() {
        var text = UTF8Input()
        let keys = [0xE2, KEY_RESIZE, 0x82, 0xAC, 0xE2, KEY_UP, 0x82, 0xAC, 0x61].flatMap {
            KeyDecoder.keys(input: $0, text: &text, mouse: { [] })
        }
        #expect(keys == [.resize, .character("€"), .up, .character("a")])
    }

    @Test("Mouse events read together behind one KEY_MOUSE are a key each, oldest first (the click before a turn of the wheel was lost)")
    func mouseEventsTogether() {
        var text = UTF8Input()
        let reports = [
            KeyDecoder.MouseReport(row: 7, column: 10, kind: 1), KeyDecoder.MouseReport(row: 7, column: 10, kind: 0),
            KeyDecoder.MouseReport(row: 9, column: 10, kind: 3),
        ]
        #expect(
            KeyDecoder.keys(input: KEY_MOUSE, text: &text, mouse: { reports }) == [
                .mouse(MouseEvent(kind: .press, row: 7, column: 10)), .mouse(MouseEvent(kind: .wheelDown, row: 9, column: 10)),
            ])
    }
}

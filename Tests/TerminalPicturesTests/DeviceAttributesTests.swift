import Testing
import TerminalPictures

@Suite("Device attributes")
struct DeviceAttributesTests {
    func parse(_ text: String) -> DeviceAttributes? { DeviceAttributes(answer: Array(text.utf8)) }

    @Test("xterm's answer with and without sixels")
    func xterm() throws {
        let sixel = try #require(parse("\u{1B}[?64;1;2;4;6;9;15;18;21;22c"))
        #expect(sixel.serviceClass == 64)
        #expect(sixel.attributes == [1, 2, 4, 6, 9, 15, 18, 21, 22])
        #expect(sixel.hasSixels)
        #expect(try #require(parse("\u{1B}[?64;1;2;6;9;15;18;21;22c")).hasSixels == false)
        #expect(try #require(parse("\u{1B}[?62;4c")).hasSixels)
    }

    @Test("The service class is not an attribute: a VT132's class 4 is no sixel")
    func serviceClass() throws {
        #expect(try #require(parse("\u{1B}[?4;6c")).hasSixels == false)
        #expect(try #require(parse("\u{1B}[?1;2c")).hasSixels == false)
        #expect(try #require(parse("\u{1B}[?6c")).attributes == [])
        #expect(try #require(parse("\u{1B}[?64;14;4c")).hasSixels)
        #expect(try #require(parse("\u{1B}[?64;44c")).hasSixels == false)
    }

    @Test("The answer is found among other input; the last complete one counts")
    func surrounded() throws {
        #expect(try #require(parse("abc\u{1B}[?62;4cxyz")).hasSixels)
        #expect(try #require(parse("\u{1B}[?62;4c\u{1B}[?62;1c")).hasSixels == false)
        #expect(try #require(parse("\u{1B}[?62;4c\u{1B}[?62;1")).hasSixels)
    }

    @Test("No answer, a partial one, or nonsense is nil")
    func unreadable() {
        for text in ["", "c", "\u{1B}[?c", "\u{1B}[?62;;4c", "\u{1B}[62;4c", "[?62;4c", "\u{1B}[?62;4", "\u{1B}[?123456c", "\u{1B}[>1;10;0c"] {
            #expect(parse(text) == nil, "\(text.debugDescription)")
        }
    }

    @Test("The query is ESC [ c")
    func query() {
        #expect(DeviceAttributes.query == [0x1B, 0x5B, 0x63])
    }
}

import TestSupport
import Testing

@testable import TerminalUI

/// The characters of the bytes curses reads one at a time.
@Suite("Typed bytes into characters")
struct UTF8InputTests {
    /// The characters `bytes` make, read one at a time as the reader reads them.
    static func characters(_ bytes: [UInt8], into input: inout UTF8Input) -> String {
        var text = String.UnicodeScalarView()
        for byte in bytes {
            if let scalar = input.take(byte) { text.append(scalar) }
        }
        return String(text)
    }

    static func characters(_ bytes: [UInt8]) -> String {
        var input = UTF8Input()
        return characters(bytes, into: &input)
    }

    @Test("Characters of one to four bytes")
    func wholeCharacters() {
        let text = "q é € 東京 😀 \u{10FFFF}"
        #expect(Self.characters(Array(text.utf8)) == text)
    }

    @Test("A byte that is not UTF-8 is dropped alone: what follows it is kept (wget_wch dropped the rest of the read)")
    func invalidByteAlone() {
        #expect(Self.characters([0x61, 0x62, 0xFF, 0x63, 0x64]) == "abcd")
        #expect(Self.characters([0x63, 0x61, 0x66, 0xE9]) == "caf", "Latin-1 é at the end waits, then is dropped")
        #expect(Self.characters([0x63, 0x61, 0x66, 0xE9, 0x73]) == "cafs", "a lead byte cut short by ASCII")
        #expect(Self.characters([0x80, 0xBF, 0x61]) == "a", "continuation bytes on their own")
        #expect(Self.characters([0xC0, 0xAF, 0xC1, 0xBF, 0x61]) == "a", "overlong forms of ASCII")
        #expect(Self.characters([0xE0, 0x80, 0xAF, 0x61]) == "a", "an overlong form of three bytes")
        #expect(Self.characters([0xED, 0xA0, 0x80, 0x61]) == "a", "a surrogate")
        #expect(Self.characters([0xF4, 0x90, 0x80, 0x80, 0x61]) == "a", "past U+10FFFF")
        #expect(Self.characters([0xF5, 0xF8, 0xFE, 0x61]) == "a")
        #expect(Self.characters([0xE2, 0x82, 0xE2, 0x82, 0xAC]) == "€", "a character cut short, then a whole one")
    }

    @Test("A character split between two reads is put together; a key read in its middle drops its bytes")
    func splitAndInterrupted() {
        var input = UTF8Input()
        #expect(Self.characters([0x61, 0xF0, 0x9F], into: &input) == "a")
        #expect(Self.characters([0x98, 0x80, 0x62], into: &input) == "😀b")
        _ = Self.characters([0xE6, 0x9D], into: &input)
        input.interrupt()
        #expect(Self.characters([0xB1, 0x63], into: &input) == "c", "the rest after an arrow is no character")
    }

    @Test("Any bytes give String(decoding:)'s characters without its replacements")
    func anyBytes() {
        var random = SplitMix64(replaying: "UTF8_INPUT_SEED")
        // Bytes weighted towards UTF-8's lead and continuation bytes, so that most runs hold whole characters.
        let alphabet: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                Bool.random(using: &random) ? alphabet.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
            }
            let expected = String(
                String.UnicodeScalarView(String(decoding: bytes, as: UTF8.self).unicodeScalars.filter { $0 != "\u{FFFD}" }))
            let read = String(String.UnicodeScalarView(Self.characters(bytes).unicodeScalars.filter { $0 != "\u{FFFD}" }))
            #expect(read == expected, "seed \(random.seed): \(bytes.map { String($0, radix: 16) })")
            if read != expected { return }
        }
    }

    @Test("Every code typed in UTF-8's layout: a character exactly when it is a scalar")
    func everyCode() {
        for code in stride(from: UInt32(0), through: 0x1F_FFFF, by: 7) {
            let read = Self.characters(CodePointBytes.utf8Layout(code))
            let expected = Unicode.Scalar(code).map { String(Character($0)) } ?? ""
            #expect(read == expected, "U+\(String(code, radix: 16))")
            if read != expected { return }
        }
    }
}

import Testing

@testable import NewsCore

@Suite("Text as the store keeps it")
struct StoredTextTests {
    /// The scalars `StoredText` changes, by the rule its byte scan stands for.
    static func isCleaned(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    @Test("The byte scan finds exactly the scalars the rule cleans, alone, between letters and at the end")
    func byteScanAgreesWithScalars() {
        let scalars = (0...0x3000).compactMap(Unicode.Scalar.init) + [Unicode.Scalar(0x1F600)!, Unicode.Scalar(0x10FFFF)!]
        var differing: [String] = []
        for scalar in scalars {
            for text in ["\(scalar)", "ab\(scalar)cd", "é\(scalar)", "\(scalar)\u{2027}", "\u{2027}\(scalar)"] {
                let expected = text.unicodeScalars.contains(where: Self.isCleaned)
                if StoredText.needsCleaning(text) != expected { differing.append(text.debugDescription) }
            }
        }
        #expect(differing == [])
    }

    @Test("A line separator in a line and a paragraph becomes a space; text without controls is the same string")
    func separators() {
        #expect(StoredText.line("one\u{2028}two\u{2029}three") == "one two three")
        #expect(StoredText.paragraph("one\u{2028}two") == "one two")
        #expect(StoredText.line("Café — “quoted” 😀") == "Café — “quoted” 😀")
    }
}

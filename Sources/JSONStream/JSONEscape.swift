/// The text of a JSON string's bytes (between its quotes) with its escapes decoded: `\"`, `\\`, `\/`, `\b`,
/// `\f`, `\n`, `\r`, `\t` and `\uXXXX`, a `\u` surrogate pair into one character and a lone surrogate into
/// U+FFFD. Used by the tape for string values and keys, and by the splitter for the keys of its path (a
/// key written with escapes is the same key).
enum JSONEscape {
    /// Appends the UTF-8 text of `raw` to `output`. False, with `output` partly written, when an escape is
    /// not one JSON has or is cut off (the tape's parser has refused those before; the splitter has not).
    static func decode(_ raw: UnsafeRawBufferPointer, into output: inout [UInt8]) -> Bool {
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            guard index + 1 < raw.count else { return false }
            let escape = raw[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(raw, at: index) else { return false }
                index += 4
                if (0xD800..<0xDC00).contains(scalar), index + 6 <= raw.count, raw[index] == UInt8(ascii: "\\"),
                    raw[index + 1] == UInt8(ascii: "u"), let low = hex4(raw, at: index + 2), (0xDC00..<0xE000).contains(low)
                {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { output.append($0) }
            default:
                return false
            }
        }
        return true
    }

    /// The four hex digits at `index`, when there are four.
    private static func hex4(_ raw: UnsafeRawBufferPointer, at index: Int) -> UInt32? {
        guard index + 4 <= raw.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = HexDigit.value(raw[index + offset]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }
}

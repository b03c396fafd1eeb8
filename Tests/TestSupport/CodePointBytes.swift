/// A code point's bytes in UTF-8's layout, also for codes UTF-8 leaves out (surrogates, and past U+10FFFF
/// up to U+1FFFFF): what a terminal could send for any code, for the tests and the fuzz target that type it.
public enum CodePointBytes {
    public static func utf8Layout(_ code: UInt32) -> [UInt8] {
        let code = code & 0x1F_FFFF
        let continuation = { (shift: UInt32) in 0x80 | UInt8(truncatingIfNeeded: code >> shift) & 0x3F }
        switch code {
        case 0..<0x80: return [UInt8(code)]
        case 0x80..<0x800: return [0xC0 | UInt8(code >> 6), continuation(0)]
        case 0x800..<0x1_0000: return [0xE0 | UInt8(code >> 12), continuation(6), continuation(0)]
        default: return [0xF0 | UInt8(code >> 18), continuation(12), continuation(6), continuation(0)]
        }
    }
}

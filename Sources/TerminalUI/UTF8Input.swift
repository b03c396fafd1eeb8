/// The characters of what was typed, from the bytes curses reads one at a time. A byte that cannot be part
/// of UTF-8 where it stands is dropped alone, and what follows it is read as before: a character cut short
/// (its lead byte and the bytes after it so far), a continuation byte on its own, and C0, C1, F5–FF. These
/// are the bytes Unicode's practice replaces with U+FFFD (“maximal subparts”), so the characters are
/// `String(decoding:as:)`'s without its replacements. A character split between two reads is put together:
/// the bytes so far wait for the rest.
struct UTF8Input: Sendable {
    /// The bits of the character being read.
    private var bits: UInt32 = 0
    /// How many continuation bytes it still needs.
    private var needed = 0
    /// The range its next continuation byte must be in: narrower after E0, ED, F0 and F4 (no overlong
    /// forms, no surrogates, nothing past U+10FFFF).
    private var next: ClosedRange<UInt8> = 0x80...0xBF

    /// The character `byte` completes, if any.
    mutating func take(_ byte: UInt8) -> Unicode.Scalar? {
        if needed > 0 {
            if next.contains(byte) {
                bits = bits << 6 | UInt32(byte & 0x3F)
                needed -= 1
                next = 0x80...0xBF
                return needed == 0 ? Unicode.Scalar(bits) : nil
            }
            // The character is cut short: its bytes are dropped, and this one is read anew.
            interrupt()
        }
        switch byte {
        case 0x00...0x7F: return Unicode.Scalar(byte)
        case 0xC2...0xDF: start(byte & 0x1F, needing: 1)
        case 0xE0: start(0, needing: 2, next: 0xA0...0xBF)
        case 0xED: start(0x0D, needing: 2, next: 0x80...0x9F)
        case 0xE1...0xEF: start(byte & 0x0F, needing: 2)
        case 0xF0: start(0, needing: 3, next: 0x90...0xBF)
        case 0xF4: start(4, needing: 3, next: 0x80...0x8F)
        case 0xF1...0xF3: start(byte & 0x07, needing: 3)
        // A continuation byte on its own, C0, C1 (overlong forms of ASCII) and F5–FF: never UTF-8.
        default: break
        }
        return nil
    }

    /// A key the terminal sent in the middle of a character (an arrow, a click): the character's bytes are
    /// dropped.
    mutating func interrupt() {
        needed = 0
        next = 0x80...0xBF
    }

    private mutating func start(_ lead: UInt8, needing count: Int, next: ClosedRange<UInt8> = 0x80...0xBF) {
        bits = UInt32(lead)
        needed = count
        self.next = next
    }
}

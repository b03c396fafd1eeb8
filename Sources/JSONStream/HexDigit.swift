/// Hexadecimal digits, as JSON's `\u` escapes and HTML's `&#x…;` references write them.
public enum HexDigit {
    /// The value of one hexadecimal digit (`0`–`9`, `a`–`f`, `A`–`F`), nil for any other byte.
    @inlinable
    public static func value(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}

/// Skips the plain bytes of a JSON string eight at a time: the scans of the splitter and the parser spend
/// most of their time inside strings, where only a quote, a backslash or a control character matters.
enum JSONStringScan {
    /// The index of the first byte from `start` that is `"` or `\` (or, with `stoppingAtControl`, below
    /// 0x20), or `bytes.count`.
    @inline(__always)
    static func plainEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, stoppingAtControl: Bool) -> Int {
        let count = bytes.count
        var index = start
        if let base = bytes.baseAddress {
            while index + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                var special = hasZeroByte(word ^ 0x2222_2222_2222_2222) | hasZeroByte(word ^ 0x5C5C_5C5C_5C5C_5C5C)
                if stoppingAtControl { special |= hasByteBelow0x20(word) }
                if special != 0 {
                    // The lowest flagged byte is the first special one (the flags are exact below it).
                    return index + special.trailingZeroBitCount / 8
                }
                index += 8
            }
        }
        while index < count {
            let byte = bytes[index]
            if byte == 0x22 || byte == 0x5C || (stoppingAtControl && byte < 0x20) { return index }
            index += 1
        }
        return count
    }

    /// 0x80 in each byte of the result where `word`'s byte is zero (exact up to the first zero byte).
    @inline(__always)
    private static func hasZeroByte(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    /// 0x80 in each byte of the result where `word`'s byte is below 0x20 (exact up to the first such byte).
    @inline(__always)
    private static func hasByteBelow0x20(_ word: UInt64) -> UInt64 {
        (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
    }
}

import Glibc
import JSONStream

/// Turns the HTML entities the NYT leaves in text (`&amp;`, `&#8217;`, `&#x2014;`) into characters, in one
/// pass over the UTF-8 bytes (text without `&`, nearly all of it, is returned as it is).
enum HTMLEntities {
    /// The longest entity body between `&` and `;` looked at (`#x10FFFF` and every name fit).
    private static let longestBody = 10

    static func decode(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard let base = bytes.baseAddress, let found = memchr(base, Int32(UInt8(ascii: "&")), bytes.count) else { return nil }
            let first = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            output.append(contentsOf: bytes[..<first])
            var index = first
            while index < bytes.count {
                let byte = bytes[index]
                guard byte == UInt8(ascii: "&") else {
                    output.append(byte)
                    index += 1
                    continue
                }
                let bodyStart = index + 1
                let limit = min(bytes.count, bodyStart + longestBody)
                var end = bodyStart
                while end < limit, bytes[end] != UInt8(ascii: ";") { end += 1 }
                if end < limit, let scalar = scalar(for: UnsafeBufferPointer(rebasing: bytes[bodyStart..<end])) {
                    output.append(contentsOf: String(Character(scalar)).utf8)
                    index = end + 1
                } else {
                    output.append(byte)
                    index += 1
                }
            }
            return String(decoding: output, as: UTF8.self)
        } ?? text
    }

    /// The character an entity body (`amp`, `#8217`, `#x2014`) stands for.
    private static func scalar(for body: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        guard let first = body.first else { return nil }
        guard first == UInt8(ascii: "#") else { return named[String(decoding: body, as: UTF8.self)] }
        let isHex = body.count > 1 && (body[1] == UInt8(ascii: "x") || body[1] == UInt8(ascii: "X"))
        let digits = body.dropFirst(isHex ? 2 : 1)
        guard !digits.isEmpty else { return nil }
        var value: UInt32 = 0
        for digit in digits {
            guard let number = digitValue(digit, hex: isHex) else { return nil }
            value = value * (isHex ? 16 : 10) + number
            if value > 0x10FFFF { return nil }
        }
        return Unicode.Scalar(value)
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        guard let value = HexDigit.value(byte) else { return nil }
        return hex || value < 10 ? value : nil
    }

    private static let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        "rsquo": "\u{2019}", "lsquo": "\u{2018}", "rdquo": "\u{201D}", "ldquo": "\u{201C}",
        "mdash": "\u{2014}", "ndash": "\u{2013}", "hellip": "\u{2026}",
    ]
}

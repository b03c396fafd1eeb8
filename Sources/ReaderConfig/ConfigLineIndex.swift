/// Finds the line on which a TOML file defines a key, for messages that name it (the TOML parser
/// does not say where a value came from). Understands `[table]` headers, bare, quoted and dotted keys,
/// and skips multi-line strings; a key inside an inline table is found at its table's line.
struct ConfigLineIndex {
    /// Dotted key path (`keys.refresh`) → first line (from 1) that defines it.
    private var lines: [String: Int] = [:]
    /// The first line that opens a table header the TOML parser cannot be given (see
    /// `opensUnreadableHeader`).
    private(set) var unreadableHeaderLine: Int?
    /// The first line that holds a date and time the TOML parser cannot be given (see
    /// `holdsUnreadableDateTime`).
    private(set) var unreadableDateTimeLine: Int?

    init(text: String) {
        // The parser skips a byte-order mark at the start, and so does the index: the first line's header
        // is read after it.
        let text = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
        var table: [String] = []
        var openMultilineDelimiter: Substring? = nil
        // CR LF is one Character, which a split at "\n" alone would not split at.
        let rawLines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (offset, rawLine) in rawLines.enumerated() {
            let number = offset + 1
            if let delimiter = openMultilineDelimiter {
                if rawLine.contains(delimiter) { openMultilineDelimiter = nil }
                continue
            }
            if unreadableHeaderLine == nil, Self.opensUnreadableHeader(rawLine, isLast: offset == rawLines.count - 1) {
                unreadableHeaderLine = number
            }
            if unreadableDateTimeLine == nil, Self.holdsUnreadableDateTime(rawLine) {
                unreadableDateTimeLine = number
            }
            let line = rawLine.drop(while: { $0 == " " || $0 == "\t" })
            guard let first = line.first, first != "#", first != "\r" else { continue }
            if first == "[" {
                let isArray = line.hasPrefix("[[")
                let inside = line.dropFirst(isArray ? 2 : 1)
                guard let (path, _) = Self.keyPath(inside) else { continue }
                table = path
                record(path, line: number)
                continue
            }
            guard let (path, rest) = Self.keyPath(line), rest.first == "=" else { continue }
            record(table + path, line: number)
            let value = rest.dropFirst().drop(while: { $0 == " " || $0 == "\t" })
            for delimiter in ["\"\"\"", "'''"] where value.hasPrefix(delimiter) {
                if !value.dropFirst(3).contains(delimiter) { openMultilineDelimiter = Substring(delimiter) }
            }
        }
    }

    /// The line that defines `path`, or the line of the nearest enclosing table that has one.
    func line(of path: [String]) -> Int? {
        var path = path
        while !path.isEmpty {
            if let line = lines[path.joined(separator: ".")] { return line }
            path.removeLast()
        }
        return nil
    }

    private mutating func record(_ path: [String], line: Int) {
        let key = path.joined(separator: ".")
        if lines[key] == nil { lines[key] = line }
    }

    /// Whether `line` holds, outside strings and comments, a date whose `T` is followed by something other
    /// than a digit (`1979-05-27Tx`, or `T` at the end). TOMLKit's parser (toml++ 3) then takes it for a
    /// date and time and stops the whole program on a failed assertion instead of refusing the document.
    /// A bare key written that way (`1979-05-27Tx = 1`, valid TOML) is refused too.
    static func holdsUnreadableDateTime(_ line: Substring) -> Bool {
        let bytes = Array(line.utf8)
        func isDigit(_ index: Int) -> Bool { index < bytes.count && (0x30...0x39).contains(bytes[index]) }
        var quote: UInt8? = nil
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == UInt8(ascii: "\\"), open == UInt8(ascii: "\"") {
                    index += 2
                    continue
                }
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "#") {
                return false
            } else if isDigit(index), index == 0 || !isDigit(index - 1), index + 10 < bytes.count,
                (0..<4).allSatisfy({ isDigit(index + $0) }), bytes[index + 4] == UInt8(ascii: "-"),
                isDigit(index + 5), isDigit(index + 6), bytes[index + 7] == UInt8(ascii: "-"), isDigit(index + 8),
                isDigit(index + 9), bytes[index + 10] == UInt8(ascii: "T") || bytes[index + 10] == UInt8(ascii: "t"),
                !isDigit(index + 11)
            {
                return true
            }
            index += 1
        }
        return false
    }

    /// The line of the first `}` that stands, outside strings and comments, where an array expects a value
    /// (`a = [}`, `a = [1, }`, `a = [` then `}` on a later line): TOMLKit's parser (toml++ 3) stops the
    /// whole program on a failed assertion there instead of refusing the document. Nil when there is none.
    static func unreadableArrayValueLine(in text: String) -> Int? {
        var line = 1
        var opened: [UInt8] = []  // the brackets and braces of values open around the byte read
        var expectsValue = false  // just after an array's `[` or one of its commas
        var afterEquals = false  // between a key's `=` and the value's first byte
        var bytes = text.utf8[...]
        while let byte = bytes.first {
            bytes = bytes.dropFirst()
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                // Only an array's values go on past the end of a line.
                if opened.isEmpty { afterEquals = false }
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            case UInt8(ascii: "#"):
                bytes = bytes.drop { $0 != UInt8(ascii: "\n") }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let triple = bytes.starts(with: [byte, byte])
                let delimiter: [UInt8] = triple ? [byte, byte, byte] : [byte]
                if triple { bytes = bytes.dropFirst(2) }
                // To the closing delimiter, counting lines; a basic string's backslash escapes the byte after it.
                while let next = bytes.first, !bytes.starts(with: delimiter) {
                    if next == UInt8(ascii: "\n") { line += 1 }
                    bytes = bytes.dropFirst(next == UInt8(ascii: "\\") && byte == UInt8(ascii: "\"") && bytes.count > 1 ? 2 : 1)
                }
                bytes = bytes.dropFirst(delimiter.count)
                expectsValue = false
                afterEquals = false
            case UInt8(ascii: "["):
                if afterEquals || !opened.isEmpty {
                    opened.append(byte)
                    expectsValue = true
                }
                afterEquals = false
            case UInt8(ascii: "{"):
                if afterEquals || !opened.isEmpty { opened.append(byte) }
                expectsValue = false
                afterEquals = false
            case UInt8(ascii: "}"):
                if expectsValue, opened.last == UInt8(ascii: "[") { return line }
                if opened.last == UInt8(ascii: "{") { opened.removeLast() }
            case UInt8(ascii: "]"):
                if opened.last == UInt8(ascii: "[") { opened.removeLast() }
                expectsValue = false
            case UInt8(ascii: ","):
                expectsValue = opened.last == UInt8(ascii: "[")
            case UInt8(ascii: "="):
                afterEquals = true
                expectsValue = false
            default:
                expectsValue = false
                afterEquals = false
            }
        }
        return nil
    }

    /// Whether `line` opens a table header whose name starts with something no key starts with: a line
    /// break (`[` alone), `é`, `=`, a third `[`. TOMLKit's parser (toml++ 3) stops the whole program on
    /// one (a failed assertion) instead of refusing the document, so such a file never reaches it.
    static func opensUnreadableHeader(_ line: Substring, isLast: Bool) -> Bool {
        var bytes = line.utf8.drop { $0 == 0x20 || $0 == 0x09 }
        guard bytes.first == UInt8(ascii: "[") else { return false }
        bytes = bytes.dropFirst()
        let isArray = bytes.first == UInt8(ascii: "[")
        bytes = bytes.dropFirst(isArray ? 1 : 0).drop { $0 == 0x20 || $0 == 0x09 }
        // The end of the file is refused by the parser; the end of a line is not.
        guard let byte = bytes.first else { return !isLast }
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "]"):
            return false
        case UInt8(ascii: "["):
            return isArray  // `[ [` is refused by the parser, `[[ [` is not
        default:
            return true
        }
    }

    /// Reads `a."b c".d` from the start of `text`; returns the parts and what follows (spaces skipped).
    private static func keyPath(_ text: Substring) -> ([String], Substring)? {
        var parts: [String] = []
        var rest = text
        while true {
            rest = rest.drop(while: { $0 == " " || $0 == "\t" })
            guard let first = rest.first else { return nil }
            if first == "\"" || first == "'" {
                let body = rest.dropFirst()
                guard let end = body.firstIndex(of: first) else { return nil }
                parts.append(String(body[..<end]))
                rest = body[body.index(after: end)...]
            } else {
                let bare = rest.prefix(while: { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
                guard !bare.isEmpty else { return nil }
                parts.append(String(bare))
                rest = rest.dropFirst(bare.count)
            }
            rest = rest.drop(while: { $0 == " " || $0 == "\t" })
            guard rest.first == "." else { return (parts, rest) }
            rest = rest.dropFirst()
        }
    }
}

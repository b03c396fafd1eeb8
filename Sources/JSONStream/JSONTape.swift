import Glibc

/// One JSON document parsed into a flat list of nodes, in document order, that point into its bytes: what
/// `JSONTapeDecoder` decodes from. Nothing is copied or converted while parsing: a string node is the byte
/// range between its quotes (turned into a `String` only when a model asks for it), a number node its
/// digits, and an object or array node knows where its last descendant ends, so a value a model does not
/// read is skipped in one step.
///
/// The parser checks the whole grammar of RFC 8259 (no leading zeros, no bare control characters in
/// strings, escapes as listed, one value and then only white space), nesting at most `maximumDepth` deep,
/// with what `JSONDecoder` also accepts beyond it: a comma after the last member or element, and a leading
/// byte-order mark. Bytes of strings are not checked as UTF-8 here: invalid sequences become U+FFFD
/// when a string is made.
///
/// The node storage is kept between documents (`parse` reuses it), so parsing the elements of a long array
/// one after another allocates nothing once the largest has been seen.
@usableFromInline
final class JSONTape {
    enum Kind: UInt8 {
        case object, array, string, number, `true`, `false`, null
    }

    struct Node {
        var kind: Kind
        /// A string that contains at least one escape (`\`), so its bytes are not its text.
        var escaped: Bool
        /// String: offset of its first byte after the opening quote. Number and literals: offset of the
        /// first byte. Object and array: offset of the opening bracket.
        var start: Int32
        /// String and number: length in bytes. Object: members. Array: elements.
        var count: Int32
        /// Index of the node after this value and everything inside it.
        var next: Int32
    }

    /// Why a document is not JSON: a short reason and the byte it was found at.
    struct SyntaxError: Error {
        let offset: Int
        let reason: String
    }

    // Read for every field a model decodes: exempt from the runtime's exclusivity checks (a tape is used by
    // one decoder on one thread, and nothing holds an access across a call).
    @exclusivity(unchecked) private(set) var nodes: [Node] = []
    /// The bytes of the document last parsed (valid only while its caller keeps them).
    @exclusivity(unchecked) private(set) var bytes = UnsafeRawBufferPointer(start: nil, count: 0)
    /// Room for unescaping a string, kept between strings.
    @exclusivity(unchecked) var scratch: [UInt8] = []
    let maximumDepth: Int

    init(maximumDepth: Int = 64) {
        self.maximumDepth = maximumDepth
    }

    /// Parses `bytes`, replacing the nodes of the previous document. The nodes point into `bytes`, which
    /// must outlive their use.
    func parse(_ bytes: UnsafeRawBufferPointer) throws(SyntaxError) {
        guard bytes.count < Int(Int32.max) else { throw SyntaxError(offset: 0, reason: "document too large") }
        nodes.removeAll(keepingCapacity: true)
        self.bytes = bytes
        var parser = Parser(bytes: bytes.bindMemory(to: UInt8.self), nodes: nodes, maximumDepth: maximumDepth)
        nodes = []
        defer { nodes = parser.nodes }
        try parser.parseDocument()
    }

    /// The parser proper: a recursive descent over the bytes, appending nodes.
    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var nodes: [Node]
        let maximumDepth: Int
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>, nodes: [Node], maximumDepth: Int) {
            self.bytes = bytes
            self.nodes = nodes
            self.maximumDepth = maximumDepth
        }

        mutating func parseDocument() throws(SyntaxError) {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // a byte-order mark
            try parseValue(depth: 0)
            skipWhiteSpace()
            guard index == bytes.count else { throw fail("bytes after the end of the document") }
        }

        private func fail(_ reason: String) -> SyntaxError {
            SyntaxError(offset: index, reason: reason)
        }

        private mutating func skipWhiteSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        private mutating func parseValue(depth: Int) throws(SyntaxError) {
            skipWhiteSpace()
            guard index < bytes.count else { throw fail("the document ends too early") }
            switch bytes[index] {
            case UInt8(ascii: "{"): try parseContainer(.object, depth: depth + 1)
            case UInt8(ascii: "["): try parseContainer(.array, depth: depth + 1)
            case UInt8(ascii: "\""): try parseString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
            case UInt8(ascii: "t"): try parseLiteral("true", .true)
            case UInt8(ascii: "f"): try parseLiteral("false", .false)
            case UInt8(ascii: "n"): try parseLiteral("null", .null)
            default: throw fail("unexpected byte")
            }
        }

        /// Appends a node for a container opening at `index`; returns its position.
        private mutating func open(_ kind: Kind, depth: Int) throws(SyntaxError) -> Int {
            guard depth <= maximumDepth else { throw fail("nested deeper than \(maximumDepth) levels") }
            nodes.append(Node(kind: kind, escaped: false, start: Int32(index), count: 0, next: 0))
            index += 1
            skipWhiteSpace()
            return nodes.count - 1
        }

        private mutating func close(_ position: Int, count: Int32) {
            nodes[position].count = count
            nodes[position].next = Int32(nodes.count)
            index += 1
        }

        /// An object or an array from its opening bracket at `index`: members (`"key": value`) or elements,
        /// separated by commas, with one comma after the last accepted (as `JSONDecoder` accepts it).
        private mutating func parseContainer(_ kind: Kind, depth: Int) throws(SyntaxError) {
            let isObject = kind == .object
            let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            let position = try open(kind, depth: depth)
            var count: Int32 = 0
            if index < bytes.count, bytes[index] == closing { return close(position, count: 0) }
            while true {
                if isObject {
                    skipWhiteSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
                    try parseString()
                    skipWhiteSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                    index += 1
                }
                try parseValue(depth: depth)
                count += 1
                skipWhiteSpace()
                guard index < bytes.count else { throw fail("the document ends too early") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    skipWhiteSpace()
                    if index < bytes.count, bytes[index] == closing { return close(position, count: count) }
                } else if bytes[index] == closing {
                    return close(position, count: count)
                } else {
                    throw fail(isObject ? "expected ',' or '}'" : "expected ',' or ']'")
                }
            }
        }

        /// A string from its opening quote at `index`.
        private mutating func parseString() throws(SyntaxError) {
            let start = index + 1
            var escaped = false
            index = start
            while true {
                index = JSONStringScan.plainEnd(bytes, from: index, stoppingAtControl: true)
                guard index < bytes.count else { break }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    nodes.append(
                        Node(
                            kind: .string, escaped: escaped, start: Int32(start), count: Int32(index - start),
                            next: Int32(nodes.count + 1)))
                    index += 1
                    return
                }
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    try skipEscape()
                } else {
                    throw fail("a control character in a string")
                }
            }
            throw fail("the document ends inside a string")
        }

        /// One escape, from its backslash at `index`.
        private mutating func skipEscape() throws(SyntaxError) {
            guard index + 1 < bytes.count else { throw fail("the document ends inside a string") }
            switch bytes[index + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                index += 2
            case UInt8(ascii: "u"):
                guard index + 5 < bytes.count else { throw fail("the document ends inside a string") }
                for offset in 2...5 where HexDigit.value(bytes[index + offset]) == nil {
                    throw fail("a \\u escape without four hex digits")
                }
                index += 6
            default:
                throw fail("an unknown escape")
            }
        }

        private mutating func parseNumber() throws(SyntaxError) {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("a number without digits") }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                if index < bytes.count, isDigit(bytes[index]) { throw fail("a number with a leading zero") }
            } else {
                skipDigits()
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard index < bytes.count, isDigit(bytes[index]) else { throw fail("a number without fraction digits") }
                skipDigits()
            }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard index < bytes.count, isDigit(bytes[index]) else { throw fail("a number without exponent digits") }
                skipDigits()
            }
            nodes.append(
                Node(
                    kind: .number, escaped: false, start: Int32(start), count: Int32(index - start),
                    next: Int32(nodes.count + 1)))
        }

        private func isDigit(_ byte: UInt8) -> Bool {
            byte &- UInt8(ascii: "0") < 10
        }

        private mutating func skipDigits() {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }

        private mutating func parseLiteral(_ literal: StaticString, _ kind: Kind) throws(SyntaxError) {
            let length = literal.utf8CodeUnitCount
            guard index + length <= bytes.count,
                memcmp(bytes.baseAddress! + index, literal.utf8Start, length) == 0
            else { throw fail("an unknown literal") }
            nodes.append(Node(kind: kind, escaped: false, start: Int32(index), count: Int32(length), next: Int32(nodes.count + 1)))
            index += length
        }
    }
}

/// Splits a JSON document that arrives in chunks into the elements of one array inside it, as each element
/// completes, and the rest of the document with that array emptied (the envelope).
///
/// For `{"status":"OK","results":[{…},{…}],"num_results":2}` and the path `["results"]` it hands over
/// `{…}` and `{…}` one at a time, then `finish()` returns `{"status":"OK","results":[],"num_results":2}`.
/// Neither the whole body nor the whole list is ever held: memory is bounded by the largest element and
/// the envelope, each capped by `Limits`.
///
/// It checks only what it must to find the elements: strings (with their escapes, split across chunks at
/// any byte), nesting, and brackets that close what they opened. Everything else (numbers, literals,
/// commas, the bytes inside an element) is left to the JSON decoder each element and the envelope go to.
/// Keys compare by their text, escapes decoded (`"res\u0075lts"` is `results`), as the decoder compares
/// them. What the document holds at the path is in `valueAtPath`: a document without the array there is
/// not an error to the splitter (it hands over no element), so its user must check it. A second value at
/// the path (a repeated key) is malformed: the decoder would read the first, the splitter every one.
public struct JSONArraySplitter: Sendable {
    /// Caps on what one document may make the splitter hold or do.
    public struct Limits: Sendable, Hashable {
        /// Deepest nesting of objects and arrays.
        public var maximumDepth: Int
        /// Largest single element, in bytes.
        public var maximumElementBytes: Int
        /// Largest envelope (the document without the array's elements), in bytes.
        public var maximumEnvelopeBytes: Int

        public init(maximumDepth: Int = 64, maximumElementBytes: Int = 16 << 20, maximumEnvelopeBytes: Int = 256 << 10) {
            self.maximumDepth = maximumDepth
            self.maximumElementBytes = maximumElementBytes
            self.maximumEnvelopeBytes = maximumEnvelopeBytes
        }
    }

    /// Why a document cannot be split.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The document ended inside a string, an object or an array.
        case truncated
        /// A bracket closes something it did not open, or a byte follows the end of the document.
        case malformed(offset: Int)
        /// Objects and arrays nest deeper than the limit.
        case tooDeep(limit: Int)
        /// One element of the array is larger than the limit.
        case elementTooLarge(limit: Int)
        /// The document around the array is larger than the limit.
        case envelopeTooLarge(limit: Int)

        public var description: String {
            switch self {
            case .truncated: return "the JSON document ends too early"
            case .malformed(let offset): return "the JSON document is malformed at byte \(offset)"
            case .tooDeep(let limit): return "the JSON document nests deeper than \(limit) levels"
            case .elementTooLarge(let limit): return "an element is larger than \(limit) bytes"
            case .envelopeTooLarge(let limit): return "the JSON document around its list is larger than \(limit) bytes"
            }
        }
    }

    /// What a document holds at the path.
    public enum PathValue: Sendable, Hashable {
        /// Nothing: no member at the path (so far, or at all once the document is finished).
        case missing
        /// An array: its elements are the ones handed over.
        case array
        /// Something else: `null`, an object, a string, a number or a literal.
        case notArray
    }

    /// One open object or array.
    private struct Level: Sendable {
        var isObject: Bool
        /// How many keys of the path lead here; -1 when this level is off the path.
        var matched: Int
        /// In an object: the next string is a key.
        var expectsKey: Bool
        /// In an object: the key just read is the next key of the path.
        var keyOnPath: Bool
    }

    private let path: [[UInt8]]
    /// The longest a key may be, escapes and all, and still be one of the path's (six bytes, `\u0075`,
    /// for each byte of the longest).
    private let maximumKeyBytes: Int
    private let limits: Limits
    /// What the document holds at the path, as far as it has been read.
    public private(set) var valueAtPath = PathValue.missing
    private var levels: [Level] = []
    /// Depth of the target array while inside it (its level's index + 1), else 0.
    private var targetDepth = 0
    private var inString = false
    private var escaped = false
    /// Bytes of the key being read as they are written (escapes undecoded), while it may still equal the
    /// next key of the path.
    private var key: [UInt8] = []
    /// Room for the key with its escapes decoded.
    private var unescapedKey: [UInt8] = []
    private var keyMayMatch = false
    private var readingKey = false
    private var element: [UInt8] = []
    private var inElement = false
    private var envelope: [UInt8] = []
    private var startedDocument = false
    private var finishedDocument = false
    private var offset = 0

    /// A splitter for the array at `path`: keys from the root object (`["response", "docs"]`).
    public init(path: [String], limits: Limits = Limits()) {
        self.path = path.map { Array($0.utf8) }
        maximumKeyBytes = 6 * (self.path.map(\.count).max() ?? 0)
        self.limits = limits
        levels.reserveCapacity(16)
    }

    /// Feeds the next chunk of the body; `onElement` gets each element that completes in it, in order.
    /// The bytes handed over are valid only during the call.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer, onElement: (UnsafeRawBufferPointer) throws -> Void) throws {
        let bytes = chunk.bindMemory(to: UInt8.self)
        var envelopeStart = 0
        var elementStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {  // backslash
                    escaped = true
                } else if byte == 0x22 {  // closing quote
                    inString = false
                    if readingKey { finishKey() }
                    index += 1
                    continue
                }
                if readingKey && keyMayMatch {
                    key.append(byte)
                    if key.count > maximumKeyBytes { keyMayMatch = false }
                }
                index += 1
                continue
            }
            switch byte {
            case 0x20, 0x0A, 0x0D, 0x09:
                break
            case 0x22:  // opening quote
                if let last = levels.last, last.isObject, last.expectsKey, depth != targetDepth {
                    readingKey = true
                    key.removeAll(keepingCapacity: true)
                    keyMayMatch = last.matched >= 0 && last.matched < path.count
                    levels[levels.count - 1].expectsKey = false
                } else {
                    try noteScalar(at: index)
                }
                if try startValue(at: index) { elementStart = index }
                inString = true
            case 0x7B, 0x5B:  // { [
                if try startValue(at: index) {
                    elementStart = index
                    if let end = Self.containerEnd(bytes, from: index, maximumDepth: limits.maximumDepth - depth),
                        end - index <= limits.maximumElementBytes
                    {
                        // The whole element is in this chunk: handed over in place, without the state below.
                        try onElement(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[index..<end])))
                        inElement = false
                        index = end
                        continue
                    }
                }
                let isObject = byte == 0x7B
                let matched = matchedForNewLevel()
                if matched == path.count { try noteValueAtPath(isArray: !isObject, at: index) }
                guard levels.count < limits.maximumDepth else { throw Failure.tooDeep(limit: limits.maximumDepth) }
                levels.append(Level(isObject: isObject, matched: matched, expectsKey: isObject, keyOnPath: false))
                if !isObject, matched == path.count, targetDepth == 0 {
                    // The target array opens: the envelope keeps its brackets, not its elements.
                    try appendEnvelope(bytes, envelopeStart..<(index + 1))
                    targetDepth = levels.count
                    envelopeStart = count
                }
            case 0x7D, 0x5D:  // } ]
                guard let last = levels.last, last.isObject == (byte == 0x7D) else {
                    throw Failure.malformed(offset: offset + index)
                }
                if depth == targetDepth {
                    // The target array closes: its last element ends here.
                    if inElement { try endElement(bytes, elementStart..<index, onElement) }
                    targetDepth = 0
                    envelopeStart = index
                } else if inElement && depth == targetDepth + 1 {
                    // The element, an object or array, closes.
                    levels.removeLast()
                    try endElement(bytes, elementStart..<(index + 1), onElement)
                    index += 1
                    continue
                }
                levels.removeLast()
                if levels.isEmpty { finishedDocument = true }
            case 0x2C:  // ,
                if let last = levels.last, last.isObject { levels[levels.count - 1].expectsKey = true }
                if depth == targetDepth, inElement {
                    try endElement(bytes, elementStart..<index, onElement)
                }
            default:
                // A number, a literal, or a byte that is no JSON (left to the decoder); a colon starts no value.
                if byte != 0x3A { try noteScalar(at: index) }
                if try startValue(at: index) { elementStart = index }
            }
            index += 1
        }
        if inElement {
            try appendElement(bytes, elementStart..<count)
        }
        if targetDepth == 0 {
            try appendEnvelope(bytes, envelopeStart..<count)
        }
        offset += count
    }

    /// The end (one past its closing bracket) of the object or array that opens at `start`, when it closes
    /// within `bytes` nested at most `maximumDepth` deep, with its brackets matched. `nil` otherwise, also
    /// for what is malformed: the byte-by-byte path then reads it and finds what is wrong.
    ///
    /// The fast path for elements: tracks only strings and brackets, without the path, keys or levels.
    private static func containerEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, maximumDepth: Int) -> Int? {
        let count = bytes.count
        var index = start
        var depth = 0
        // One bit per open level, the innermost lowest: 1 for an object.
        var objects: UInt64 = 0
        while index < count {
            switch bytes[index] {
            case 0x22:  // a string: to its closing quote
                index = JSONStringScan.plainEnd(bytes, from: index + 1, stoppingAtControl: false)
                while index < count && bytes[index] == 0x5C {
                    index = JSONStringScan.plainEnd(bytes, from: index + 2, stoppingAtControl: false)
                }
                guard index < count else { return nil }
            case 0x7B, 0x5B:  // { [
                depth += 1
                guard depth <= maximumDepth, depth <= 64 else { return nil }
                objects = objects << 1 | (bytes[index] == 0x7B ? 1 : 0)
            case 0x7D, 0x5D:  // } ]
                guard (objects & 1 == 1) == (bytes[index] == 0x7D) else { return nil }
                objects >>= 1
                depth -= 1
                if depth == 0 { return index + 1 }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// Ends the document: returns the envelope, or throws when the document did not end.
    public mutating func finish() throws -> [UInt8] {
        guard levels.isEmpty, !inString, startedDocument else { throw Failure.truncated }
        return envelope
    }

    // MARK: - Steps

    private var depth: Int { levels.count }

    /// A value begins at `index`; returns whether it is a new element of the target array. A value after
    /// the end of the document is an error.
    private mutating func startValue(at index: Int) throws -> Bool {
        if finishedDocument { throw Failure.malformed(offset: offset + index) }
        startedDocument = true
        guard targetDepth != 0, depth == targetDepth, !inElement else { return false }
        inElement = true
        return true
    }

    /// A string, number or literal value begins at `index`: notes it when it is the value at the path.
    /// Called before `startValue` (which marks the document started).
    private mutating func noteScalar(at index: Int) throws {
        guard let last = levels.last else {
            if path.isEmpty && !startedDocument { try noteValueAtPath(isArray: false, at: index) }
            return
        }
        guard last.isObject, last.keyOnPath else { return }
        levels[levels.count - 1].keyOnPath = false
        if last.matched + 1 == path.count { try noteValueAtPath(isArray: false, at: index) }
    }

    /// A value at the path begins at `index`; a second one (a repeated key) is malformed.
    private mutating func noteValueAtPath(isArray: Bool, at index: Int) throws {
        guard valueAtPath == .missing else { throw Failure.malformed(offset: offset + index) }
        valueAtPath = isArray ? .array : .notArray
    }

    /// How many path keys lead to a container opening now (-1 when off the path).
    private mutating func matchedForNewLevel() -> Int {
        guard let last = levels.last else { return 0 }
        if last.isObject {
            defer { levels[levels.count - 1].keyOnPath = false }
            return last.keyOnPath ? last.matched + 1 : -1
        }
        return -1
    }

    private mutating func finishKey() {
        readingKey = false
        let level = levels.count - 1
        let matched = levels[level].matched
        guard keyMayMatch, matched >= 0, matched < path.count else {
            levels[level].keyOnPath = false
            return
        }
        guard key.contains(0x5C) else {
            levels[level].keyOnPath = key == path[matched]
            return
        }
        unescapedKey.removeAll(keepingCapacity: true)
        let decoded = key.withUnsafeBytes { JSONEscape.decode($0, into: &unescapedKey) }
        levels[level].keyOnPath = decoded && unescapedKey == path[matched]
    }

    private mutating func endElement(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ onElement: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        try appendElement(bytes, range)
        inElement = false
        while let last = element.last, last == 0x20 || last == 0x0A || last == 0x0D || last == 0x09 {
            element.removeLast()
        }
        try element.withUnsafeBytes { try onElement($0) }
        element.removeAll(keepingCapacity: true)
    }

    private mutating func appendElement(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws {
        guard !range.isEmpty else { return }
        guard element.count + range.count <= limits.maximumElementBytes else {
            throw Failure.elementTooLarge(limit: limits.maximumElementBytes)
        }
        element.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
    }

    private mutating func appendEnvelope(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws {
        guard !range.isEmpty else { return }
        guard envelope.count + range.count <= limits.maximumEnvelopeBytes else {
            throw Failure.envelopeTooLarge(limit: limits.maximumEnvelopeBytes)
        }
        envelope.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
    }
}

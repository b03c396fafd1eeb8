/// One value of a parsed document, read in place: what a model that reads its fields itself (`JSONReadable`)
/// gets instead of a `Decoder`. Reading costs what the value asked for costs: no container, no coding path,
/// no key turned into a `String`.
///
/// A node is valid only inside the call that handed it over: the tape it points into is reused for the next
/// document.
public struct JSONNode {
    // Unowned: a node lives inside the call that handed it over, while its decoder holds the tape; no
    // reference counting for each member read.
    @usableFromInline unowned(unsafe) let tape: JSONTape
    @usableFromInline let position: Int

    @usableFromInline
    init(tape: JSONTape, position: Int) {
        self.tape = tape
        self.position = position
    }

    private var kind: JSONTape.Kind { tape.nodes[position].kind }

    /// The text of a string (escapes decoded, invalid UTF-8 as U+FFFD); nil for any other value.
    public var string: String? {
        kind == .string ? tape.string(at: position) : nil
    }

    /// A number that is a whole `T` (`1e3` and `2.0` are, `2.5` and `1e40` as an `Int` are not), as
    /// `JSONDecoder` reads one; nil for any other value.
    public func integer<T: FixedWidthInteger>(_ type: T.Type = Int.self) -> T? {
        kind == .number ? tape.integer(at: position, as: type) : nil
    }

    /// The elements of an array, each read by `read` and kept when it gives a value; nil when the value is
    /// not an array.
    @inlinable
    public func compactMapElements<T>(_ read: (JSONNode) throws -> T?) rethrows -> [T]? {
        var elements: [T] = []
        let isArray = try forEachElement { element in
            if let value = try read(element) { elements.append(value) }
        }
        return isArray ? elements : nil
    }

    /// Calls `body` with each element of an array; false when the value is not an array.
    @usableFromInline
    func forEachElement(_ body: (JSONNode) throws -> Void) rethrows -> Bool {
        guard kind == .array else { return false }
        let nodes = tape.nodes
        var element = position + 1
        let end = Int(nodes[position].next)
        while element < end {
            try body(JSONNode(tape: tape, position: element))
            element = Int(nodes[element].next)
        }
        return true
    }

    /// Calls `body` with each member of an object whose name is one of `keys`, in the document's order; a
    /// name written twice gives only its first value, as with `JSONDecoder`. Names are compared after
    /// their escapes are decoded. False when the value is not an object.
    @inlinable
    public func forEachField<Key>(_ keys: JSONKeyTable<Key>, _ body: (Key, JSONNode) throws -> Void) rethrows -> Bool {
        try forEachMember(named: keys.names) { index, value in try body(keys.keys[index], value) }
    }

    /// `forEachField` by the names' places in `names`.
    @usableFromInline
    func forEachMember(named names: JSONNameSet, _ body: (Int, JSONNode) throws -> Void) rethrows -> Bool {
        guard kind == .object else { return false }
        let nodes = tape.nodes
        var seen: UInt64 = 0
        var member = position + 1
        let end = Int(nodes[position].next)
        while member < end {
            let found: Int?
            if nodes[member].escaped {
                var name = tape.string(at: member)
                found = name.withUTF8 { names.index(of: UnsafeRawBufferPointer($0)) }
            } else {
                found = names.index(of: tape.bytes(of: nodes[member]))
            }
            if let found, seen & (1 << found) == 0 {
                seen |= 1 << found
                try body(found, JSONNode(tape: tape, position: member + 1))
            }
            member = Int(nodes[member + 1].next)
        }
        return true
    }

    /// The value decoded through its `Decodable` conformance, with the errors `JSONDecoder` would throw.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: TapeDecoding(tape: tape, current: position))
    }
}

/// A model read from a parsed document by its own code (`JSONNode`, `JSONKeyTable`) rather than through
/// `Decodable`: what the hot path of a refresh decodes, a few times faster than the containers.
public protocol JSONReadable {
    /// The model from `json`, or nil when the value is not of its shape (an item that is not an object).
    init?(json: JSONNode)
}

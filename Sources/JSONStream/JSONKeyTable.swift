import Glibc

/// The member names a model reads, as the cases of its `Key` enum (`case itemType = "item_type"`). Made once
/// per model (a `static let`); read with `JSONNode.forEachField`.
public struct JSONKeyTable<Key: CaseIterable & RawRepresentable>: Sendable where Key.RawValue == String, Key: Sendable {
    @usableFromInline let keys: [Key]
    @usableFromInline let names: JSONNameSet

    public init() {
        keys = Array(Key.allCases)
        names = JSONNameSet(keys.map(\.rawValue))
    }
}

/// Names told apart by their length and first eight bytes (one comparison of integers for most of a
/// model's names), then by `memcmp` of the rest.
@usableFromInline
struct JSONNameSet: Sendable {
    private struct Entry {
        /// The first eight bytes (fewer, zero-padded).
        let prefix: UInt64
        let bytes: [UInt8]
    }

    private let entries: [Entry]

    init(_ names: [String]) {
        precondition(names.count <= UInt64.bitWidth, "a key table holds at most 64 names")
        entries = names.map { name in
            let bytes = Array(name.utf8)
            return Entry(prefix: bytes.withUnsafeBytes(Self.prefix), bytes: bytes)
        }
    }

    private static func prefix(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var prefix: UInt64 = 0
        withUnsafeMutableBytes(of: &prefix) { prefix in
            prefix.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes.prefix(8)))
        }
        return prefix
    }

    /// Which of the names `name` (a member's name as UTF-8) is, by its place.
    func index(of name: UnsafeRawBufferPointer) -> Int? {
        let prefix = Self.prefix(name)
        return entries.withUnsafeBufferPointer { entries in
            for index in entries.indices where entries[index].bytes.count == name.count && entries[index].prefix == prefix {
                if name.count <= 8 { return index }
                let rest = entries[index].bytes.withUnsafeBytes { memcmp($0.baseAddress! + 8, name.baseAddress! + 8, name.count - 8) }
                if rest == 0 { return index }
            }
            return nil
        }
    }
}

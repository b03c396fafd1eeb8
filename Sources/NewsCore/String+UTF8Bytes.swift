extension String {
    /// Whether one of the string's UTF-8 bytes satisfies `predicate`: read in place when the bytes are
    /// contiguous (a native string's), since walking the UTF-8 view byte by byte costs several times more.
    @inlinable
    public func containsUTF8Byte(where predicate: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(where: predicate) } ?? utf8.contains(where: predicate)
    }
}

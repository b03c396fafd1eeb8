import CPackedText

/// The cache's packed text (CPackedText) on byte arrays, for the tests and the fuzz target that hold it
/// to its promises.
public enum PackedTextBytes {
    /// Whether the code packed text is written with is whole (every byte has a code, any bits decode).
    public static var codeIsWhole: Bool { nyt_packed_text_available() == 1 }

    /// `text` packed, or nil when packing would not make it smaller.
    public static func pack(_ text: [UInt8]) -> [UInt8]? {
        var packed = [UInt8](repeating: 0, count: text.count)
        let size = text.withUnsafeBufferPointer { text in
            text.withMemoryRebound(to: CChar.self) { nyt_pack_text($0.baseAddress, $0.count, &packed, packed.count) }
        }
        return size == 0 ? nil : Array(packed[..<size])
    }

    /// The text `packed` stands for, or nil when it is not exactly a text's packed form.
    public static func unpack(_ packed: [UInt8]) -> [UInt8]? {
        var length = 0
        guard let text = nyt_unpack_text(packed, packed.count, &length) else { return nil }
        defer { sqlite3_free(text) }
        return Array(UnsafeRawBufferPointer(start: text, count: length))
    }
}

import CPackedText

/// The cache's packed text (CPackedText), both ways: any bytes read as a packed value must either be
/// refused or be exactly the packed form of the text they give (read strictly, every text has one form),
/// and any bytes packed as text must be smaller and read back byte for byte. Neither may read or write past
/// its buffers (the fuzz build runs under AddressSanitizer).
enum PackedTextTarget {
    static let target = FuzzTarget(name: "packed-text") { bytes in
        let input = Array(bytes)
        if let text = unpack(input), let again = pack(text) {
            FuzzCheck.require(again == input, "\(input) reads as \(text), which packs as \(again)")
        }
        if let packed = pack(input) {
            FuzzCheck.require(packed.count < input.count, "\(input.count) bytes packed into \(packed.count)")
            FuzzCheck.require(unpack(packed) == input, "\(input) packed as \(packed) reads back as \(String(describing: unpack(packed)))")
        }
    }

    static func pack(_ text: [UInt8]) -> [UInt8]? {
        var packed = [UInt8](repeating: 0, count: text.count)
        let size = text.withUnsafeBufferPointer { text in
            text.withMemoryRebound(to: CChar.self) { nyt_pack_text($0.baseAddress, $0.count, &packed, packed.count) }
        }
        return size == 0 ? nil : Array(packed[..<size])
    }

    static func unpack(_ packed: [UInt8]) -> [UInt8]? {
        var length = 0
        guard let text = nyt_unpack_text(packed, packed.count, &length) else { return nil }
        defer { sqlite3_free(text) }
        return Array(UnsafeRawBufferPointer(start: text, count: length))
    }
}

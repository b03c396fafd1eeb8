import TestSupport

/// The cache's packed text (CPackedText), both ways: any bytes read as a packed value must either be
/// refused or be exactly the packed form of the text they give (read strictly, every text has one form),
/// and any bytes packed as text must be smaller and read back byte for byte. Neither may read or write past
/// its buffers (the fuzz build runs under AddressSanitizer).
enum PackedTextTarget {
    static let target = FuzzTarget(name: "packed-text") { bytes in
        let (pack, unpack) = (PackedTextBytes.pack, PackedTextBytes.unpack)
        let input = Array(bytes)
        if let text = unpack(input), let again = pack(text) {
            FuzzCheck.require(again == input, "\(input) reads as \(text), which packs as \(again)")
        }
        if let packed = pack(input) {
            FuzzCheck.require(packed.count < input.count, "\(input.count) bytes packed into \(packed.count)")
            FuzzCheck.require(unpack(packed) == input, "\(input) packed as \(packed) reads back as \(String(describing: unpack(packed)))")
        }
    }
}

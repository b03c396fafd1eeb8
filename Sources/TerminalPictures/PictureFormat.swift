/// The file formats the decoder reads, told by their first bytes (never by a server's content type).
public enum PictureFormat: String, Sendable, CaseIterable {
    case jpeg
    case png

    /// The format `bytes` start with, or nil for anything else.
    public init?(sniffing bytes: some Collection<UInt8>) {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else {
            return nil
        }
    }
}

import CPicture

/// Why a picture could not be decoded or drawn. Each is an ordinary outcome for data from the network:
/// the caller shows a placeholder.
public enum PictureError: Error, Equatable, Sendable {
    /// A library could not be loaded (not installed, or too old): its words.
    case libraryUnavailable(String)
    /// More bytes than the decoder takes (`count` of them).
    case tooManyBytes(count: Int)
    /// Neither a JPEG nor a PNG by its first bytes (e.g. an HTML page served as `image/jpeg`).
    case unrecognizedFormat
    /// The header declares more pixels than the decoder takes.
    case tooManyPixels(width: Int, height: Int)
    /// The data ends before the picture does.
    case truncated
    /// The decoder refused the data: its words (printable ASCII only).
    case corrupt(String)
    /// Decoding would need more memory than the decoder may use.
    case tooMuchMemory
    /// A cell box or cell size the renderer does not draw (none, or too many cells or pixels).
    case outOfRange(String)
    /// The terminal could not be asked (the `errno` of the failed call; ENOTTY: not a terminal).
    case terminalUnavailable(errno: Int32)
}

extension PictureError {
    /// The error for a status of the C shim, with its words.
    init(status: nyt_picture_status, message: String, width: UInt32 = 0, height: UInt32 = 0) {
        let words = PictureError.printable(message)
        switch status {
        case NYT_PICTURE_NOT_LOADED: self = .libraryUnavailable(words)
        case NYT_PICTURE_TOO_MANY_PIXELS: self = .tooManyPixels(width: Int(width), height: Int(height))
        case NYT_PICTURE_TRUNCATED: self = .truncated
        case NYT_PICTURE_OUT_OF_MEMORY: self = .tooMuchMemory
        case NYT_PICTURE_INVALID_ARGUMENT: self = .outOfRange(words)
        default: self = .corrupt(words)
        }
    }

    /// `message` with anything but printable ASCII replaced by `?`, at most 200 characters: a decoder's
    /// words can quote bytes of the file.
    static func printable(_ message: String) -> String {
        String(
            String.UnicodeScalarView(
                message.unicodeScalars.prefix(200).map { scalar in
                    (0x20..<0x7F).contains(scalar.value) ? scalar : "?"
                }))
    }
}

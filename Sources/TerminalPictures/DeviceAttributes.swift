import CPicture

/// A terminal's answer to the primary device attributes query (DA1): `ESC [ ? class ; attribute … c`.
/// Attribute 4 means the terminal draws sixels.
public struct DeviceAttributes: Hashable, Sendable {
    /// The query to write to the terminal: `ESC [ c`.
    public static let query: [UInt8] = [0x1B, 0x5B, 0x63]

    /// The service class (e.g. 62 for a VT220, 64 for a VT420 and xterm).
    public let serviceClass: Int
    /// The attributes after the class.
    public let attributes: [Int]

    /// The last complete answer in `bytes` (which may hold other input around it); nil when there is
    /// none. A parameter that is not a number, or a number over 9999, makes the answer unreadable.
    public init?(answer bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        var end = bytes.endIndex
        while let finalIndex = bytes[..<end].lastIndex(of: UInt8(ascii: "c")) {
            end = finalIndex
            guard let start = Self.answerStart(in: bytes, before: finalIndex),
                let parameters = Self.parameters(bytes[start..<finalIndex]), let first = parameters.first
            else { continue }
            serviceClass = first
            attributes = Array(parameters.dropFirst())
            return
        }
        return nil
    }

    /// Asks the terminal on `descriptor` (read and written: the controlling terminal, before the screen
    /// is set up) and waits up to `timeout` for the answer; nil when none came in time. Input typed
    /// meanwhile is read with it and lost.
    public static func query(descriptor: Int32, timeout: Duration) throws(PictureError) -> DeviceAttributes? {
        let (seconds, attoseconds) = timeout.components
        let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        var answer = [UInt8](repeating: 0, count: 256)
        var length = 0
        let failure = nyt_picture_query_device_attributes(
            descriptor, max(milliseconds, 0), &answer, answer.count, &length)
        guard failure == 0 else { throw .terminalUnavailable(errno: failure) }
        return DeviceAttributes(answer: answer.prefix(length))
    }

    /// Whether attribute 4 (sixel graphics) is listed.
    public var hasSixels: Bool { attributes.contains(4) }

    /// The index just after the `ESC [ ?` that opens the answer ending at `finalIndex`.
    private static func answerStart(in bytes: [UInt8], before finalIndex: Int) -> Int? {
        var index = finalIndex
        while index > bytes.startIndex,
            bytes[index - 1] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[index - 1])
        {
            index -= 1
        }
        guard index - 3 >= bytes.startIndex, bytes[index - 3] == 0x1B, bytes[index - 2] == UInt8(ascii: "["),
            bytes[index - 1] == UInt8(ascii: "?")
        else { return nil }
        return index
    }

    private static func parameters(_ text: ArraySlice<UInt8>) -> [Int]? {
        var parameters: [Int] = []
        for field in text.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
            guard !field.isEmpty, field.count <= 4 else { return nil }
            parameters.append(field.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        }
        return parameters
    }
}

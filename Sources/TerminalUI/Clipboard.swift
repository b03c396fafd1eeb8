import FoundationEssentials
import NewsCore
#if canImport(Glibc)
import Glibc
#endif

/// Puts text on the clipboard of the terminal the reader runs in, wherever that is (over SSH, in tmux with
/// `set-clipboard on`): the OSC 52 sequence, written straight to the terminal. Only NYT links pass
/// (`ArticleLink`), so nothing from the network chooses what the sequence carries.
public struct Clipboard: Sendable {
    private let descriptor: Int32

    public init(descriptor: Int32 = STDOUT_FILENO) {
        self.descriptor = descriptor
    }

    /// The sequence that sets the clipboard to `text`.
    public static func sequence(for text: String) -> String {
        "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
    }

    /// Copies `url` when it is an NYT link; false otherwise or when the terminal cannot be written.
    public func copy(_ url: String) -> Bool {
        guard let url = ArticleLink(url).openable else { return false }
        let bytes = Array(Self.sequence(for: url).utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { return false }
            written += result
        }
        return true
    }
}

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
        do {
            try SystemCall.writeAll(Self.sequence(for: url).utf8, to: descriptor)
            return true
        } catch {
            return false
        }
    }
}

/// A short message for the status line about the last thing done (e.g. no browser found);
/// the next key clears it.
public struct Notice: Hashable, Sendable {
    public var text: String
    public var isError: Bool

    public init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }
}

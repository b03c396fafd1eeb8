extension StringProtocol {
    /// The text without white space (spaces, tabs, line breaks and the like) at either end.
    public func trimmed() -> String {
        trimmed(where: \.isWhitespace)
    }

    /// The text without the characters `isTrimmed` picks at either end (e.g. only spaces and tabs, as in
    /// an HTTP header).
    public func trimmed(where isTrimmed: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !isTrimmed($0) }), let last = lastIndex(where: { !isTrimmed($0) }) else {
            return ""
        }
        return String(self[first...last])
    }

    /// The text without the spaces (U+0020) at its end; what it starts with is kept.
    public func trimmingTrailingSpaces() -> String {
        guard let last = lastIndex(where: { $0 != " " }) else { return "" }
        return String(self[...last])
    }

    /// The text followed by spaces up to `width` characters; longer text is left as it is.
    public func padded(to width: Int) -> String {
        String(self) + String(repeating: " ", count: Swift.max(0, width - count))
    }
}

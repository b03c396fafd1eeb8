extension StringProtocol {
    /// The text without white space (spaces, tabs, line breaks and the like) at either end.
    public func trimmed() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[first...last])
    }

    /// The text followed by spaces up to `width` characters; longer text is left as it is.
    public func padded(to width: Int) -> String {
        String(self) + String(repeating: " ", count: Swift.max(0, width - count))
    }
}

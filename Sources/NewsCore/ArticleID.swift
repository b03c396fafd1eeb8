/// The identity of an article: the NYT `uri` (e.g. `nyt://article/…`), the same across every endpoint.
public struct ArticleID: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static func < (lhs: ArticleID, rhs: ArticleID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

import Foundation

/// The repository's README.md, for tests that hold it to what the code does.
public enum Readme {
    /// A `## heading` the README lacks.
    public struct MissingSection: Error, CustomStringConvertible {
        public let heading: String
        public var description: String { "README.md has no section '## \(heading)'" }
    }

    /// The text under `## heading`, up to the next `## ` heading.
    public static func section(_ heading: String) throws -> Substring {
        let readme = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        guard let start = text.range(of: "\n## \(heading)\n") else { throw MissingSection(heading: heading) }
        let rest = text[start.upperBound...]
        return rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
    }
}

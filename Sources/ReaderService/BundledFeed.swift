import FoundationEssentials
import NewsCore

/// A Top Stories response shipped inside the program, imported into an empty cache on first launch.
public struct BundledFeed: Sendable {
    public var section: Section
    /// The raw NYT JSON, decoded by the same DTOs as a network response; its `last_updated` dates it.
    public var json: Data

    public init(section: Section, json: Data) {
        self.section = section
        self.json = json
    }
}

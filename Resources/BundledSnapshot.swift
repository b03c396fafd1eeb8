import Foundation

/// NYT Top Stories responses shipped inside the program, so a first launch with no key and no network
/// still shows real articles. The JSON files beside this one are embedded at build time.
public enum BundledSnapshot {
    /// Each bundled feed: the Top Stories section and its raw JSON, in the order they are imported.
    public static var feeds: [(section: String, json: Data)] {
        [
            ("home", Data(PackageResources.topstories_home_json)),
            ("world", Data(PackageResources.topstories_world_json)),
        ]
    }
}

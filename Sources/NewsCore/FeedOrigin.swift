/// Where the cached copy of a feed came from.
public enum FeedOrigin: String, Sendable, Hashable {
    /// The snapshot shipped inside the program, imported on first launch.
    case bundled
    /// A refresh from the NYT API.
    case network
}

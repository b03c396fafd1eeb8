import Foundation

/// One of the two programs the peer benchmark runs side by side: how to fill its cache from the loopback
/// server, how to open its reader on that cache, and what its first screen shows.
struct PeerProgram {
    /// The name in the table (`newsboat`, `nytreader`).
    let name: String
    /// The program to run.
    let executable: String
    /// Arguments of a headless reload of the feed into `cache` from the loopback server.
    let reloadArguments: (_ cache: String) -> [String]
    /// Variables added to the clean environment of a reload (the API key).
    let reloadEnvironment: [String: String]
    /// The shell command line that opens the reader on `cache`.
    let readerCommand: (_ cache: String) -> String
    /// Text the reader's first screen shows once it is usable.
    let firstScreenMarker: String
    /// Keys that bring the reader from its first screen to the list of articles, and what that list shows.
    let openList: (keys: [String], marker: String)
    /// The files the cache at `cache` is made of.
    let cacheFiles: (_ cache: String) -> [String]

    /// newsboat reading the RSS rendering at `/rss/home.xml` of `baseURL`, with its URL list and an empty
    /// config written into `folder`.
    static func newsboat(executable: String, baseURL: URL, folder: String, firstTitle: String) throws -> PeerProgram {
        let urls = "\(folder)/urls"
        let config = "\(folder)/config"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data((baseURL.absoluteString + rssPath + "\n").utf8).write(to: URL(fileURLWithPath: urls))
        try Data().write(to: URL(fileURLWithPath: config))
        return PeerProgram(
            name: "newsboat",
            executable: executable,
            reloadArguments: { cache in ["-x", "reload", "-u", urls, "-c", cache, "-C", config] },
            reloadEnvironment: [:],
            readerCommand: { cache in
                "\(TmuxControl.quote(executable)) -u \(TmuxControl.quote(urls)) -c \(TmuxControl.quote(cache)) -C \(TmuxControl.quote(config))"
            },
            firstScreenMarker: RSSFeed.channelTitle,
            openList: (["Enter"], ReaderBenchmarks.marker(for: firstTitle)),
            cacheFiles: { [$0] }
        )
    }

    /// nytreader refreshing the Home Page from the Top Stories JSON at `baseURL`.
    static func nytreader(executable: String, baseURL: URL, firstTitle: String) -> PeerProgram {
        PeerProgram(
            name: "nytreader",
            executable: executable,
            reloadArguments: { cache in ["refresh", "--section", "home", "--db", cache, "--api-base-url", baseURL.absoluteString] },
            reloadEnvironment: ["NYT_API_KEY": "bench-key"],
            readerCommand: { cache in "\(TmuxControl.quote(executable)) --db \(TmuxControl.quote(cache))" },
            firstScreenMarker: ReaderBenchmarks.marker(for: firstTitle),
            openList: ([], ReaderBenchmarks.marker(for: firstTitle)),
            cacheFiles: { [$0, $0 + "-wal"] }
        )
    }

    /// Where the loopback server serves the RSS rendering.
    static let rssPath = "/rss/home.xml"
}

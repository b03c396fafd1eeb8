import Foundation
import ReaderConfig
import Testing

@Suite("Where the program keeps its files")
struct AppPathsTests {
    @Test("XDG variables with absolute paths win; relative ones and missing ones fall back under HOME")
    func xdgPaths() {
        let paths = AppPaths(environment: [
            "HOME": "/home/ann",
            "XDG_DATA_HOME": "/data",
            "XDG_CONFIG_HOME": "relative/config",
        ])
        #expect(paths.database.path == "/data/nytreader/cache.sqlite")
        #expect(paths.configFile.path == "/home/ann/.config/nytreader/config.toml")
        #expect(paths.apiKeyFile.path == "/home/ann/.config/nytreader/api-key")
        #expect(paths.logFile.path == "/home/ann/.local/state/nytreader/nytreader.log")
        #expect(paths.abbreviated(paths.configFile) == "~/.config/nytreader/config.toml")
        #expect(paths.abbreviated(paths.database) == "/data/nytreader/cache.sqlite")
    }
}

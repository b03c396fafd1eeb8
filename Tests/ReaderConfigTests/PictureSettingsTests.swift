import Foundation
import NewsCore
@_spi(Testing) import ReaderConfig
import TerminalPictures
import TestSupport
import Testing

@Suite("The picture settings")
struct PictureSettingsTests {
    static let file = "~/.config/nytreader/config.toml"

    func parse(_ text: String, environment: [String: String] = [:]) -> (Settings, [String]) {
        let directory = try! TemporaryDirectory()
        let file = directory.url.appendingPathComponent("config.toml")
        try! text.write(to: file, atomically: true, encoding: .utf8)
        let (settings, problems) = Settings.load(configFile: file, displayName: Self.file, environment: environment)
        return (settings, problems.map(\.description))
    }

    @Test("Defaults: auto, 40 %, 200 MB, no prefetching")
    func defaults() {
        let settings = Settings()
        #expect(settings.images == Setting(.auto))
        #expect(settings.imageHeightPercent == Setting(40))
        #expect(settings.imageCacheMegabytes == Setting(200))
        #expect(settings.prefetchImages == Setting(false))
    }

    @Test("Each is read from the file with its line")
    func fromFile() {
        let (settings, problems) = parse(
            """
            images = "sixel"
            image_height_percent = 30
            image_cache_mb = 0
            prefetch_images = true
            """)
        #expect(problems.isEmpty)
        #expect(settings.images == Setting(.sixel, source: .configFile(line: 1)))
        #expect(settings.imageHeightPercent == Setting(30, source: .configFile(line: 2)))
        #expect(settings.imageCacheMegabytes == Setting(0, source: .configFile(line: 3)))
        #expect(settings.prefetchImages == Setting(true, source: .configFile(line: 4)))
    }

    @Test("A bad value is a problem naming the key; the default stays")
    func badValues() {
        let (settings, problems) = parse(
            """
            images = "ascii"
            image_height_percent = 95
            image_cache_mb = -1
            prefetch_images = "yes"
            """)
        #expect(
            problems == [
                "\(Self.file) line 1: 'images' must be one of auto, kitty, iterm, sixel, symbols, off in quotes, like \"auto\" (got \"ascii\")",
                "\(Self.file) line 2: 'image_height_percent' must be a whole number from 10 to 90 (got 95)",
                "\(Self.file) line 3: 'image_cache_mb' must be a whole number from 0 to 100000 (got -1)",
                "\(Self.file) line 4: 'prefetch_images' must be true or false",
            ])
        #expect(settings == Settings())
    }

    @Test("NO_COLOR turns pictures off unless the file names a setting")
    func noColor() {
        let (quiet, _) = parse("", environment: ["NO_COLOR": "1"])
        #expect(quiet.images == Setting(.off, source: .environment("NO_COLOR")))
        let (explicit, _) = parse("images = \"symbols\"\n", environment: ["NO_COLOR": "1"])
        #expect(explicit.images == Setting(.symbols, source: .configFile(line: 1)))
        let (empty, _) = parse("", environment: ["NO_COLOR": ""])
        #expect(empty.images == Setting(.auto))
    }

    @Test("NYTREADER_IMAGES sets pictures for one run over the file and NO_COLOR; an unknown value is said and ignored")
    func environmentVariable() {
        let (set, _) = parse("images = \"symbols\"\n", environment: ["NYTREADER_IMAGES": "off"])
        #expect(set.images == Setting(.off, source: .environment("NYTREADER_IMAGES")))
        let (on, _) = parse("", environment: ["NYTREADER_IMAGES": "kitty", "NO_COLOR": "1"])
        #expect(on.images == Setting(.kitty, source: .environment("NYTREADER_IMAGES")))
        let (unknown, problems) = parse("images = \"sixel\"\n", environment: ["NYTREADER_IMAGES": "ascii\u{1B}[2J"])
        #expect(unknown.images == Setting(.sixel, source: .configFile(line: 1)))
        #expect(
            problems == [
                "the environment: NYTREADER_IMAGES=ascii is not used: it must be one of auto, kitty, iterm, sixel, symbols, off"
            ])
        let (empty, none) = parse("", environment: ["NYTREADER_IMAGES": ""])
        #expect(empty.images == Setting(.auto) && none.isEmpty, "set empty is as unset")
    }

    @Test("The image cache is under XDG_CACHE_HOME, else ~/.cache")
    func cacheDirectory() {
        #expect(AppPaths(environment: ["HOME": "/home/ann"]).imageCache.path == "/home/ann/.cache/nytreader/images")
        #expect(AppPaths(environment: ["HOME": "/home/ann", "XDG_CACHE_HOME": "/var/c"]).imageCache.path == "/var/c/nytreader/images")
        #expect(
            AppPaths(environment: ["HOME": "/home/ann", "XDG_CACHE_HOME": "relative"]).imageCache.path
                == "/home/ann/.cache/nytreader/images")
    }
}

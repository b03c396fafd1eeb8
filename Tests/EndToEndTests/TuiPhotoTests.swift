import Foundation
import NewsCore
import TestSupport
import Testing

/// The bundled snapshot's articles and the paths of their photos' crops, as the fake server serves them.
enum BundledPhotos {
    static let snapshot = ProgramBinary.checkout.appendingPathComponent("Resources/snapshot/topstories_home.json")

    /// For each article of the Home Page list, in order, the paths of its photo's crops.
    static func cropPaths() throws -> [[String]] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: snapshot)) as! [String: Any]
        return (json["results"] as! [[String: Any]]).filter { !($0["title"] as? String ?? "").isEmpty }.map { item in
            ((item["multimedia"] as? [[String: Any]]) ?? []).compactMap { ($0["url"] as? String).flatMap { URL(string: $0)?.path } }
        }
    }

    /// A fake NYT whose image host serves the scene fixture for every picture, but for the paths
    /// `overrides` answer.
    static func server(overrides: @escaping @Sendable (String) -> FakeNYTResponse? = { _ in nil }) throws -> FakeNYTServer {
        let server = try FakeNYTServer()
        let scene = Data(try PictureFixtures.bytes("scene-600x400.jpg"))
        server.setResponder(forPathsStartingWith: "/images/") { request in
            overrides(request.path) ?? .picture(scene)
        }
        return server
    }

    /// The first article of the Home Page list.
    static let firstURI = "nyt://article/bf3ad49c-a875-2a02-71ce-d76ec6cf0e47"

    /// The picture requests the server received.
    static func requests(_ server: FakeNYTServer) -> [String] {
        server.requests.map(\.path).filter { $0.hasPrefix("/images/") }
    }
}

/// Photos in the detail pane, end to end: the reader in tmux (symbols, 256 colors) against the fake NYT
/// server's image host on 127.0.0.1, with a fresh HOME on the bundled snapshot.
@Suite("Photos in the terminal UI", .serialized, .timeLimit(.minutes(4)))
struct TuiPhotoTests {
    /// An SGR sequence setting a color of the 256-color palette, as `capture-pane -e` writes picture cells.
    static let paletteColor = #"\e\[[0-9;]*[34]8;5;(1[6-9]|[2-9][0-9]|1[0-9][0-9]|2[0-5][0-9])[;m]"#

    static func reader(_ server: FakeNYTServer, arguments: String = "", home: TemporaryDirectory? = nil) throws -> TuiHarness {
        let reader = try TuiHarness(environment: ["NYTREADER_IMAGES": "auto"], home: home)
        try reader.launch("--api-base-url '\(server.baseURL.absoluteString)' \(arguments)")
        return reader
    }

    /// Waits until the detail pane shows a picture (block symbols in palette colors right of the list)
    /// on `rows`, or on five rows or more when nil.
    @discardableResult
    static func waitForPicture(_ reader: TuiHarness, rows: [Int]? = nil, timeout: TimeInterval = 20) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var styled = ""
        while Date() < deadline {
            styled = try reader.styledScreen()
            let shown = pictureRows(styled)
            if let rows, shown == rows { return styled }
            if rows == nil, shown.count >= 5 { return styled }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("no picture in the detail pane:\n\(styled)")
        throw TmuxError.timedOut
    }

    @Test("The first article's photo shows in color above its headline, from one request; the caption under it")
    func photoInColor() throws {
        let server = try BundledPhotos.server()
        let reader = try Self.reader(server)
        let styled = try Self.waitForPicture(reader)
        let screen = try reader.tmux.screen()
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headline = try #require(lines.firstIndex { $0.contains("House Passes Spending Deal Hours Before Deadline") })
        #expect(headline > 10, "the headline is below the picture:\n\(screen)")
        let drawn = lines[1..<headline - 2].filter { line in
            let parts = line.split(separator: "│", maxSplits: 1)
            return parts.count == 2 && parts[1].contains { !$0.isWhitespace }
        }
        #expect(drawn.count >= 8, "symbols in the pane above the caption:\n\(screen)")
        #expect(lines[headline - 2].contains("The New York Times"), "the credit under the picture:\n\(screen)")
        #expect(styled.range(of: Self.paletteColor, options: .regularExpression) != nil)
        #expect(BundledPhotos.requests(server).count == 1)
        #expect(server.requests.allSatisfy { $0.query["api-key"] == nil && $0.headers["api-key"] == nil })
        #expect(try reader.quit() == 0)
    }

    /// Whether process `pid` has a library whose file name contains `name` mapped.
    static func maps(_ pid: pid_t, _ name: String) -> Bool {
        ((try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)) ?? "").contains(name)
    }

    /// The rows of `styled` (a `capture-pane -e` screen) that hold picture cells.
    static func pictureRows(_ styled: String) -> [Int] {
        styled.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { row, line in
            line.range(of: paletteColor, options: .regularExpression) == nil ? nil : row
        }
    }

    @Test("The picture libraries are loaded with the first photo shown, never with pictures off")
    func librariesLoadedWhenShown() throws {
        let server = try BundledPhotos.server()
        let off = try TuiHarness()
        try off.launch("--api-base-url '\(server.baseURL.absoluteString)'")
        try off.tmux.press("j")
        try off.tmux.waitFor("the second article") { $0.contains("2/22") }
        let quiet = try off.readerProcess()
        #expect(!Self.maps(quiet, "libchafa") && !Self.maps(quiet, "libjpeg") && !Self.maps(quiet, "libpng"))
        #expect(BundledPhotos.requests(server).isEmpty)
        #expect(try off.quit() == 0)

        let on = try Self.reader(server)
        let pid = try on.readerProcess()
        try Self.waitForPicture(on)
        #expect(Self.maps(pid, "libchafa") && Self.maps(pid, "libjpeg"))
        #expect(!Self.maps(pid, "libpng"), "no PNG was shown")
        #expect(try on.quit() == 0)
    }

    @Test("image_height_percent bounds the photo; a resize draws it again for the new pane")
    func heightAndResize() throws {
        let server = try BundledPhotos.server()
        let reader = try TuiHarness(environment: ["NYTREADER_IMAGES": "auto"])
        try reader.writeConfig("image_height_percent = 20\n")
        try reader.launch("--api-base-url '\(server.baseURL.absoluteString)'")
        // 120 × 40: the detail pane is 69 × 38; 20 % of it is 7 rows.
        try Self.waitForPicture(reader, rows: Array(1...7))
        try reader.tmux.resize(columns: 160, rows: 60)
        // 160 × 60: the pane is 93 × 58; 20 % is 11 rows.
        try Self.waitForPicture(reader, rows: Array(1...11))
        let screen = try reader.tmux.screen()
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let detailHeadline = lines.firstIndex {
            $0.split(separator: "│", maxSplits: 1).dropFirst().first?.contains(TuiHarness.firstHeadline) == true
        }
        #expect(detailHeadline == 14, "the headline under the caption:\n\(screen)")
        #expect(try reader.quit() == 0)
    }

    @Test("refresh with prefetch_images and an image cache too full to fetch ahead says so")
    func prefetchIntoFullCache() throws {
        let server = try BundledPhotos.server()
        let reader = try TuiHarness(environment: ["NYTREADER_IMAGES": "auto"])
        try reader.writeConfig("prefetch_images = true\nimage_cache_mb = 2\n")
        try reader.runReportingExit(
            "NYT_API_KEY=e2e-key '\(ProgramBinary.url.path)' refresh --section world --api-base-url '\(server.baseURL.absoluteString)'"
        )
        #expect(try reader.exitStatus(timeout: 60) == 0)
        let refreshed = try reader.tmux.screen().replacingOccurrences(of: "\n", with: "")
        #expect(refreshed.contains("photos: 0 fetched for offline reading (the image cache is full at image_cache_mb = 2"), "\(refreshed)")
        #expect(BundledPhotos.requests(server).isEmpty)
    }

    @Test("refresh with prefetch_images fetches the feed's photos, spaced; the reader shows them with --offline")
    func prefetchForOffline() throws {
        let server = try BundledPhotos.server()
        let reader = try TuiHarness(environment: ["NYTREADER_IMAGES": "auto"])
        try reader.writeConfig("prefetch_images = true\n")
        let started = Date()
        try reader.runReportingExit(
            "NYT_API_KEY=e2e-key '\(ProgramBinary.url.path)' refresh --section world --api-base-url '\(server.baseURL.absoluteString)'"
        )
        // The typed command line holds `EXIT=` itself: the status is read once the shell has printed it.
        #expect(try reader.exitStatus(timeout: 60) == 0)
        let refreshed = try reader.tmux.screen()
        // Seven of the eight world articles have a photo, fetched a second apart.
        #expect(refreshed.contains("photos: 7 fetched for offline reading"), "\(refreshed)")
        #expect(Date().timeIntervalSince(started) >= 6)
        let asked = BundledPhotos.requests(server)
        #expect(asked.count == 7 && Set(asked).count == 7, "\(asked)")
        #expect(server.requests.filter { $0.path.hasPrefix("/images/") }.allSatisfy { $0.query["api-key"] == nil })
        server.clearRequests()

        let world = "Russia and Ukraine Agree to Cease-Fire Framework"
        try reader.launch("--offline --section world", waitingFor: world)
        try Self.waitForPicture(reader)
        try reader.tmux.press("j")
        try reader.tmux.waitFor("the second article") { $0.contains("2/8") }
        try Self.waitForPicture(reader)
        #expect(server.requests.isEmpty)
        #expect(try reader.quit() == 0)
    }

    @Test("show --image prints the photo in color above the article, its credit under it, wrapped between words; not to a pipe")
    func showImage() throws {
        let server = try BundledPhotos.server()
        let shell = try TuiHarness(environment: ["NYTREADER_IMAGES": "symbols"])
        let show = "'\(ProgramBinary.url.path)' show '\(BundledPhotos.firstURI)' --image --api-base-url '\(server.baseURL.absoluteString)'"
        try shell.runReportingExit(show)
        #expect(try shell.exitStatus(timeout: 30) == 0)
        let screen = try shell.tmux.screen()
        let styled = try shell.styledScreen()
        let rows = Self.pictureRows(styled)
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let title = try #require(lines.firstIndex { $0.contains(TuiHarness.firstHeadline) })
        #expect(rows.count >= 8, "\(styled)")
        #expect(rows.allSatisfy { $0 < title })
        #expect(lines[title - 1].contains("The New York Times"), "the credit under the picture:\n\(screen)")
        #expect(BundledPhotos.requests(server).count == 1)
        #expect(server.requests.allSatisfy { $0.query["api-key"] == nil })

        try shell.tmux.resize(columns: 14, rows: 120)
        try shell.runReportingExit(show)
        #expect(try shell.exitStatus(timeout: 30) == 0)
        let narrow = try shell.tmux.screen().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(narrow.contains("The New York") && narrow.contains("Times"), "the credit wrapped between words:\n\(narrow)")

        let home = try CliHome()
        let piped = try Subprocess.run(
            ProgramBinary.url.path, ["show", BundledPhotos.firstURI, "--image", "--db", home.database],
            environment: home.environment(key: nil), timeout: 30)
        #expect(piped.status == 0, "\(piped.errorOutput)")
        #expect(piped.errorOutput.contains("--image prints the photo to a terminal only"))
        #expect(piped.output.hasPrefix("House Passes Spending Deal"))
    }

    @Test("Holding j over rows asks for the photo of the row it stops on only; back again, nothing new is asked")
    func oneRequestPerRestedSelection() throws {
        let server = try BundledPhotos.server()
        let reader = try Self.reader(server)
        try Self.waitForPicture(reader)
        let paths = try BundledPhotos.cropPaths()
        try reader.tmux.press(Array(repeating: "j", count: 8))
        try reader.tmux.waitFor("the ninth article") { $0.contains("9/22") }
        try Self.waitForPicture(reader)
        Thread.sleep(forTimeInterval: 1)
        let asked = BundledPhotos.requests(server)
        #expect(asked.count == 2, "\(asked)")
        #expect(paths[8].contains(asked.last ?? ""), "the photo of the row the selection rested on")
        try reader.tmux.press(Array(repeating: "k", count: 8))
        try reader.tmux.waitFor("the first article") { $0.contains("1/22") }
        try Self.waitForPicture(reader)
        Thread.sleep(forTimeInterval: 0.5)
        // The first article's picture comes from the image cache now.
        #expect(BundledPhotos.requests(server).count == 2)
        #expect(try reader.quit() == 0)
    }

    @Test("After a restart with --offline the same photo shows from the image cache, with no request")
    func offlineAfterRestart() throws {
        let server = try BundledPhotos.server()
        let home = try TemporaryDirectory()
        let first = try Self.reader(server, home: home)
        try Self.waitForPicture(first)
        #expect(try first.quit() == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: home.path(".cache/nytreader/images"))
        #expect(files.count == 1)
        server.clearRequests()

        let offline = try Self.reader(server, arguments: "--offline", home: home)
        try Self.waitForPicture(offline)
        #expect(BundledPhotos.requests(server).isEmpty)
        try offline.tmux.press("j")
        try offline.tmux.waitFor("the placeholder of a photo not kept") { $0.contains("photo not kept for offline reading") }
        #expect(try offline.quit() == 0)
        #expect(BundledPhotos.requests(server).isEmpty)
    }

    @Test(
        "A bomb, a truncated JPEG, HTML as image/jpeg, a 40 MB body, a 404 and a server that never answers each leave the placeholder while j and k keep answering; none is kept in the image cache"
    )
    func hostilePictures() throws {
        let paths = try BundledPhotos.cropPaths()
        let hostile: [Int: FakeNYTResponse] = [
            1: .picture(Data(try PictureFixtures.bytes("bomb-60000x60000.jpg"))),
            2: .picture(Data(try PictureFixtures.bytes("truncated.jpg"))),
            3: .picture(Data(try PictureFixtures.bytes("html-as-jpeg.jpg"))),
            4: .picture(Data(repeating: 0xFF, count: 40 << 20)),
            5: FakeNYTResponse(status: 404, body: Data("not found".utf8)),
        ]
        var byPath: [String: FakeNYTResponse] = [:]
        for (index, response) in hostile { for path in paths[index] { byPath[path] = response } }
        let answers = byPath
        let server = try BundledPhotos.server { answers[$0] }
        for path in paths[6] { server.setFault(.hang, for: path) }
        let reader = try TuiHarness(environment: ["NYTREADER_IMAGES": "auto"])
        try reader.writeConfig("request_timeout_seconds = 3\n")
        try reader.launch("--api-base-url '\(server.baseURL.absoluteString)'")
        try Self.waitForPicture(reader)
        for index in 1...6 {
            try reader.tmux.press("j")
            try reader.tmux.waitFor("article \(index + 1)") { $0.contains("\(index + 1)/22") }
            if index == 6 {
                // While the picture hangs, the list still answers.
                try reader.tmux.waitFor("the hanging request") { _ in server.requests.contains { paths[6].contains($0.path) } }
                try reader.tmux.press("k")
                try reader.tmux.waitFor(timeout: 2, "k while the picture hangs") { $0.contains("6/22") }
                try reader.tmux.press("j")
                try reader.tmux.waitFor(timeout: 2, "j while the picture hangs") { $0.contains("7/22") }
            }
            let screen = try reader.tmux.waitFor(timeout: 20, "the placeholder of article \(index + 1)") {
                $0.contains("photo could not be shown")
            }
            #expect(screen.contains("\(index + 1)/22"))
        }
        try reader.tmux.press("g")
        try Self.waitForPicture(reader)
        #expect(try reader.quit() == 0, "nothing crashed")
        // Only the first article's photo is kept: a reply that does not decode would be shown from the
        // cache for good, never fetched again.
        let kept = try FileManager.default.contentsOfDirectory(atPath: reader.home.path(".cache/nytreader/images"))
        #expect(kept.count == 1, "\(kept)")
    }

    @Test("images = symbols on an 8-color terminal draws the photo in those 8 colors")
    func symbolsInEightColors() throws {
        let server = try BundledPhotos.server()
        let reader = try TuiHarness(environment: ["NYTREADER_IMAGES": "symbols", "TERM": "xterm"])
        try reader.launch("--api-base-url '\(server.baseURL.absoluteString)'")
        // Rows whose detail pane (right of the separator) has cells on a background of the 8 colors (40–47).
        let eightColorBackground = #"\e\[([0-9]+;)*4[0-7](;[0-9]+)*m"#
        func pictureRows(_ styled: String) -> Int {
            styled.components(separatedBy: "\n").filter { line in
                guard let separator = line.range(of: "│") else { return false }
                return line[separator.upperBound...].range(of: eightColorBackground, options: .regularExpression) != nil
            }.count
        }
        let deadline = Date().addingTimeInterval(20)
        var styled = try reader.styledScreen()
        while Date() < deadline, pictureRows(styled) < 5 {
            Thread.sleep(forTimeInterval: 0.1)
            styled = try reader.styledScreen()
        }
        #expect(pictureRows(styled) >= 5, "the photo in 8 colors:\n\(styled)")
        #expect(styled.range(of: Self.paletteColor, options: .regularExpression) == nil)
        #expect(BundledPhotos.requests(server).count == 1)
        #expect(try reader.quit() == 0)
    }

    @Test("images = symbols on a terminal without colors shows no photo and says why, in a notice and the help")
    func symbolsWithoutColors() throws {
        let server = try BundledPhotos.server()
        let reader = try TuiHarness(environment: ["NYTREADER_IMAGES": "symbols", "TERM": "vt100"])
        try reader.launch("--api-base-url '\(server.baseURL.absoluteString)'")
        try reader.tmux.waitFor("the notice") { $0.contains("1 config warning — ? shows them") }
        try reader.tmux.press("?")
        // The warning is wrapped between words at the help's width.
        try reader.tmux.waitFor("the reason in the help") { $0.contains("fewer than 8 colors") && $0.contains("photos are off") }
        try reader.tmux.press("Escape")
        #expect(BundledPhotos.requests(server).isEmpty)
        #expect(try reader.quit() == 0)
    }

    @Test("show --image picks the colors terminfo gives: 8 on xterm, none on vt100 (said on stderr)")
    func showImageColorsFromTerminfo() throws {
        let server = try BundledPhotos.server()
        let shell = try TuiHarness(environment: ["NYTREADER_IMAGES": "symbols", "TERM": "xterm"])
        let show = "'\(ProgramBinary.url.path)' show '\(BundledPhotos.firstURI)' --image --api-base-url '\(server.baseURL.absoluteString)'"
        try shell.runReportingExit(show)
        #expect(try shell.exitStatus(timeout: 30) == 0)
        let styled = try shell.styledScreen()
        let eightColorBackground = #"\e\[([0-9]+;)*4[0-7](;[0-9]+)*m"#
        let rows = styled.components(separatedBy: "\n").filter { $0.range(of: eightColorBackground, options: .regularExpression) != nil }
        #expect(rows.count >= 8, "the photo in 8 colors:\n\(styled)")
        #expect(styled.range(of: Self.paletteColor, options: .regularExpression) == nil)

        try shell.runReportingExit("TERM=vt100 \(show)")
        #expect(try shell.exitStatus(timeout: 30) == 0)
        let screen = try shell.tmux.screen()
        #expect(screen.contains("this terminal has fewer than 8 colors (TERM=vt100), too few for a photo in symbols."), "\(screen)")
        #expect(screen.contains(TuiHarness.firstHeadline))
        #expect(BundledPhotos.requests(server).count == 1, "no picture asked for where it cannot be drawn")
    }
}

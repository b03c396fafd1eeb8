import Foundation
import TestSupport
import Testing

/// Something planted at the log's path (a symbolic link to another file, a FIFO): the program leaves it as
/// it is, says once on stderr that it is not logging, and otherwise runs as usual; a log it does write is
/// private.
@Suite("The log file against planted paths", .serialized, .timeLimit(.minutes(3)))
struct LogFileSafetyTests {
    /// Plants a symbolic link at the log path of `home` (XDG state) pointing at a file holding `precious`.
    static func plantLink(in home: TemporaryDirectory, logDirectory: String) throws -> (link: String, target: String) {
        let target = home.path("victim.txt")
        try "precious\n".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: logDirectory, withIntermediateDirectories: true)
        let link = logDirectory + "/nytreader.log"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        return (link, target)
    }

    @Test("refresh, list and search with a symbolic link at the log path: the target and the link unchanged, one note each run")
    func headlessCommands() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        let (link, target) = try Self.plantLink(in: home.directory, logDirectory: home.directory.path("state/nytreader"))
        for arguments in [
            ["refresh", "--section", "world", "--api-base-url", server.baseURL.absoluteString, "--verbose"],
            ["list", "--section", "world"], ["search", "the"],
        ] {
            let result = try await home.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.errorOutput)")
            let notes = result.errorOutput.split(separator: "\n").filter { $0.contains("not logging") }
            #expect(notes.count == 1, "\(arguments): \(result.errorOutput)")
            #expect(notes.first?.contains("\(link) is a symbolic link") == true, "\(notes)")
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    }

    @Test("A FIFO at the log path: the program neither blocks nor writes into it")
    func plantedFIFO() async throws {
        let home = try CliHome()
        let logDirectory = home.directory.path("state/nytreader")
        try FileManager.default.createDirectory(atPath: logDirectory, withIntermediateDirectories: true)
        #expect(mkfifo(logDirectory + "/nytreader.log", 0o600) == 0)
        let result = try await home.run(["list", "--section", "home", "--verbose"], timeout: 20)
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.errorOutput.contains("is not a regular file"), "\(result.errorOutput)")
    }

    @Test("A log the program writes is 0600 in a 0700 directory, and holds no key")
    func privateLog() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        let refreshed = try await home.refresh(section: "world", from: server.baseURL, extra: ["--verbose"])
        #expect(refreshed.status == 0, "\(refreshed.errorOutput)")
        #expect(!refreshed.errorOutput.contains("not logging"))
        let log = home.directory.path("state/nytreader/nytreader.log")
        #expect(FileMode.of(log) == 0o600)
        #expect(FileMode.of(home.directory.path("state/nytreader")) == 0o700)
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.contains("GET /svc/topstories/v2/world.json"))
        #expect(!text.contains(CliHome.key))
    }

    @Test("The reader with a symbolic link at the log path: it runs, the target is untouched, the note is left on the terminal")
    func reader() throws {
        let server = try FakeNYTServer()
        let reader = try TuiHarness(environment: ["NYT_API_KEY": "log-link-key"])
        let (link, target) = try Self.plantLink(
            in: reader.home, logDirectory: reader.home.url.appendingPathComponent(".local/state/nytreader").path)
        try reader.launch("--api-base-url '\(server.baseURL.absoluteString)'", waitingFor: "Refreshed")
        try reader.tmux.press("j")
        try reader.tmux.waitFor("a key answered") { $0.contains("2/") }
        #expect(try reader.quit() == 0)
        // The note went to stderr before the reader took the screen; the shell's screen still shows it
        // (joined across the terminal's line wrap).
        let screen = try reader.tmux.screen().replacingOccurrences(of: "\n", with: "")
        #expect(screen.contains("not logging: \(link) is a symbolic link"), "\(screen)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    }
}

private enum FileMode {
    /// The permission bits of `path`, not following a symbolic link.
    static func of(_ path: String) -> UInt32? {
        var information = stat()
        guard lstat(path, &information) == 0 else { return nil }
        return UInt32(information.st_mode) & 0o7777
    }
}

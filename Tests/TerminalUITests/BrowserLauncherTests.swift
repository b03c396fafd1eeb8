import Foundation
import TerminalUI
import TestSupport
import Testing

@Suite("Opening the browser")
struct BrowserLauncherTests {
    let url = "https://www.nytimes.com/2026/11/20/world/a.html"

    /// A directory on PATH holding executable scripts with the given names.
    func bin(_ names: [String]) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        for name in names {
            let path = directory.path(name)
            try "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$(dirname \"$0\")/$(basename \"$0\").args\"\n".write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0o755)
        }
        return directory
    }

    /// What the `mybrowser` script of `directory` was given, one argument a line, once it has run.
    static func arguments(recordedIn directory: TemporaryDirectory) throws -> String {
        let record = directory.path("mybrowser.args")
        let deadline = Date().addingTimeInterval(5)
        while !FileManager.default.fileExists(atPath: record) && Date() < deadline { usleep(10_000) }
        usleep(50_000)
        return try String(contentsOfFile: record, encoding: .utf8)
    }

    @Test("BROWSER first, the URL as the last argument or in place of %s; else xdg-open; else none")
    func commandLines() throws {
        let directory = try bin(["mybrowser", "xdg-open"])
        let path = directory.url.path
        #expect(BrowserLauncher(environment: ["BROWSER": "mybrowser", "PATH": path]).commandLine(for: url) == ["\(path)/mybrowser", url])
        #expect(BrowserLauncher(environment: ["BROWSER": "mybrowser --new-tab %s", "PATH": path]).commandLine(for: url) == ["\(path)/mybrowser", "--new-tab", url])
        #expect(BrowserLauncher(environment: ["BROWSER": "missing:mybrowser", "PATH": path]).commandLine(for: url) == ["\(path)/mybrowser", url])
        #expect(BrowserLauncher(environment: ["PATH": path]).commandLine(for: url) == ["\(path)/xdg-open", url])
        let empty = try TemporaryDirectory()
        #expect(BrowserLauncher(environment: ["BROWSER": "missing", "PATH": empty.url.path]).commandLine(for: url) == nil)
        #expect(!BrowserLauncher(environment: ["PATH": empty.url.path]).open(url))
    }

    @Test("The browser gets the URL as one argument, never through a shell")
    func opens() throws {
        let directory = try bin(["mybrowser"])
        let hostile = "https://example.com/a;touch${IFS}pwned&b=$(id)"
        #expect(BrowserLauncher(environment: ["BROWSER": "mybrowser", "PATH": directory.url.path]).open(hostile))
        #expect(try Self.arguments(recordedIn: directory) == hostile + "\n")
        #expect(!FileManager.default.fileExists(atPath: directory.path("pwned")))
    }

    @Test("A browser file still open for writing (ETXTBSY) is started once it is closed, within a moment")
    func busyProgramFile() throws {
        let directory = try bin(["mybrowser"])
        let writer = open(directory.path("mybrowser"), O_WRONLY | O_CLOEXEC)
        #expect(writer >= 0)
        let closer = Thread {
            usleep(60_000)
            close(writer)
        }
        closer.start()
        #expect(BrowserLauncher(environment: ["BROWSER": "mybrowser", "PATH": directory.url.path]).open(url))
        #expect(try Self.arguments(recordedIn: directory) == url + "\n")
    }
}

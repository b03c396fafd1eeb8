import Foundation
import NewsCore
import TestSupport
import Testing

@testable import TerminalUI

@Suite("Opening the browser")
struct BrowserLauncherTests {
    let url = "https://www.nytimes.com/2026/11/20/world/a.html"

    /// A directory on PATH holding executable scripts with the given names.
    func bin(_ names: [String]) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        for name in names {
            let path = directory.path(name)
            // Written whole, then renamed: a test that sees the file sees all of it.
            let script = """
                #!/bin/sh
                record="$(dirname "$0")/$(basename "$0")"
                env > "$record.env.tmp" && mv "$record.env.tmp" "$record.env"
                printf '%s\\n' "$@" > "$record.args.tmp" && mv "$record.args.tmp" "$record.args"

                """
            try script.write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0o755)
        }
        return directory
    }

    /// What the `mybrowser` script of `directory` was given, one argument a line, once it has run.
    static func arguments(recordedIn directory: TemporaryDirectory) throws -> String {
        try recorded(directory.path("mybrowser.args"))
    }

    /// The environment the `mybrowser` script of `directory` ran with, once it has run.
    static func environment(recordedIn directory: TemporaryDirectory) throws -> String {
        try recorded(directory.path("mybrowser.env"))
    }

    /// The file the script writes whole (renamed into place), once it exists; fails after 5 s.
    static func recorded(_ path: String) throws -> String {
        let deadline = Date().addingTimeInterval(5)
        while !FileManager.default.fileExists(atPath: path) {
            guard Date() < deadline else { throw CocoaError(.fileNoSuchFile) }
            usleep(10_000)
        }
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test("BROWSER first, the URL as the last argument or in place of %s; else xdg-open; else none")
    func commandLines() throws {
        let directory = try bin(["mybrowser", "xdg-open"])
        let path = directory.url.path
        #expect(BrowserLauncher(environment: ["BROWSER": "mybrowser", "PATH": path]).commandLine(for: url) == ["\(path)/mybrowser", url])
        #expect(
            BrowserLauncher(environment: ["BROWSER": "mybrowser --new-tab %s", "PATH": path]).commandLine(for: url) == [
                "\(path)/mybrowser", "--new-tab", url,
            ])
        #expect(
            BrowserLauncher(environment: ["BROWSER": "missing:mybrowser", "PATH": path]).commandLine(for: url) == [
                "\(path)/mybrowser", url,
            ])
        #expect(BrowserLauncher(environment: ["PATH": path]).commandLine(for: url) == ["\(path)/xdg-open", url])
        let empty = try TemporaryDirectory()
        #expect(BrowserLauncher(environment: ["BROWSER": "missing", "PATH": empty.url.path]).commandLine(for: url) == nil)
        #expect(!BrowserLauncher(environment: ["PATH": empty.url.path]).open(url))
    }

    @Test("The browser gets the URL as one argument, never through a shell")
    func opens() throws {
        let directory = try bin(["mybrowser"])
        let hostile = "https://www.nytimes.com/a;touch${IFS}pwned&b=$(id)"
        #expect(BrowserLauncher(environment: ["BROWSER": "mybrowser", "PATH": directory.url.path + ":/usr/bin:/bin"]).open(hostile))
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
        #expect(BrowserLauncher(environment: ["BROWSER": "mybrowser", "PATH": directory.url.path + ":/usr/bin:/bin"]).open(url))
        #expect(try Self.arguments(recordedIn: directory) == url + "\n")
    }

    @Test("A browser that is found but cannot run is a failure that names it and says why")
    func cannotStart() throws {
        let directory = try TemporaryDirectory()
        let program = directory.path("mybrowser")
        // Executable, but neither a program the kernel can load nor a script (posix_spawn tries no shell).
        try Data([0x00, 0x01, 0x02, 0x03]).write(to: URL(fileURLWithPath: program))
        chmod(program, 0o755)
        let launcher = BrowserLauncher(environment: ["BROWSER": "mybrowser", "PATH": directory.url.path])
        #expect(throws: BrowserLaunchError.cannotStart(program, SystemCallError("posix_spawn", errno: ENOEXEC))) {
            try launcher.launch(url)
        }
        #expect(!launcher.open(url))
        #expect(
            BrowserLaunchError.cannotStart(program, SystemCallError("posix_spawn", errno: ENOEXEC)).description
                == "\(program) could not be started: Exec format error.")
        #expect(throws: BrowserLaunchError.noBrowser) {
            try BrowserLauncher(environment: ["BROWSER": "missing", "PATH": directory.path("none")]).launch(url)
        }
        #expect(throws: BrowserLaunchError.notArticleLink) { try launcher.launch("https://example.com/") }
    }

    @Test(
        "Only NYT web addresses are opened; the browser never gets the API key",
        arguments: [
            "--gpu-launcher=touch /tmp/x", "-x", "file:///etc/passwd", "javascript:alert(1)", "https://nytimes.com.evil.com/",
            "https://evilnytimes.com/", "https://nytimes.com@evil.com/", "https://www.nytimes.com /x", "https://example.com/a",
        ])
    func refusesOthers(url: String) throws {
        let directory = try bin(["mybrowser"])
        #expect(!BrowserLauncher(environment: ["BROWSER": "mybrowser", "PATH": directory.url.path + ":/usr/bin:/bin"]).open(url))
        #expect(!FileManager.default.fileExists(atPath: directory.path("mybrowser.args")))
    }

    @Test("The browser's environment is the reader's without NYT_API_KEY")
    func noKeyInEnvironment() throws {
        let directory = try bin(["mybrowser"])
        let launcher = BrowserLauncher(environment: [
            "BROWSER": "mybrowser", "PATH": directory.url.path + ":/usr/bin:/bin", "NYT_API_KEY": "browser-secret-9", "LANG": "C.UTF-8",
        ])
        #expect(launcher.open(url))
        let environment = try Self.environment(recordedIn: directory)
        #expect(!environment.contains("browser-secret-9"))
        #expect(environment.contains("LANG=C.UTF-8"))
    }
}

import Foundation
import SQLite
import TestSupport
import Testing

/// When the program loads libcurl: `refresh` while it opens the cache (on another core), the reader and
/// the commands that only read never.
@Suite("Loading the HTTP stack", .timeLimit(.minutes(2)))
struct HTTPStackLoadingTests {
    /// Whether process `pid` has libcurl mapped (read with read(2): a /proc file has no size to go by).
    static func mapsLibcurl(_ pid: pid_t) -> Bool {
        let descriptor = open("/proc/\(pid)/maps", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var maps: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            maps += buffer[..<count]
        }
        return String(decoding: maps, as: UTF8.self).contains("libcurl")
    }

    @Test("refresh loads libcurl while the cache is still opening, before any request")
    func refreshLoadsWhileOpening() throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        let output = home.directory.path("refresh.out")
        // A cache another process is writing: the refresh waits to open it (switching it to WAL) until
        // the lock is let go.
        let other = try DatabaseQueue(path: home.database)
        var child: ChildProcess?
        var loadedWhileWaiting = false
        try other.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN EXCLUSIVE")
            defer { try? db.execute(sql: "ROLLBACK") }
            let started = try ChildProcess(
                ProgramBinary.url.path,
                ["refresh", "--section", "world", "--api-base-url", server.baseURL.absoluteString, "--db", home.database],
                environment: home.environment(), output: output, errorOutput: nil
            )
            child = started
            let deadline = Date().addingTimeInterval(3)
            while Date() < deadline, !loadedWhileWaiting {
                loadedWhileWaiting = Self.mapsLibcurl(started.pid)
                usleep(10_000)
            }
            #expect(server.requests.isEmpty, "no request before the cache is open")
        }
        let status = try #require(child).wait(timeout: 30)
        let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        #expect(loadedWhileWaiting, "libcurl was not loaded while the cache was opening")
        #expect(status == 0, "\(printed)")
        #expect(printed.hasPrefix("world: 8 articles"), "\(printed)")
    }
}

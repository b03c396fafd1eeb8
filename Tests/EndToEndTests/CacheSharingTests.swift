import Foundation
import NewsCore
import SQLite
import TestSupport
import Testing

/// The cache shared by several processes (a cron refresh and an open reader), opened through a symlink,
/// and read on a read-only file system.
@Suite("One cache, several processes, hostile files", .serialized, .timeLimit(.minutes(5)))
struct CacheSharingTests {
    /// Lines `list --section home` prints for the bundled snapshot.
    static func bundledLines(_ home: CliHome) async throws -> Int {
        let result = try await home.run(["list", "--section", "home"], database: home.directory.path("reference.sqlite"))
        try #require(result.status == 0, "\(result.errorOutput)")
        return result.output.split(separator: "\n").count
    }

    /// Runs `body` while a connection of this process holds the cache's write lock (BEGIN IMMEDIATE).
    static func holdingWriteLock(_ path: String, _ body: () throws -> Void) throws {
        let writer = try DatabaseQueue(path: path)
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            defer { try? db.execute(sql: "ROLLBACK") }
            try body()
        }
    }

    @Test("Four processes opening a new cache at once, 20 times: all succeed and all see the whole bundled feed")
    func concurrentFirstRuns() async throws {
        let home = try CliHome()
        let expected = try await Self.bundledLines(home)
        #expect(expected > 10)
        for round in 0..<20 {
            let database = home.directory.path("round-\(round).sqlite")
            let results = try await withThrowingTaskGroup(of: Subprocess.Result.self) { group in
                for process in 0..<4 {
                    let arguments = process % 2 == 0 ? ["list", "--section", "home"] : ["search", "the"]
                    group.addTask { try await home.run(arguments, database: database) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for result in results {
                #expect(result.status == 0, "round \(round): \(result.status) \(result.errorOutput)")
                #expect(!result.output.contains("nothing cached") && !result.errorOutput.contains("nothing cached"), "round \(round)")
            }
            let listed = try await home.run(["list", "--section", "home"], database: database)
            #expect(listed.output.split(separator: "\n").count == expected, "round \(round): the bundled feed, whole, once")
        }
    }

    @Test("list and search answer at once while another connection holds the write lock")
    func readersNeverWait() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        let stored = try await home.refresh(section: "world", from: server.baseURL)
        try #require(stored.status == 0, "\(stored.errorOutput)")
        try Self.holdingWriteLock(home.database) {
            for arguments in [["list", "--section", "world"], ["search", "Ukraine"]] {
                let started = Date()
                let result = try Subprocess.run(
                    ProgramBinary.url.path, arguments + ["--db", home.database], environment: home.environment())
                #expect(result.status == 0, "\(arguments): \(result.errorOutput)")
                #expect(Date().timeIntervalSince(started) < 3, "\(arguments) did not wait for the writer")
            }
        }
    }

    @Test("A busy cache is reported in words (exit 74) after the wait, never a crash")
    func busyWriter() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        let stored = try await home.refresh(section: "world", from: server.baseURL)
        try #require(stored.status == 0, "\(stored.errorOutput)")
        try Self.holdingWriteLock(home.database) {
            let result = try Subprocess.run(
                ProgramBinary.url.path,
                ["refresh", "--section", "world", "--api-base-url", server.baseURL.absoluteString, "--db", home.database],
                environment: home.environment()
            )
            #expect(result.status == 74, "\(result.errorOutput)")
            #expect(result.errorOutput.contains("busy"), "\(result.errorOutput)")
            #expect(!result.errorOutput.contains("Fatal error"))
        }
    }

    @Test("--db naming a symbolic link is refused: exit 74, the target's mode and bytes unchanged")
    func symlinkedDatabase() async throws {
        let home = try CliHome()
        let target = home.directory.path("precious.txt")
        try "do not touch\n".write(toFile: target, atomically: true, encoding: .utf8)
        chmod(target, 0o644)
        let link = home.directory.path("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        for arguments in [["list"], ["search", "x"], ["refresh", "--section", "world"]] {
            let result = try await home.run(arguments, database: link)
            #expect(result.status == 74, "\(arguments): \(result.errorOutput)")
            #expect(result.errorOutput.contains("symbolic link"), "\(result.errorOutput)")
        }
        var status = stat()
        stat(target, &status)
        #expect(status.st_mode & 0o777 == 0o644)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "do not touch\n")
    }

    @Test("--db naming another program's database, a text file or a pipe is refused: exit 74, the file unchanged")
    func fileThatIsNoCache() async throws {
        let home = try CliHome()
        let database = home.directory.path("notes.sqlite")
        let other = try DatabaseQueue(path: database)
        try other.write { db in try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)") }
        let text = home.directory.path("diary.sqlite")
        try "dear diary\n".write(toFile: text, atomically: true, encoding: .utf8)
        let pipe = home.directory.path("pipe.sqlite")
        #expect(mkfifo(pipe, 0o644) == 0)
        for file in [database, text, pipe] {
            chmod(file, 0o644)
            let before = try FileManager.default.attributesOfItem(atPath: file)
            for arguments in [["list"], ["refresh", "--section", "world"]] {
                let result = try await home.run(arguments, database: file)
                #expect(result.status == 74, "\(file) \(arguments): \(result.errorOutput)")
                #expect(!result.errorOutput.contains("Fatal error"))
            }
            let after = try FileManager.default.attributesOfItem(atPath: file)
            #expect(after[.posixPermissions] as? Int == 0o644, "\(file)")
            #expect(after[.size] as? Int == before[.size] as? Int, "\(file)")
            #expect(!FileManager.default.fileExists(atPath: file + "-wal"), "\(file)")
        }
        let tables = try other.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_schema WHERE type = 'table'") }
        #expect(tables == ["notes"])
        #expect(try other.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "delete")
    }

    @Test("On a read-only file system list, search and archive --status read the cache")
    func readOnlyFileSystem() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        let folder = home.directory.path("ro")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let database = folder + "/cache.sqlite"
        let stored = try await home.run(
            ["refresh", "--section", "world", "--api-base-url", server.baseURL.absoluteString], database: database)
        try #require(stored.status == 0, "\(stored.errorOutput)")
        let program = ProgramBinary.url.path
        let script = """
            mount --bind '\(folder)' '\(folder)' && mount -o remount,ro,bind '\(folder)' || exit 99
            touch '\(folder)/probe' 2>/dev/null && exit 98
            '\(program)' list --section world --db '\(database)' > '\(home.directory.path("list.out"))' || exit 1
            '\(program)' search Ukraine --db '\(database)' > '\(home.directory.path("search.out"))' || exit 2
            '\(program)' archive --status --db '\(database)' > '\(home.directory.path("status.out"))' || exit 3
            """
        let unshare = getuid() == 0 ? ["--mount"] : ["--mount", "--map-root-user"]
        let result = try Subprocess.run("/usr/bin/unshare", unshare + ["sh", "-c", script], environment: home.environment())
        #expect(result.status == 0, "status \(result.status): \(result.errorOutput)")
        let listed = try String(contentsOfFile: home.directory.path("list.out"), encoding: .utf8)
        #expect(listed.split(separator: "\n").count >= 5, "\(listed)")
        let found = try String(contentsOfFile: home.directory.path("search.out"), encoding: .utf8)
        #expect(found.contains("Ukraine"), "\(found)")
        let status = try String(contentsOfFile: home.directory.path("status.out"), encoding: .utf8)
        #expect(status.hasPrefix("0 months imported"), "\(status)")
    }

    @Test(
        "A cache read while its file was 0400 is written again once the file is 0600: its -shm, which SQLite made 0400, is made 0600 by its owner",
        .enabled(if: getuid() == 0, "runs the program as another user"))
    func companionLeftReadOnly() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        // Everything the program touches belongs to `nobody`, which it runs as: the mode keeps it out, as it
        // does every user but root.
        let folder = home.directory.path("owned")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let program = folder + "/nytreader"
        try FileManager.default.copyItem(atPath: ProgramBinary.url.path, toPath: program)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home.directory.url.path)
        try FileManager.default.setAttributes([.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: folder)
        let database = folder + "/cache.sqlite"
        let environment = [
            "HOME": folder, "XDG_CONFIG_HOME": folder + "/config", "XDG_DATA_HOME": folder + "/data",
            "XDG_STATE_HOME": folder + "/state", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "NYT_API_KEY": CliHome.key,
        ]
        let asNobody = { @Sendable (arguments: [String]) throws -> Subprocess.Result in
            try Subprocess.run(
                "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", program] + arguments + ["--db", database],
                environment: environment, timeout: 45)
        }
        let stored = try await onOwnThread { try asNobody(["list", "--section", "world"]) }
        try #require(stored.status == 0, "\(stored.errorOutput)")
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: database)
        let read = try await onOwnThread { try asNobody(["list", "--section", "world"]) }
        try #require(read.status == 0, "\(read.errorOutput)")
        try #require(PrivateFiles.permissions(of: database + "-shm") == 0o400, "the read leaves a -shm of the file's mode")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: database)
        let refreshed = try await onOwnThread {
            try asNobody(["refresh", "--section", "world", "--request-spacing", "0", "--api-base-url", server.baseURL.absoluteString])
        }
        #expect(refreshed.status == 0, "\(refreshed.errorOutput)")
        #expect(PrivateFiles.permissions(of: database + "-shm").map { $0 == 0o600 } ?? true)
    }

    @Test("A symbolic link planted at the log path is left alone and the program still runs")
    func plantedLogSymlink() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        let target = home.directory.path("victim.txt")
        try "precious\n".write(toFile: target, atomically: true, encoding: .utf8)
        let logDirectory = home.directory.path("state/nytreader")
        try FileManager.default.createDirectory(atPath: logDirectory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: logDirectory + "/nytreader.log", withDestinationPath: target)
        let refreshed = try await home.refresh(section: "world", from: server.baseURL)
        #expect(refreshed.status == 0, "\(refreshed.errorOutput)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: logDirectory + "/nytreader.log") == target)
    }
}

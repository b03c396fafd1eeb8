import Foundation
import NewsCore
import TestSupport
import Testing

@testable import ArticleStore

@Suite("Private files")
struct PrivateFilesTests {
    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require((attributes[.posixPermissions] as? NSNumber)?.intValue)
    }

    @Test("Missing directories are created 0700; the database, -wal and -shm files are 0600, even under umask 000")
    func modes() throws {
        // The store runs in a child whose umask lets every bit through (the umask is process-wide, so the
        // tests running beside this one keep theirs): only the modes the code sets itself can make them private.
        let directory = try TemporaryDirectory()
        let path = directory.path("data/nytreader/cache.sqlite")
        let marker = directory.path("umask-marker")
        let output = directory.path("stdout")
        let child = try ChildProcess(
            "/bin/sh", ["-c", #"umask 000 && : > "$1" && shift && exec "$@""#, "sh", marker, CrashSafetyTests.childBinary, path, "5", "1"],
            output: output, errorOutput: directory.path("stderr")
        )
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("end 1") {
            usleep(20_000)
        }
        _ = try child.kill()
        #expect(try Self.mode(marker) == 0o666, "the child's umask was 000")
        #expect(((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("end 1"), "the child wrote a refresh")
        #expect(try Self.mode(directory.path("data")) == 0o700)
        #expect(try Self.mode(directory.path("data/nytreader")) == 0o700)
        for file in [path, path + "-wal", path + "-shm"] {
            #expect(FileManager.default.fileExists(atPath: file), "\(file)")
            #expect(try Self.mode(file) == 0o600, "\(file)")
        }
    }

    @Test("A database file others could read is made private; an existing directory is left alone")
    func existingFiles() throws {
        let directory = try TemporaryDirectory()
        chmod(directory.url.path, 0o755)
        let path = directory.path("cache.sqlite")
        do {
            let store = try ArticleStore(path: path)
            try store.apply(ArticleFactory.snapshot(.topStories(.world), 0..<2), origin: .network)
        }
        chmod(path, 0o644)
        let store = try ArticleStore(path: path)
        #expect(try store.status(of: .topStories(.world)).count == 2)
        #expect(try Self.mode(path) == 0o600)
        #expect(try Self.mode(directory.url.path) == 0o755)
    }

    @Test("A path that cannot be created is a cannot-open error naming it")
    func unwritable() throws {
        let directory = try TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: directory.path("file"), contents: Data()))
        let path = directory.path("file/cache.sqlite")
        #expect {
            try ArticleStore(path: path)
        } throws: { error in
            guard let error = error as? StoreError else { return false }
            return error.code == .cannotOpen && error.path == path
        }
    }

    @Test("A path longer than SQLite takes is refused before anything is made; the longest it takes opens")
    func longPath() throws {
        let directory = try TemporaryDirectory()
        func path(length: Int) -> String {
            let base = directory.url.path + "/"
            var path = base + String(repeating: "d", count: 200) + "/" + String(repeating: "e", count: 200) + "/"
            path += String(repeating: "c", count: length - path.utf8.count)
            return path
        }
        let tooLong = path(length: DatabaseFiles.longestPath + 1)
        let error = try #require(throws: StoreError.self) { try ArticleStore(path: tooLong) }
        #expect(error.code == .cannotOpen && error.cause.contains("SQLite takes at most 504"), "\(error)")
        #expect(!FileManager.default.fileExists(atPath: PathText.parent(of: tooLong)), "nothing made")
        let longest = path(length: DatabaseFiles.longestPath)
        _ = try ArticleStore(path: longest)
        #expect(FileManager.default.fileExists(atPath: longest))
        // Counted as SQLite counts it, without its `.` and `..`.
        try FileManager.default.createDirectory(atPath: directory.path("x"), withIntermediateDirectories: true)
        let winding = directory.url.path + "/" + String(repeating: "x/../", count: 120) + "./cache.sqlite"
        #expect(winding.utf8.count > DatabaseFiles.longestPath)
        _ = try ArticleStore(path: winding)
        #expect(FileManager.default.fileExists(atPath: directory.path("cache.sqlite")))
    }

    @Test("A -wal file that cannot be opened to be made private is a cannot-open error saying why")
    func companionThatCannotBeOpened() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        try FileManager.default.createDirectory(atPath: path + "-wal", withIntermediateDirectories: false)
        let error = try #require(throws: StoreError.self) { try ArticleStore(path: path) }
        #expect(error == StoreError(.cannotOpen, path: path, cause: "\(path)-wal is a folder, not a cache file"))
    }

    @Test("A pipe at the cache's path is refused unopened and keeps its mode")
    func pipe() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        #expect(mkfifo(path, 0o644) == 0)
        chmod(path, 0o644)
        let error = try #require(throws: StoreError.self) { try ArticleStore(path: path) }
        #expect(error == StoreError(.cannotOpen, path: path, cause: "\(path) is a pipe, not a cache file"))
        #expect(try Self.mode(path) == 0o644)
    }

    @Test("A file that is no SQLite database is refused with its mode and bytes as they were")
    func otherContent() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.sqlite")
        try "dear diary\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o644)
        for access in [ArticleStore.Access.readWrite, .readOnlyWhenReady] {
            let error = try #require(throws: StoreError.self) { try ArticleStore(path: path, access: access) }
            #expect(error.code == .corrupt && error.path == path, "\(error)")
        }
        #expect(try Self.mode(path) == 0o644)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "dear diary\n")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test("A directory that cannot be created names itself in the error's cause")
    func directoryUnderAFile() throws {
        let directory = try TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: directory.path("file"), contents: Data()))
        let path = directory.path("file/sub/cache.sqlite")
        let error = try #require(throws: StoreError.self) { try ArticleStore(path: path) }
        #expect(error == StoreError(.cannotOpen, path: path, cause: "create \(directory.path("file/sub")): Not a directory"))
    }
}

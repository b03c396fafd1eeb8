import Foundation
import ReaderConfig
import TestSupport
import Testing

@Suite("Private directories and files")
struct PrivateFilesTests {
    @Test("Missing directories are created 0700, parents included")
    func directories() throws {
        let root = try TemporaryDirectory()
        let leaf = root.url.appendingPathComponent(".local/state/nytreader")
        try PrivateFiles.makeDirectory(leaf)
        #expect(PrivateFiles.permissions(of: leaf) == 0o700)
        #expect(PrivateFiles.permissions(of: root.url.appendingPathComponent(".local/state")) == 0o700)
        #expect(PrivateFiles.permissions(of: root.url.appendingPathComponent(".local")) == 0o700)

        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: leaf.path)
        try PrivateFiles.makeDirectory(leaf)
        #expect(PrivateFiles.permissions(of: leaf) == 0o700)
    }

    @Test("A symbolic link at the directory's path is used but never chmod-ed: its target keeps its mode")
    func symlinkedDirectory() throws {
        let root = try TemporaryDirectory()
        let target = root.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: target.path)
        let link = root.url.appendingPathComponent("state")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        try PrivateFiles.makeDirectory(link)
        #expect(PrivateFiles.permissions(of: target) == 0o755)
    }

    @Test("A file is readable by others when its group or other read bit is set")
    func readableByOthers() throws {
        let root = try TemporaryDirectory()
        let file = root.url.appendingPathComponent("api-key")
        try Data("key".utf8).write(to: file)
        for (mode, readable) in [(0o600, false), (0o400, false), (0o640, true), (0o604, true), (0o644, true)] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
            #expect(PrivateFiles.isReadableByOthers(file) == readable, "mode \(String(mode, radix: 8))")
            #expect(PrivateFiles.permissions(of: file) == UInt16(mode))
        }
        #expect(PrivateFiles.isReadableByOthers(root.url.appendingPathComponent("missing")) == false)
        #expect(PrivateFiles.permissions(of: root.url.appendingPathComponent("missing")) == nil)
    }

    @Test("A directory that cannot be created is an error that names it")
    func failure() throws {
        let root = try TemporaryDirectory()
        let blocker = root.url.appendingPathComponent("file")
        try Data().write(to: blocker)
        #expect(throws: PrivateFileError.self) { try PrivateFiles.makeDirectory(blocker.appendingPathComponent("sub")) }
    }

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

import Foundation
import NewsCore
import TestSupport
import Testing

@Suite("Private directories and files")
struct PrivateFilesTests {
    @Test("Missing directories are created 0700, parents included; makeDirectory makes an existing one 0700")
    func directories() throws {
        let root = try TemporaryDirectory()
        let leaf = root.path(".local/state/nytreader")
        try PrivateFiles.makeDirectory(leaf)
        #expect(PrivateFiles.permissions(of: leaf) == 0o700)
        #expect(PrivateFiles.permissions(of: root.path(".local/state")) == 0o700)
        #expect(PrivateFiles.permissions(of: root.path(".local")) == 0o700)

        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: leaf)
        try PrivateFiles.makeMissingDirectories(leaf)
        #expect(PrivateFiles.permissions(of: leaf) == 0o755, "an existing directory is left as it is")
        try PrivateFiles.makeDirectory(leaf)
        #expect(PrivateFiles.permissions(of: leaf) == 0o700)
    }

    @Test("A symbolic link at the directory's path is used but never chmod-ed: its target keeps its mode")
    func symlinkedDirectory() throws {
        let root = try TemporaryDirectory()
        let target = root.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: target.path)
        let link = root.path("state")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
        try PrivateFiles.makeDirectory(link)
        #expect(PrivateFiles.permissions(of: target.path) == 0o755)
        #expect(PrivateFiles.isSymbolicLink(link))
        #expect(!PrivateFiles.isRegularFile(link))
    }

    @Test("A file is readable by others when its group or other read bit is set")
    func readableByOthers() throws {
        let root = try TemporaryDirectory()
        let file = root.path("api-key")
        try Data("key".utf8).write(to: URL(fileURLWithPath: file))
        #expect(PrivateFiles.isRegularFile(file))
        for (mode, readable) in [(0o600, false), (0o400, false), (0o640, true), (0o604, true), (0o644, true)] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file)
            #expect(PrivateFiles.isReadableByOthers(file) == readable, "mode \(String(mode, radix: 8))")
            #expect(PrivateFiles.permissions(of: file) == UInt16(mode))
        }
        #expect(PrivateFiles.isReadableByOthers(root.path("missing")) == false)
        #expect(PrivateFiles.permissions(of: root.path("missing")) == nil)
        #expect(!PrivateFiles.isRegularFile(root.path("missing")))
    }

    @Test("A directory that cannot be created is an error that names it and says why")
    func failure() throws {
        let root = try TemporaryDirectory()
        let blocker = root.path("file")
        try Data().write(to: URL(fileURLWithPath: blocker))
        let error = try #require(throws: PrivateFileError.self) { try PrivateFiles.makeDirectory(blocker + "/sub/leaf") }
        #expect(error.path == blocker + "/sub")
        #expect(error.failure == SystemCallError("mkdir", errno: ENOTDIR))
        #expect(error.description == "Cannot create \(blocker)/sub: Not a directory.")
    }
}

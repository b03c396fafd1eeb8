import Foundation

/// A copy of the checkout the mutants are applied to, never the working tree: its files (those git
/// tracks or would track) in `folder`, its own build folder inside it (`.build`, where the end-to-end
/// tests look for the program). It is kept between runs: a file whose text is unchanged is not written
/// again, so the next build is incremental.
struct ScratchCheckout {
    /// The checkout the copy is made from.
    let source: URL
    let folder: URL

    var buildFolder: URL { folder.appendingPathComponent(".build") }

    private var files: FileManager { .default }

    /// Makes the copy match the working tree: files that differ are written, files gone are removed.
    /// Returns how many files were written.
    @discardableResult
    func update() throws -> Int {
        let listed = try Command.output(
            "git", ["-C", source.path, "ls-files", "-z", "--cached", "--others", "--exclude-standard"]
        )
        let paths = Set(listed.split(separator: "\0").map(String.init)).filter {
            files.fileExists(atPath: source.appendingPathComponent($0).path)
        }
        try files.createDirectory(at: folder, withIntermediateDirectories: true)
        var written = 0
        for path in paths.sorted() {
            let from = source.appendingPathComponent(path)
            let to = folder.appendingPathComponent(path)
            let data = try Data(contentsOf: from)
            guard (try? Data(contentsOf: to)) != data else { continue }
            try files.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: to)
            let permissions = try files.attributesOfItem(atPath: from.path)[.posixPermissions]
            try files.setAttributes([.posixPermissions: permissions as Any], ofItemAtPath: to.path)
            written += 1
        }
        try removeFiles(notIn: paths)
        return written
    }

    func text(of path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    /// Replaces the text of `path` in the copy.
    func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(path))
    }

    /// Removes the copy's files (not its build folder) that are not in `paths`.
    private func removeFiles(notIn paths: Set<String>) throws {
        guard let walk = files.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey]) else { return }
        let prefix = folder.standardizedFileURL.path + "/"
        for case let url as URL in walk {
            let path = String(url.standardizedFileURL.path.dropFirst(prefix.count))
            if path == ".build" || path == ".swiftpm" || path == "Package.resolved" {
                walk.skipDescendants()
            } else if try url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory != true, !paths.contains(path) {
                try files.removeItem(at: url)
            }
        }
    }
}

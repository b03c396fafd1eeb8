import Foundation

/// Whether a program is one this checkout has just built: an executable file inside one of the checkout's
/// build folders (`.build`, `.build-*`, `.build_*`), at least as new as `Package.swift` and every file
/// under `Sources/` and `Resources/` (the bundled snapshot is compiled in).
public struct BuiltProgramCheck: Sendable {
    /// The checkout's root folder.
    public let checkout: URL

    public init(checkout: URL) {
        self.checkout = checkout
    }

    /// Why `path` is not such a program, or nil when it is.
    public func problem(with path: String) -> String? {
        let program = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let root = checkout.resolvingSymlinksInPath().path + "/"
        guard program.path.hasPrefix(root) else {
            return "\(path) is not inside this checkout (\(root))"
        }
        let firstFolder = program.path.dropFirst(root.count).prefix { $0 != "/" }
        guard firstFolder == ".build" || firstFolder.hasPrefix(".build-") || firstFolder.hasPrefix(".build_") else {
            return "\(path) is not in one of this checkout's build folders"
        }
        guard FileManager.default.isExecutableFile(atPath: program.path),
              let built = Self.modificationDate(program.path)
        else {
            return "\(path) is not an executable file"
        }
        if let newer = newestSource(), newer.date > built {
            return "\(path) is older than \(newer.path): build it again"
        }
        return nil
    }

    /// The most recently modified file among `Package.swift` and everything under `Sources/` and `Resources/`.
    func newestSource() -> (path: String, date: Date)? {
        var newest: (path: String, date: Date)? = nil
        func consider(_ path: String) {
            if let date = Self.modificationDate(path), date > (newest?.date ?? .distantPast) { newest = (path, date) }
        }
        consider(checkout.appendingPathComponent("Package.swift").path)
        for folder in ["Sources", "Resources"] {
            let root = checkout.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: root.path)
            while let relative = files?.nextObject() as? String {
                consider(root.appendingPathComponent(relative).path)
            }
        }
        return newest
    }

    static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}

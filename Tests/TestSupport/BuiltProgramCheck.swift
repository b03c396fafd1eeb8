import Foundation

/// Whether a program is one this checkout built: an executable file inside one of the checkout's build
/// folders (`.build`, `.build-*`, `.build_*`), never one found elsewhere (an installed, stale `nytreader`).
/// That it is the newest build is the build step's part: `make test` builds right before it tests.
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
        guard FileManager.default.isExecutableFile(atPath: program.path) else {
            return "\(path) is not an executable file"
        }
        return nil
    }
}

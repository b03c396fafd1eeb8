import Foundation

/// The NYT API responses the tests use (copies of the shared fixtures), by file name.
public enum Fixtures {
    /// The directory holding the JSON files.
    public static var directory: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures/nyt")
    }

    /// The bytes of `name` (e.g. `topstories_home.json`).
    public static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    /// Every fixture file name.
    public static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }
}

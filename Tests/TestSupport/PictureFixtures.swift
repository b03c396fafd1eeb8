import Foundation

/// The picture fixtures (Fixtures/pictures, written by its make-fixtures.py): JPEGs and PNGs of one
/// scene, and hostile files made from them.
public enum PictureFixtures {
    /// The directory holding them.
    public static var directory: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures/pictures")
    }

    /// The bytes of `name` (e.g. `scene-600x400.jpg`).
    public static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }
}

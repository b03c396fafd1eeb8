import Foundation

/// The JSON encoding the generated NYT bodies share: sorted keys, slashes as they are.
enum FakeJSON {
    static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)) ?? Data()
    }

    static let copyright = "Copyright (c) 2026 The New York Times Company. All Rights Reserved."
}

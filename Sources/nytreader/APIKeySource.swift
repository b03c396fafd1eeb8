import Foundation

/// Finds the NYT API key: `NYT_API_KEY`, else the file given by `--api-key-file`, else the default key file.
/// The key is never taken from the command line, where `ps` would show it.
struct APIKeySource {
    let environment: [String: String]
    let keyFile: URL?
    let defaultKeyFile: URL

    /// The key, or nil when none is configured.
    func key() throws -> String? {
        if let value = environment["NYT_API_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty {
            return value
        }
        if let keyFile {
            guard let key = try Self.read(keyFile) else {
                throw ValidationFailure("The API key file \(keyFile.path) is empty.")
            }
            return key
        }
        guard FileManager.default.fileExists(atPath: defaultKeyFile.path) else { return nil }
        return try Self.read(defaultKeyFile)
    }

    private static func read(_ file: URL) throws -> String? {
        let text: String
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw ValidationFailure("The API key file \(file.path) could not be read.")
        }
        let key = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return key.isEmpty ? nil : key
    }
}

/// A problem with what the person gave the program, said in one sentence.
struct ValidationFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

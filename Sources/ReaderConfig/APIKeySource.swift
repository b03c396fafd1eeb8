import FoundationEssentials
import NewsCore

/// Finds the NYT API key: `NYT_API_KEY`, else the file given by `--api-key-file`, else the default key file.
/// The key is never taken from the command line, where `ps` would show it.
@_spi(Testing) public struct APIKeySource: Sendable {
    /// The environment variable that holds the key.
    public static let variable = "NYT_API_KEY"

    let environment: [String: String]
    let keyFile: URL?
    let defaultKeyFile: URL

    /// - Parameters:
    ///   - keyFile: the file named by `--api-key-file`, if any.
    ///   - defaultKeyFile: `$XDG_CONFIG_HOME/nytreader/api-key`.
    public init(environment: [String: String], keyFile: URL?, defaultKeyFile: URL) {
        self.environment = environment
        self.keyFile = keyFile
        self.defaultKeyFile = defaultKeyFile
    }

    /// The key file that would be read when the environment holds no key.
    var effectiveKeyFile: URL { keyFile ?? defaultKeyFile }

    /// The key and where it came from, or nil when none is configured.
    /// A key file named by `--api-key-file` must exist and hold a key; the default one may be missing.
    public func resolve() throws(APIKeyError) -> APIKey? {
        if let value = environment[Self.variable]?.trimmed(), !value.isEmpty {
            guard Self.isOneKey(value) else { throw .malformed(Self.variable) }
            return APIKey(value: value, origin: .environment)
        }
        if let keyFile {
            guard FileManager.default.fileExists(atPath: keyFile.path) else { throw .missingFile(keyFile.path) }
            guard let key = try Self.read(keyFile) else { throw .emptyFile(keyFile.path) }
            return key
        }
        guard FileManager.default.fileExists(atPath: defaultKeyFile.path) else { return nil }
        return try Self.read(defaultKeyFile)
    }

    /// The longest key taken, in bytes (the NYT's are 32 letters and digits); a key file is read only up
    /// to a few times that.
    static let longestKey = 256

    /// Whether `value` can be one key: printable ASCII without spaces, at most `longestKey` bytes. Anything
    /// else (two lines, a pasted paragraph, a binary file) would go to the NYT in every request's address.
    static func isOneKey(_ value: String) -> Bool {
        value.utf8.count <= longestKey && value.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    private static func read(_ file: URL) throws(APIKeyError) -> APIKey? {
        let text: String
        do {
            let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
            guard size <= longestKey * 4 else { throw APIKeyError.malformed(file.path) }
            text = try String(contentsOf: file, encoding: .utf8)
        } catch let error as APIKeyError {
            throw error
        } catch {
            throw .unreadableFile(file.path)
        }
        let value = text.trimmed()
        guard !value.isEmpty else { return nil }
        guard isOneKey(value) else { throw .malformed(file.path) }
        return APIKey(value: value, origin: .file(file, readableByOthers: PrivateFiles.isReadableByOthers(file.path)))
    }
}

/// The API key and where it was found. Its descriptions never show the key.
public struct APIKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Where a key was found.
    public enum Origin: Sendable, Hashable {
        /// `NYT_API_KEY`.
        case environment
        /// A key file; `readableByOthers` when its mode lets the group or everyone read it.
        case file(URL, readableByOthers: Bool)
    }

    /// The key itself: pass it to the API client and nowhere else.
    public let value: String
    public let origin: Origin

    public init(value: String, origin: Origin) {
        self.value = value
        self.origin = origin
    }

    /// `set (NYT_API_KEY)` or `set (file /path)`.
    public var description: String {
        switch origin {
        case .environment: return "set (\(APIKeySource.variable))"
        case .file(let url, _): return "set (file \(url.path))"
        }
    }

    public var debugDescription: String { description }

    /// `dump` and debuggers show the origin only.
    public var customMirror: Mirror { Mirror(self, children: ["origin": origin]) }

    /// The warning to give when the key file can be read by other users, else nil.
    public var permissionWarning: String? {
        guard case .file(let url, readableByOthers: true) = origin else { return nil }
        return "the API key file \(url.path) is readable by other users; run chmod 600 \(url.path)"
    }
}

/// Why the configured key could not be read. The messages never contain the key.
public enum APIKeyError: Error, Hashable, Sendable, CustomStringConvertible {
    case missingFile(String)
    case emptyFile(String)
    case unreadableFile(String)
    /// What `NYT_API_KEY` or the key file (its path) holds is not one key.
    case malformed(String)

    public var description: String {
        switch self {
        case .malformed(let source):
            let what = source == APIKeySource.variable ? source : "the API key file \(source)"
            return "The API key in \(what) is not one key: a single word of letters, digits and punctuation, "
                + "at most \(APIKeySource.longestKey) characters."
        case .missingFile(let path): return "The API key file \(path) does not exist."
        case .emptyFile(let path): return "The API key file \(path) is empty."
        case .unreadableFile(let path): return "The API key file \(path) could not be read."
        }
    }
}

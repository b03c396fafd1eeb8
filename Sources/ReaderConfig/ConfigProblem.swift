/// Something wrong in the config file, said in one line that names the file, the line and the key:
/// `~/.config/nytreader/config.toml line 4: unknown key 'colour'`.
public struct ConfigProblem: Hashable, Sendable, CustomStringConvertible {
    /// The file as it is shown to the person (home abbreviated to `~`).
    public let file: String
    /// The line (from 1), when known.
    public let line: Int?
    /// The key at fault (`colors`, `keys.refresh`), nil for a problem with the whole file.
    public let key: String?
    /// What is wrong, naming the key.
    public let message: String

    public init(file: String, line: Int?, key: String?, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    public var description: String {
        if let line { return "\(file) line \(line): \(message)" }
        return "\(file): \(message)"
    }
}

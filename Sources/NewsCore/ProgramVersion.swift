/// The program's version, sent in `User-Agent` and printed by `--version`.
public enum ProgramVersion {
    public static let current = "0.1.0"
}

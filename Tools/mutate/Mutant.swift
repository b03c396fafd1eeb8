/// One deliberate break of a guard: exact snippets of one source file and what replaces each, the tests
/// that must notice it, and why they must.
struct Mutant: Equatable {
    /// One change: `original` (exact text, found once in the file) becomes `replacement`.
    struct Edit: Equatable {
        var original: String
        var replacement: String
    }

    /// Why a mutant cannot be applied to a file's text.
    enum Problem: Error, Equatable, CustomStringConvertible {
        /// An original snippet is not in the file (the code changed: the mutant must be written again).
        case notFound(snippet: String)
        /// An original snippet is in the file more than once: which one the mutant means is unclear.
        case ambiguous(snippet: String, count: Int)

        var description: String {
            switch self {
            case .notFound(let snippet): "original text no longer found: \(Self.firstLine(snippet))"
            case .ambiguous(let snippet, let count): "original text found \(count) times: \(Self.firstLine(snippet))"
            }
        }

        private static func firstLine(_ snippet: String) -> String {
            let line = snippet.split(separator: "\n", omittingEmptySubsequences: true).first ?? ""
            return "'\(line.trimmingPrefix(while: { $0 == " " }))'"
        }
    }

    /// A short name, unique in the list.
    var name: String
    /// The source file, relative to the checkout's root.
    var file: String
    /// `swift test --filter` expressions: the tests that must fail with the mutant applied.
    var tests: [String]
    /// One line: what the mutant breaks.
    var why: String
    var edits: [Edit]
    /// The longest the tests may run before the mutant counts as killed by a hang, when not the default.
    var timeoutSeconds: Int?

    /// `text` with every edit applied; throws when an original snippet is not found exactly once.
    func applied(to text: String) throws(Problem) -> String {
        var result = text
        for edit in edits {
            let ranges = result.ranges(of: edit.original)
            guard let range = ranges.first else { throw .notFound(snippet: edit.original) }
            guard ranges.count == 1 else { throw .ambiguous(snippet: edit.original, count: ranges.count) }
            result.replaceSubrange(range, with: edit.replacement)
        }
        return result
    }
}

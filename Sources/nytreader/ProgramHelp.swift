import ArgumentParser

/// `nytreader --help`: the overview, with the reader's own options (`--section`, `--offline` …) beside
/// the program's, since `nytreader` alone opens the reader. swift-argument-parser lists only the root
/// command's options there; the reader is its default subcommand.
enum ProgramHelp {
    /// Whether `arguments` (without the program's name) ask for the overview: `--help`, `-h` or `help` alone.
    static func asksForOverview(_ arguments: [String]) -> Bool {
        arguments.count == 1 && ["--help", "-h", "help"].contains(arguments[0])
    }

    /// The program's help with the reader's options first under OPTIONS (hidden ones left out, as
    /// everywhere), `columns` wide (nil: the terminal's width).
    static func overview(columns: Int? = nil) -> String {
        let program = NYTReader.helpMessage(columns: columns)
        let reader = NYTReader.helpMessage(for: ReaderCommand.self, columns: columns)
        guard let heading = program.firstRange(of: "\nOPTIONS:\n"), let options = section(after: "\nOPTIONS:\n", in: reader) else {
            return program
        }
        // The reader's --version and --help are the program's, listed already.
        let own = options.filter { !$0.hasPrefix("  --version ") && !$0.hasPrefix("  -h, --help ") }
        return String(program[..<heading.upperBound]) + own.map { $0 + "\n" }.joined() + program[heading.upperBound...]
    }

    /// The lines of the section of `help` that starts with `heading`, up to the blank line ending it; an
    /// option's description wrapped onto more lines keeps them.
    private static func section(after heading: String, in help: String) -> [String]? {
        guard let start = help.firstRange(of: heading) else { return nil }
        return Array(
            help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }.map(String.init))
    }
}

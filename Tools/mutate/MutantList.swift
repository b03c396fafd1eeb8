/// The mutants of `Tools/mutate/mutants.txt`. Each begins with `mutant NAME`, followed by
///
///     file PATH         the source file, from the checkout's root
///     tests FILTER ...  `swift test --filter` expressions, separated by spaces
///     why TEXT          one line: what the mutant breaks
///     timeout SECONDS   (optional) how long its tests may run
///     - TEXT            one line of an original snippet (consecutive lines make one snippet)
///     + TEXT            one line of its replacement (a lone `+`: the snippet is removed)
///
/// A `-` line after `+` lines starts another edit of the same file. `-` and `+` are followed by one space
/// and the text exactly (a line of the snippet that is empty is a lone `-` or `+`). Blank lines and lines
/// starting with `#` outside snippets are ignored.
enum MutantList {
    /// A line the list cannot be read past.
    struct Failure: Error, Equatable, CustomStringConvertible {
        let line: Int
        let reason: String
        var description: String { "mutants list, line \(line): \(reason)" }
    }

    static func parse(_ text: String) throws(Failure) -> [Mutant] {
        var mutants: [Mutant] = []
        var current: Mutant?
        var original: [String] = []
        var replacement: [String] = []
        var number = 0

        func closeEdit() {
            guard !original.isEmpty else { return }
            current?.edits.append(Mutant.Edit(original: original.joined(separator: "\n"), replacement: replacement.joined(separator: "\n")))
            original = []
            replacement = []
        }
        func closeMutant() throws(Failure) {
            closeEdit()
            guard let mutant = current else { return }
            for (field, value) in [("file", mutant.file), ("why", mutant.why)] where value.isEmpty {
                throw Failure(line: number, reason: "mutant \(mutant.name) has no \(field)")
            }
            if mutant.tests.isEmpty { throw Failure(line: number, reason: "mutant \(mutant.name) names no tests") }
            if mutant.edits.isEmpty { throw Failure(line: number, reason: "mutant \(mutant.name) changes nothing") }
            if mutants.contains(where: { $0.name == mutant.name }) {
                throw Failure(line: number, reason: "mutant \(mutant.name) is named twice")
            }
            mutants.append(mutant)
            current = nil
        }

        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            number += 1
            if line == "-" || line.hasPrefix("- ") {
                guard current != nil else { throw Failure(line: number, reason: "a snippet outside a mutant") }
                if !replacement.isEmpty { closeEdit() }
                original.append(String(line.dropFirst(2)))
                continue
            }
            if line == "+" || line.hasPrefix("+ ") {
                guard !original.isEmpty else { throw Failure(line: number, reason: "a replacement without an original snippet") }
                replacement.append(String(line.dropFirst(2)))
                continue
            }
            if line.allSatisfy({ $0 == " " }) || line.hasPrefix("#") { continue }
            let (keyword, value) = split(line)
            if keyword == "mutant" {
                try closeMutant()
                guard !value.isEmpty, !value.contains(" ") else { throw Failure(line: number, reason: "a mutant's name is one word") }
                current = Mutant(name: value, file: "", tests: [], why: "", edits: [])
                continue
            }
            guard current != nil else { throw Failure(line: number, reason: "'\(keyword)' outside a mutant") }
            guard original.isEmpty else { throw Failure(line: number, reason: "'\(keyword)' after a snippet: fields come first") }
            switch keyword {
            case "file": current?.file = value
            case "tests": current?.tests = value.split(separator: " ").map(String.init)
            case "why": current?.why = value
            case "timeout":
                guard let seconds = Int(value), seconds > 0 else { throw Failure(line: number, reason: "a timeout is whole seconds") }
                current?.timeoutSeconds = seconds
            default: throw Failure(line: number, reason: "unknown field '\(keyword)'")
            }
        }
        try closeMutant()
        return mutants
    }

    /// The first word of `line` and the rest, trimmed.
    private static func split(_ line: String) -> (String, String) {
        let keyword = line.prefix { $0 != " " }
        return (String(keyword), String(line.dropFirst(keyword.count).trimmingPrefix(while: { $0 == " " })))
    }
}

import ArgumentParser
import NewsCore

/// A first word that names no command (`nytreader refrsh`). The reader, the default command, takes no words,
/// so such a word is a mistyped command: said as one, with the command nearest to it, instead of the
/// reader's help (`nytreader refrsh --help`, exit 0) or "Unexpected argument 'refrsh'" under the reader's usage.
enum UnknownCommand {
    /// The commands by name, and `help`.
    static var names: [String] {
        NYTReader.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
    }

    /// The message for `arguments` (without the program's name) when their first word names no command, or
    /// when `help` is asked about words that are not one command (`nytreader help nosuch`, which would print
    /// the overview).
    static func message(for arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        guard first == "help" else { return isCommand(first) ? nil : message(for: first) }
        let words = arguments.dropFirst().filter { !$0.hasPrefix("-") }
        if let word = words.first, !isCommand(word) { return message(for: word) }
        guard words.count > 1 else { return nil }
        return "'help' takes one command: nytreader help COMMAND (the commands: \(names.joined(separator: ", ")))."
    }

    /// Whether `word` names a command or is `help` (without the names of every command: see
    /// `NYTReader.subcommand(named:)`).
    private static func isCommand(_ word: String) -> Bool {
        word == "help" || NYTReader.subcommand(named: word) != nil
    }

    /// The message for `first`, a word that names no command.
    private static func message(for first: String) -> String {
        let word = String(first.terminalSafe.prefix(40))
        let nearest = names.min { distance(first, $0) < distance(first, $1) }
        let suggestion = nearest.flatMap { distance(first, $0) <= 2 ? " Did you mean '\($0)'?" : nil } ?? ""
        return "Unknown command '\(word)'.\(suggestion) The commands: \(names.joined(separator: ", ")) ('nytreader --help')."
    }

    /// The edits (a letter added, removed or changed) that turn `a` into `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.prefix(64))
        let b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}

import Foundation
import SQLite
import TestSupport
import Testing

/// Shell completion of values the cache holds, from a cache named on the line being completed.
@Suite("Completion from the cache --db names", .timeLimit(.minutes(2)))
struct CompletionTests {
    @Test(
        "A --db path is read as the shell will pass it: quoted, with escaped spaces, from ~, and as --db=PATH in bash's three words"
    )
    func databaseAsTyped() async throws {
        let home = try CliHome()
        let cache = home.directory.path("my dir/c.sqlite")
        try FileManager.default.createDirectory(atPath: home.directory.path("my dir"), withIntermediateDirectories: true)
        let created = try await home.run(["list"], database: cache)
        #expect(created.status == 0, "\(created.errorOutput)")
        // A month imported, as far as the completion reads it: its row of archiveMonth.
        try DatabaseQueue(path: cache).write { db in
            try db.execute(
                sql: "INSERT INTO archiveMonth (month, articleCount, hits, byteCount, completedAt) VALUES ('2024-03', 0, 0, 0, 1763600000)")
        }
        let forms: [[String]] = [
            ["--db", "'~/my dir/c.sqlite'"], ["--db", "~/my\\ dir/c.sqlite"], ["--db", "\"\(cache)\""],
            ["--db", "=", "~/my\\ dir/c.sqlite"], ["--db=~/my\\ dir/c.sqlite"],
        ]
        for form in forms {
            let words = ["nytreader", "list"] + form + ["--feed", ""]
            let completed = try await home.run(["---completion", "list", "--", "--feed", String(words.count - 1), "0"] + words)
            #expect(
                completed.output.split(separator: "\n").contains("archive:2024-03"), "\(form): \(completed.output) \(completed.errorOutput)"
            )
        }
        #expect(!FileManager.default.fileExists(atPath: home.database), "completion creates no cache")
    }

    @Test(
        "In bash, feed names complete across their colons, the reader's options without its command's name, and a folder beside the line never takes a command's place"
    )
    func bashColonsAndFolders() throws {
        let home = try CliHome()
        let bin = home.directory.path("bin")
        let work = home.directory.path("work")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: work + "/config", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/nytreader", withDestinationPath: ProgramBinary.url.path)
        let script = try Subprocess.run(
            ProgramBinary.url.path, ["--generate-completion-script", "bash"], environment: home.environment(), timeout: 30)
        #expect(script.status == 0)
        let scriptPath = home.directory.path("nytreader.bash")
        try script.output.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let listed = try Subprocess.run(
            ProgramBinary.url.path, ["list", "--db", home.database], environment: home.environment(), timeout: 30)
        #expect(listed.status == 0, "\(listed.errorOutput)")
        try DatabaseQueue(path: home.database).write { db in
            try db.execute(
                sql: "INSERT INTO archiveMonth (month, articleCount, hits, byteCount, completedAt) VALUES ('2024-03', 0, 0, 0, 1763600000)")
        }
        var environment = home.environment()
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "")
        environment["TERM"] = "xterm-256color"
        let shell = try TmuxSession(environment: environment)
        try shell.run("cd '\(work)' && exec bash --noprofile --norc")
        try shell.run("PS1='bash$ '; source '\(scriptPath)'; clear")
        try shell.waitFor("bash's prompt") { $0.contains("bash$") }

        func complete(_ typed: String, _ keys: [String] = ["Tab"]) throws {
            try shell.press("C-u")
            try shell.command(["send-keys", "-l", typed])
            try shell.press(keys)
        }
        try complete("nytreader list --feed popular:vi")
        try shell.waitFor("popular:vi completed to its common part") { $0.contains("bash$ nytreader list --feed popular:viewed:") }
        try shell.press("3", "Tab")
        try shell.waitFor("popular:viewed:3 completed whole") { $0.contains("bash$ nytreader list --feed popular:viewed:30") }
        try complete("nytreader list --db '\(home.database)' --feed archive:2024-0")
        try shell.waitFor("a month of the cache completed after its colon") { $0.contains("--feed archive:2024-03") }
        try complete("nytreader --section wor")
        try shell.waitFor("the reader's option completed without its command's name") { $0.contains("bash$ nytreader --section world") }
        try complete("nytreader --offl")
        try shell.waitFor("the reader's flag completed") { $0.contains("bash$ nytreader --offline") }
        try complete("nytreader confi")
        let screen = try shell.waitFor("the command completed") { $0.contains("bash$ nytreader config") }
        #expect(!screen.contains("config/"), "a folder named config beside the line is no command:\n\(screen)")
    }

    @Test("The bash function completes up to the cursor, leaves words whole where colons do not split them, and runs under set -u")
    func bashEdges() throws {
        let home = try CliHome()
        let bin = home.directory.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/nytreader", withDestinationPath: ProgramBinary.url.path)
        let script = try Subprocess.run(
            ProgramBinary.url.path, ["--generate-completion-script", "bash"], environment: home.environment(), timeout: 30)
        let scriptPath = home.directory.path("nytreader.bash")
        try script.output.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        var environment = home.environment()
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "")
        /// COMPREPLY for a line, its words as bash split them, the cursor at `point`.
        /// `cword`: the word at the cursor (by default the last); `word`: what bash hands over as it.
        func replies(
            _ line: String, words: [String], cword: Int? = nil, point: Int, word: String? = nil, breaks: String = " ><=;|&(:",
            strict: Bool = false
        ) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let cword = cword ?? words.count - 1
            let current = String(
                line.utf8.prefix(point).split(separator: UInt8(ascii: " ")).last.map { String(decoding: $0, as: UTF8.self) } ?? "")
            // The word bash hands over: up to the cursor, after the last colon where colons split words.
            let word =
                word
                ?? (breaks.contains(":") ? String(current.split(separator: ":", omittingEmptySubsequences: false).last ?? "") : current)
            let program = """
                source '\(scriptPath)'
                \(strict ? "set -u" : "")
                COMP_WORDBREAKS="\(breaks)"
                COMP_WORDS=(\(quoted)); COMP_CWORD=\(cword); COMP_LINE='\(line)'; COMP_POINT=\(point)
                _nytreader_joining_colons nytreader '\(word)' '\(cword > 0 ? words[cword - 1] : "")'
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try Subprocess.run("bash", ["-c", program], environment: environment, timeout: 30)
            #expect(result.errorOutput.isEmpty, "\(line): \(result.errorOutput)")
            return result.output.split(separator: "\n").map(String.init)
        }
        let line = "nytreader list --feed popular:vi"
        #expect(
            try replies(line, words: ["nytreader", "list", "--feed", "popular", ":", "vi"], point: line.utf8.count) == [
                "viewed:1", "viewed:7", "viewed:30",
            ])
        #expect(
            try replies(line, words: ["nytreader", "list", "--feed", "popular:vi"], point: line.utf8.count, breaks: " ")
                == ["popular:viewed:1", "popular:viewed:7", "popular:viewed:30"], "colons that split no word leave it whole")
        #expect(try replies("nytreader --secxyz", words: ["nytreader", "--secxyz"], point: 15).contains("--section"), "up to the cursor")
        let afterColon = "nytreader list --feed popular:"
        #expect(
            try replies(afterColon, words: ["nytreader", "list", "--feed", "popular", ":"], point: afterColon.utf8.count, word: "")
                == ["viewed:1", "viewed:7", "viewed:30", "emailed:1", "emailed:7", "emailed:30", "shared:1", "shared:7", "shared:30"],
            "just after a colon")
        let before = "nytreader list --feed wor --limit 5"
        #expect(
            try replies(before, words: ["nytreader", "list", "--feed", "wor", "--limit", "5"], cword: 3, point: 25) == ["world"],
            "words after the cursor")
        #expect(try replies("nytreader --sec", words: ["nytreader", "--sec"], point: 15, strict: true) == ["--section"], "under set -u")
    }
}

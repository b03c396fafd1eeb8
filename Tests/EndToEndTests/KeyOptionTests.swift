import Foundation
import TestSupport
import Testing

/// The README promises that no option takes the API key itself (`ps` would show it to every user).
@Suite("No command-line option takes the API key", .timeLimit(.minutes(1)))
struct KeyOptionTests {
    /// Every option and positional argument of every command, from the program's own description of its
    /// command tree: `command: name`.
    static func valueArguments() throws -> [String] {
        let home = try TemporaryDirectory()
        let result = try Subprocess.run(
            ProgramBinary.url.path, ["--experimental-dump-help"],
            environment: ["HOME": home.url.path, "PATH": "/usr/bin:/bin"], timeout: 30
        )
        try #require(result.status == 0, "\(result.errorOutput)")
        let tree = try JSONDecoder().decode(HelpDump.self, from: Data(result.output.utf8))
        var arguments: [String] = []
        func walk(_ command: HelpDump.Command, path: String) {
            for argument in command.arguments ?? [] where argument.kind != "flag" {
                let name = argument.names?.map(\.name).joined(separator: "/") ?? argument.valueName ?? "?"
                arguments.append("\(path): \(name)")
            }
            for subcommand in command.subcommands ?? [] {
                walk(subcommand, path: path + " " + subcommand.commandName)
            }
        }
        walk(tree.command, path: tree.command.commandName)
        return arguments
    }

    @Test("Of every command's options and arguments, only --api-key-file (a path) mentions the key")
    func noKeyOption() throws {
        let arguments = try Self.valueArguments()
        #expect(arguments.contains { $0.hasSuffix(" refresh: api-key-file") }, "the dump lists refresh's options: \(arguments)")
        let keyArguments = arguments.filter { $0.lowercased().contains("key") && !$0.hasSuffix(": api-key-file") }
        #expect(keyArguments.isEmpty, "arguments that could take the key: \(keyArguments)")
    }

    @Test("--api-key is refused as an unknown option, and the value given is not echoed")
    func apiKeyOptionRefused() throws {
        let home = try TemporaryDirectory()
        let secret = "a-key-typed-on-the-command-line"
        for command in [["refresh"], ["list"], []] {
            let result = try Subprocess.run(
                ProgramBinary.url.path, command + ["--api-key", secret, "--db", home.path("cache.sqlite")],
                environment: ["HOME": home.url.path, "PATH": "/usr/bin:/bin"], timeout: 30
            )
            #expect(result.status == 64, "\(command): \(result.errorOutput)")
            #expect(result.errorOutput.contains("--api-key"), "\(command): \(result.errorOutput)")
            #expect(!(result.output + result.errorOutput).contains(secret), "\(command) printed the value")
        }
    }
}

/// The part of swift-argument-parser's `--experimental-dump-help` JSON this suite reads.
private struct HelpDump: Decodable {
    struct Name: Decodable {
        let name: String
    }

    struct Argument: Decodable {
        let kind: String
        let names: [Name]?
        let valueName: String?
    }

    struct Command: Decodable {
        let commandName: String
        let arguments: [Argument]?
        let subcommands: [Command]?
    }

    let command: Command
}

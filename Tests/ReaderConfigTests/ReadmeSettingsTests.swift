import Foundation
@_spi(Testing) import ReaderConfig
import TestSupport
import Testing

/// The README's example config file shows every setting the program reads, with its default.
@Suite("README settings")
struct ReadmeSettingsTests {
    /// The first TOML block of the README's Configuration section, up to its `[keys]` table.
    static func readmeSettings() throws -> [String] {
        let section = try Readme.section("Configuration")
        let start = try #require(section.range(of: "```toml\n"))
        let block = section[start.upperBound...]
        let end = try #require(block.range(of: "\n```"))
        return block[..<end.lowerBound].split(separator: "\n").map(String.init).prefix { $0 != "[keys]" }
            .filter { !$0.hasPrefix("#") && !$0.isEmpty }
    }

    @Test("Each setting of 'nytreader config' is in the README's config file, at its default")
    func everySettingShown() throws {
        let home = try TemporaryDirectory()
        let report = Configuration(environment: ["HOME": home.url.path], databaseOption: nil, apiKeyFileOption: nil, verbose: false)
            .report()
        let defaults = report.drop { !$0.isEmpty }.dropFirst().prefix { !$0.isEmpty && $0 != "[keys]" }.map { line in
            String(line.prefix { $0 != "#" }).trimmingCharacters(in: .whitespaces)
        }
        #expect(defaults.count >= 13)
        let shown = try Self.readmeSettings()
        for setting in defaults {
            #expect(shown.contains(setting), "README.md's config file lacks \(setting)")
        }
        #expect(defaults.contains("images = \"auto\""))
    }
}

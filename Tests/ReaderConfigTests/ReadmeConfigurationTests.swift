import Foundation
import NewsCore
import TestSupport
import Testing

@_spi(Testing) @testable import ReaderConfig

/// The README's Configuration section shows every setting with its default, in TOML the program reads
/// without a warning.
@Suite("README configuration")
struct ReadmeConfigurationTests {
    /// The ```toml blocks of the section.
    static func blocks() throws -> [String] {
        let section = try Readme.section("Configuration")
        return section.components(separatedBy: "```toml\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    }

    @Test("The first block holds every setting at its default value, and reads without a warning")
    func defaults() throws {
        let blocks = try Self.blocks()
        #expect(blocks.count == 2, "the settings, then the [colors] table")
        var settings = Settings()
        let problems = ConfigFile.apply(blocks[0], displayName: "README", to: &settings)
        #expect(problems.isEmpty, "\(problems)")
        let standard = Settings()
        #expect(settings.defaultSection.value == standard.defaultSection.value)
        #expect(settings.refreshAfterMinutes.value == standard.refreshAfterMinutes.value)
        #expect(settings.autoRefreshMinutes.value == standard.autoRefreshMinutes.value)
        #expect(settings.retentionDays.value == standard.retentionDays.value)
        #expect(settings.maximumArticles.value == standard.maximumArticles.value)
        #expect(settings.colors.value == standard.colors.value)
        #expect(settings.mouse.value == standard.mouse.value)
        #expect(settings.copyLinks.value == standard.copyLinks.value)
        #expect(settings.listWidth.value == standard.listWidth.value)
        #expect(settings.requestTimeoutSeconds.value == standard.requestTimeoutSeconds.value)
        // Every setting `nytreader config` lists is shown.
        let configuration = Configuration(environment: ["HOME": "/nonexistent"], databaseOption: nil, apiKeyFileOption: nil, verbose: false)
        let names = configuration.settingLines(unusedKeyBindings: []).compactMap { line -> String? in
            guard let equals = line.range(of: " = ") else { return nil }
            return String(line[..<equals.lowerBound])
        }
        for name in names where name != "enabled" {
            #expect(blocks.joined().contains("\n\(name) = ") || blocks.joined().hasPrefix("\(name) = "), "\(name) in the README")
        }
    }

    @Test("The [colors] block names every role and reads without a warning")
    func colors() throws {
        let block = try Self.blocks()[1]
        var settings = Settings()
        #expect(ConfigFile.apply(block, displayName: "README", to: &settings).isEmpty)
        #expect(Set(settings.colorTheme.keys) == Set(ColorRole.configurable))
    }
}

import Foundation
import TestSupport
import Testing

/// The program that ships stays small: FoundationEssentials only, no Foundation and no ICU linked.
@Suite("The shipped program's size", .timeLimit(.minutes(1)))
struct ProgramSizeTests {
    /// The release build (`make test` names it in `NYTREADER_BIN`); a debug build carries no such promise.
    static var isRelease: Bool { ProgramBinary.url.path.contains("/release/") }

    @Test("Stripped, as make install installs it, the release binary is at most 20 MB", .enabled(if: isRelease))
    func strippedSize() throws {
        let directory = try TemporaryDirectory()
        let stripped = directory.path("nytreader")
        let result = try Subprocess.run("/usr/bin/strip", ["-o", stripped, ProgramBinary.url.path])
        try #require(result.status == 0, "\(result.errorOutput)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: stripped)[.size] as? Int)
        #expect(size <= 20_000_000, "the stripped binary has \(size) bytes")
    }

    @Test("The release binary links neither Foundation nor ICU", .enabled(if: isRelease))
    func noFoundation() throws {
        let result = try Subprocess.run("/usr/bin/nm", ["--defined-only", ProgramBinary.url.path])
        try #require(result.status == 0, "\(result.errorOutput)")
        let symbols = result.output.split(separator: "\n")
        #expect(symbols.count > 1_000)
        let foreign = symbols.filter {
            $0.contains("$s10Foundation") || $0.contains("FoundationInternationalization") || $0.contains("icudt")
        }
        #expect(foreign.isEmpty, "\(foreign.count) symbols of Foundation or ICU, e.g. \(foreign.prefix(3))")
    }
}

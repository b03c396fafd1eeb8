import Foundation
import TestSupport
import Testing

/// The end-to-end suites test this checkout's freshly built program, and none of them can hang a run.
@Suite("The program under test", .timeLimit(.minutes(1)))
struct ProgramUnderTestTests {
    @Test("The program under test is inside this checkout's build folders and newer than its sources")
    func freshBuild() {
        #expect(BuiltProgramCheck(checkout: ProgramBinary.checkout).problem(with: ProgramBinary.url.path) == nil)
    }

    @Test("A program outside the checkout, or older than a source file, is refused")
    func staleOrForeignPrograms() throws {
        let checkout = try TemporaryDirectory(prefix: "nytreader-checkout")
        let check = BuiltProgramCheck(checkout: checkout.url)
        let fileManager = FileManager.default
        for folder in ["Sources/Module", ".build/release", "elsewhere"] {
            try fileManager.createDirectory(at: checkout.url.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let source = checkout.path("Sources/Module/File.swift")
        try Data("let x = 1\n".utf8).write(to: URL(fileURLWithPath: source))
        try fileManager.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: source)
        try fileManager.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: checkout.path("Sources/Module"))
        try fileManager.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: checkout.path("Sources"))
        for program in [".build/release/nytreader", "elsewhere/nytreader"] {
            try fileManager.copyItem(atPath: "/bin/true", toPath: checkout.path(program))
        }

        #expect(check.problem(with: checkout.path(".build/release/nytreader")) == nil)
        #expect(check.problem(with: checkout.path("elsewhere/nytreader"))?.contains("build folders") == true)
        #expect(check.problem(with: "/bin/true")?.contains("not inside this checkout") == true)

        try Data("let x = 2\n".utf8).write(to: URL(fileURLWithPath: source))
        try fileManager.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: source)
        #expect(check.problem(with: checkout.path(".build/release/nytreader"))?.contains("older than") == true)
    }

    @Test("Every end-to-end suite has a time limit")
    func everySuiteHasATimeLimit() throws {
        let folder = ProgramBinary.checkout.appendingPathComponent("Tests/EndToEndTests")
        var unlimited: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("@Suite") && !line.contains(".timeLimit(") {
                unlimited.append("\(file): \(line)")
            }
        }
        #expect(unlimited.isEmpty, "suites without .timeLimit: \(unlimited)")
    }
}

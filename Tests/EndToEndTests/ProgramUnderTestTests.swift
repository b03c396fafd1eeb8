import Foundation
import TestSupport
import Testing

/// The end-to-end suites test this checkout's freshly built program, and none of them can hang a run.
@Suite("The program under test", .timeLimit(.minutes(1)))
struct ProgramUnderTestTests {
    @Test("The program under test is inside this checkout's build folders")
    func builtHere() {
        #expect(BuiltProgramCheck(checkout: ProgramBinary.checkout).problem(with: ProgramBinary.url.path) == nil)
    }

    @Test("A program outside the checkout or outside its build folders is refused")
    func foreignPrograms() throws {
        let checkout = try TemporaryDirectory(prefix: "nytreader-checkout")
        let check = BuiltProgramCheck(checkout: checkout.url)
        for folder in [".build/release", ".build-bench/release", "elsewhere"] {
            try FileManager.default.createDirectory(at: checkout.url.appendingPathComponent(folder), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: "/bin/true", toPath: checkout.path(folder + "/nytreader"))
        }
        #expect(check.problem(with: checkout.path(".build/release/nytreader")) == nil)
        #expect(check.problem(with: checkout.path(".build-bench/release/nytreader")) == nil)
        #expect(check.problem(with: checkout.path("elsewhere/nytreader"))?.contains("build folders") == true)
        #expect(check.problem(with: "/bin/true")?.contains("not inside this checkout") == true)
        #expect(check.problem(with: checkout.path(".build/release/missing"))?.contains("not an executable") == true)
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

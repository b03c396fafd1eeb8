import Foundation
import Testing

@testable import mutate

/// The mutant list `make mutate` runs stays valid: every original snippet is still in its file (a guard
/// rewritten without its mutant fails here, not in a long mutation run), and the tests it names exist.
@Suite("The mutant list")
struct MutantListTests {
    static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func committedList() throws -> [Mutant] {
        try MutantList.parse(String(contentsOf: checkout.appendingPathComponent("Tools/mutate/mutants.txt"), encoding: .utf8))
    }

    static func text(of path: String) throws -> String {
        try String(contentsOf: checkout.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("Every mutant's original text is in its file exactly once, and the mutant changes it")
    func snippetsPresent() throws {
        let mutants = try Self.committedList()
        #expect(mutants.count >= 15)
        for mutant in mutants {
            let text = try Self.text(of: mutant.file)
            do {
                #expect(try mutant.applied(to: text) != text, "\(mutant.name) changes nothing")
            } catch {
                Issue.record("\(mutant.name) in \(mutant.file): \(error)")
            }
        }
    }

    @Test("Every rule of README's Security section has a section of mutants, and no section is empty")
    func securityRulesCovered() throws {
        let readme = try Self.text(of: "README.md")
        let security = try #require(readme.firstRange(of: "\n## Security\n")).upperBound
        let end = readme[security...].firstRange(of: "\n## ")?.lowerBound ?? readme.endIndex
        // Each rule is a bullet that starts with its name in bold: `- **Links.** …`.
        let rules = readme[security..<end].split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("- **"), let close = line.dropFirst(4).firstRange(of: "**") else { return nil }
            return String(line.dropFirst(4)[..<close.lowerBound].trimmingCharacters(in: CharacterSet(charactersIn: ".:")))
        }
        #expect(rules.count >= 9, "\(rules)")
        let list = try Self.text(of: "Tools/mutate/mutants.txt")
        let sections = list.components(separatedBy: "# MARK: - ").dropFirst()
        for rule in rules {
            #expect(
                sections.contains { $0.lowercased().hasPrefix("security: \(rule.lowercased())") },
                "no '# MARK: - Security: \(rule)' in the mutant list")
        }
        for section in sections {
            #expect(section.contains("\nmutant "), "a section without mutants: \(section.prefix { $0 != "\n" })")
        }
    }

    @Test("Every filter names a test module, and its suite and test when it names them")
    func filtersExist() throws {
        for mutant in try Self.committedList() {
            #expect(!mutant.why.contains("\n"))
            for filter in mutant.tests {
                let parts = filter.split(separator: "/", maxSplits: 1)
                let names = parts[0].split(separator: ".")
                let folder = Self.checkout.appendingPathComponent("Tests/\(names[0])")
                let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
                let sources = try files.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
                guard names.count > 1 else { continue }
                let suite = sources.first { $0.contains("struct \(names[1]) ") || $0.contains("struct \(names[1]){") }
                #expect(suite != nil, "\(mutant.name): no suite \(names[1]) in Tests/\(names[0])")
                if parts.count == 2, let suite {
                    #expect(suite.contains("func \(parts[1])("), "\(mutant.name): no test \(parts[1]) in \(names[1])")
                }
            }
        }
    }

    @Test("Snippets: lines in a row make one; a lone + removes; a - after + starts another edit of the file")
    func format() throws {
        let mutants = try MutantList.parse(
            """
            # a comment
            mutant first
            file Sources/A.swift
            tests ATests.Suite ATests.Other/test
            why It breaks A.
            timeout 60
            -     let a = 1
            -
            -     let b = 2
            +     let a = 2
            -     check()
            +

            mutant second
            file Sources/B.swift
            tests BTests
            why It breaks B.
            - x
            + y
            """)
        #expect(mutants.map(\.name) == ["first", "second"])
        #expect(mutants[0].tests == ["ATests.Suite", "ATests.Other/test"])
        #expect(mutants[0].timeoutSeconds == 60)
        #expect(
            mutants[0].edits == [
                Mutant.Edit(original: "    let a = 1\n\n    let b = 2", replacement: "    let a = 2"),
                Mutant.Edit(original: "    check()", replacement: ""),
            ])
        let source = "func f() {\n    let a = 1\n\n    let b = 2\n    check()\n}\n"
        #expect(try mutants[0].applied(to: source) == "func f() {\n    let a = 2\n\n}\n")
        #expect(throws: Mutant.Problem.notFound(snippet: "x")) { try mutants[1].applied(to: "z") }
        #expect(throws: Mutant.Problem.ambiguous(snippet: "x", count: 2)) { try mutants[1].applied(to: "x x") }
    }

    @Test(
        "A list that is incomplete or mistyped is refused with its line",
        arguments: [
            ("mutant a\nfile F\ntests T\n- x\n+ y", 5, "mutant a has no why"),
            ("mutant a\nfile F\nwhy W\n- x", 4, "mutant a names no tests"),
            ("mutant a\nfile F\ntests T\nwhy W", 4, "mutant a changes nothing"),
            ("- x", 1, "a snippet outside a mutant"),
            ("mutant a\nfile F\n+ y", 3, "a replacement without an original snippet"),
            ("mutant a\nfile F\ntests T\nwhy W\n- x\nwhy again", 6, "'why' after a snippet: fields come first"),
            ("mutant a\nfiles F", 2, "unknown field 'files'"),
            ("mutant a\nfile F\ntests T\nwhy W\n- x\nmutant a\nfile F\ntests T\nwhy W\n- x", 10, "mutant a is named twice"),
        ])
    func refused(text: String, line: Int, reason: String) {
        #expect(throws: MutantList.Failure(line: line, reason: reason)) { try MutantList.parse(text) }
    }

    @Test("The first failing test is named with where it failed; a crash with the test of its backtrace, else the last started")
    func failingTest() {
        let failed = TestLog(
            """
            ◇ Test "Redirects" started.
            ✘ Test "Same port, other scheme" recorded an issue with 1 argument status → 301 at RedirectTests.swift:58:13: Expectation failed: at 3
            ✘ Test "Same port, other scheme" failed after 0.2 seconds with 1 issue.
            """)
        #expect(failed.firstFailure == #"RedirectTests.swift:58 "Same port, other scheme""#)
        let crashed = TestLog(
            """
            ◇ Test "A statement outlives its database" started.
            Fatal error: Attempted to read an unowned reference but object 0x5 was already deallocated
            """)
        #expect(
            crashed.firstFailure
                == #"crashed (last test started: "A statement outlives its database"): Fatal error: Attempted to read an unowned reference but object 0x5 was already deallocated"#
        )
        let traced = TestLog(
            """
            ◇ Test "Another test" started.
            Fatal error: Attempted to read an unowned reference
              0 [ra] 0x00005 Database.transaction<A>(_:_:) + 148 in nytreaderPackageTests.xctest at Database.swift:140:26
              1 [ra] 0x00006 closure #2 in SQLiteTests.readsSideBySide() + 129 in nytreaderPackageTests.xctest
            """)
        #expect(traced.firstFailure == "crashed in SQLiteTests.readsSideBySide(): Fatal error: Attempted to read an unowned reference")
        #expect(TestLog("✔ Test run with 2 tests passed").firstFailure == nil)
    }
}

/// What the output of a `swift test` run says about how it failed: the first test that recorded an issue
/// (Swift Testing's `✘ Test "name" recorded an issue … at File.swift:12:5: …`), else a crash's message.
struct TestLog {
    let text: Substring

    init(_ text: String) {
        self.text = text[...]
    }

    /// The first failing test's name and where it failed (`File.swift:12`), or what ended the run.
    var firstFailure: String? {
        let lines = text.split(separator: "\n")
        if let issue = lines.first(where: { $0.hasPrefix("✘ Test \"") && $0.contains("\" recorded an issue") }) {
            let name = issue.dropFirst("✘ Test \"".count).prefix { $0 != "\"" }
            return location(in: issue).map { "\($0) \"\(name)\"" } ?? "\"\(name)\""
        }
        if let fatal = lines.firstIndex(where: { $0.contains("Fatal error") }) {
            return "crashed\(crashedTest(after: lines[fatal...]) ?? ""): \(lines[fatal].trimmingPrefix(while: { $0 == " " }).prefix(120))"
        }
        return nil
    }

    /// ` in Suite.test()`, the first test function of the crash's backtrace (tests run side by side: the
    /// last one started need not be the one that crashed), else ` (last test started: "name")` when the
    /// backtrace names no test function.
    private func crashedTest(after fatal: ArraySlice<Substring>) -> String? {
        for line in fatal {
            if let frame = line.firstMatch(of: /\b(\w+Tests)\.(\w+)\(/) { return " in \(frame.1).\(frame.2)()" }
        }
        let started = text.split(separator: "\n").last { $0.hasPrefix("◇ Test \"") && $0.hasSuffix(" started.") }
        return started.map { " (last test started: \"\($0.dropFirst("◇ Test \"".count).prefix { $0 != "\"" })\")" }
    }

    /// `File.swift:12` from `… at File.swift:12:5: …`.
    private func location(in line: Substring) -> String? {
        line.firstMatch(of: /\ at ([^ :]+\.swift):(\d+):/).map { "\($0.1):\($0.2)" }
    }
}
